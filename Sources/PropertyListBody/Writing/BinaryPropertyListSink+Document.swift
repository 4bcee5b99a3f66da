import Wireform

#if canImport(FoundationEssentials)
    import FoundationEssentials
#else
    import Foundation
#endif

extension BinaryPropertyListSink {
    /// The finished property list: the header, the objects in number order, the offset table and the trailer.
    /// - Throws: The first error found, or ``Wireform/SerializationError`` when no single value was sent.
    mutating func finish() throws(SerializationError) -> Data {
        if let failure { throw failure }
        guard levels.isEmpty, objectCount > 0 else { throw Self.incompleteValue }
        if isRenumbered { return renumberedDocument() }
        let referenceSize = BinaryPropertyListBytes.byteCount(for: UInt64(objectCount))
        let scalarsEnd = bytes.count
        var containerBytes = 0
        for container in containers { containerBytes += size(of: container, referenceSize: referenceSize) }
        let offsetTableOffset = scalarsEnd + containerBytes
        let offsetSize = BinaryPropertyListBytes.byteCount(for: UInt64(offsetTableOffset))
        // Objects are numbered by arrival here: each container goes where it began, before its children. The
        // scalars move to the end of the document first; then, from the first object on, each run of scalars moves
        // back to its place and each container is stored before it. What is written never reaches what is still to
        // move: it stays behind by the size of the containers not yet stored. (The records keep no byte positions:
        // each run's length is read from its scalars' markers.)
        bytes.extend(to: offsetTableOffset)
        var read = offsetTableOffset - (scalarsEnd - 8)
        bytes.moveBytes(8..<scalarsEnd, to: read)
        var write = 8
        var number = 0
        for index in containers.indices {
            let runStart = read
            for _ in number..<containers[index].number {
                read += BinaryPropertyListBytes.scalarSize(at: read, in: bytes.writtenBytes)
            }
            bytes.moveBytes(runStart..<read, to: write)
            write += read - runStart
            store(containerAt: index, at: write, referenceSize: referenceSize)
            write += size(of: containers[index], referenceSize: referenceSize)
            number = containers[index].number + 1
        }
        bytes.moveBytes(read..<offsetTableOffset, to: write)
        // Each object's offset follows from the sizes of the objects before it: a scalar's from its marker.
        bytes.reserve(objectCount * offsetSize + 32)
        var offset = 8
        var next = 0
        for number in 0..<objectCount {
            BinaryPropertyListBytes.appendBigEndian(UInt64(offset), size: offsetSize, to: &bytes)
            if next < containers.count, containers[next].number == number {
                offset += size(of: containers[next], referenceSize: referenceSize)
                next += 1
            } else {
                offset += BinaryPropertyListBytes.scalarSize(at: offset, in: bytes.writtenBytes)
            }
        }
        Self.appendTrailer(
            offsetSize: offsetSize, referenceSize: referenceSize, objectCount: objectCount,
            offsetTableOffset: offsetTableOffset, to: &bytes)
        return bytes.takeData(droppingFirst: 0)
    }

    /// Stores a container's object over the room made for it: its marker and count, then its children's numbers.
    private mutating func store(containerAt index: Int, at position: Int, referenceSize: Int) {
        let container = containers[index]
        // The buffer is taken out of `self` while the children, listed from the records alone, are stored into it.
        var document = QueryByteWriter(capacity: 16)
        swap(&document, &bytes)
        defer { swap(&document, &bytes) }
        var position =
            position
            + BinaryPropertyListBytes.storeMarker(
                container.isKeyed ? 0xD0 : 0xA0, count: container.count, at: position, in: &document)
        forEachWrittenChild(of: index) { child in
            document.storeBigEndian(UInt64(child), size: referenceSize, at: position)
            position += referenceSize
        }
    }

    /// Appends the trailer: 5 unused bytes, the sort version, the two sizes, then three 8-byte big-endian numbers.
    private static func appendTrailer(
        offsetSize: Int, referenceSize: Int, objectCount: Int, offsetTableOffset: Int,
        to document: inout QueryByteWriter
    ) {
        document.append(0, count: 6)
        document.append(UInt8(offsetSize))
        document.append(UInt8(referenceSize))
        BinaryPropertyListBytes.appendBigEndian(UInt64(objectCount), size: 8, to: &document)
        BinaryPropertyListBytes.appendBigEndian(0, size: 8, to: &document)
        BinaryPropertyListBytes.appendBigEndian(UInt64(offsetTableOffset), size: 8, to: &document)
    }

    /// The document when a dictionary was put in another order: the objects still referenced are numbered again,
    /// depth first from the top-level value in the written order (each container before its children, each key
    /// before its value; a value replaced by a later one for the same key is left out), and copied in that order
    /// into a new buffer.
    private func renumberedDocument() -> Data {
        // Where each object is: a scalar's bytes (0 and up), or a container's index in `containers` (-1 and down).
        var places = [Int](repeating: 0, count: objectCount)
        var position = 8
        var next = 0
        for number in 0..<objectCount {
            if next < containers.count, containers[next].number == number {
                places[number] = -1 - next
                next += 1
            } else {
                places[number] = position
                position += BinaryPropertyListBytes.scalarSize(at: position, in: bytes.writtenBytes)
            }
        }
        var writeOrder: [Int] = []
        var pending = [0]
        while let object = pending.popLast() {
            writeOrder.append(object)
            guard places[object] < 0 else { continue }
            let index = -1 - places[object]
            var children: [Int] = []
            forEachWrittenChild(of: index) { children.append($0) }
            if containers[index].isKeyed {
                // Each key before its value: pushed value first, last member first.
                let count = containers[index].count
                for member in (0..<count).reversed() {
                    pending.append(children[count + member])
                    pending.append(children[member])
                }
            } else {
                pending.append(contentsOf: children.reversed())
            }
        }
        var numbers = [Int](repeating: 0, count: objectCount)
        for (number, object) in writeOrder.enumerated() { numbers[object] = number }
        let referenceSize = BinaryPropertyListBytes.byteCount(for: UInt64(writeOrder.count))
        var document = QueryByteWriter(capacity: bytes.count + writeOrder.count * (referenceSize + 8) + 40)
        document.append(utf8: "bplist00")
        var offsets: [Int] = []
        offsets.reserveCapacity(writeOrder.count)
        for object in writeOrder {
            offsets.append(document.count)
            let place = places[object]
            if place >= 0 {
                let size = BinaryPropertyListBytes.scalarSize(at: place, in: bytes.writtenBytes)
                document.append(contentsOf: bytes.writtenBytes[place..<(place + size)])
                continue
            }
            let index = -1 - place
            BinaryPropertyListBytes.appendMarker(
                containers[index].isKeyed ? 0xD0 : 0xA0, count: containers[index].count, to: &document)
            forEachWrittenChild(of: index) { child in
                BinaryPropertyListBytes.appendBigEndian(UInt64(numbers[child]), size: referenceSize, to: &document)
            }
        }
        let offsetTableOffset = document.count
        let offsetSize = BinaryPropertyListBytes.byteCount(for: UInt64(offsetTableOffset))
        for offset in offsets {
            BinaryPropertyListBytes.appendBigEndian(UInt64(offset), size: offsetSize, to: &document)
        }
        Self.appendTrailer(
            offsetSize: offsetSize, referenceSize: referenceSize, objectCount: writeOrder.count,
            offsetTableOffset: offsetTableOffset, to: &document)
        return document.takeData(droppingFirst: 0)
    }
}
