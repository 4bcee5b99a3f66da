import Wireform

extension BinaryPropertyListSink {
    /// The finished property list: the header, the objects in number order, the offset table and the trailer.
    /// - Throws: The first error found, or ``Wireform/SerializationError`` when no single value was sent.
    mutating func finish() throws(SerializationError) -> [UInt8] {
        if let failure { throw failure }
        guard levels.isEmpty, !objects.isEmpty else { throw Self.incompleteValue }
        releaseContainerStorage()
        // The top-level value is the first object whatever the numbering: it arrived first and is visited first.
        let writeOrder = isRenumbered ? depthFirstOrder() : nil
        let objectCount = writeOrder?.count ?? objects.count
        var numbers: [Int] = []
        if let writeOrder {
            numbers = Array(repeating: 0, count: objects.count)
            for (number, object) in writeOrder.enumerated() { numbers[object] = number }
        }
        let referenceSize = BinaryPropertyListBytes.byteCount(for: UInt64(objectCount))
        var bytes: [UInt8] = []
        bytes.reserveCapacity(8 + scalarBytes.count + references.count * referenceSize + objectCount * 4 + 32)
        bytes.append(contentsOf: "bplist00".utf8)
        if let writeOrder {
            for object in writeOrder {
                append(objects[object], referenceSize: referenceSize, numbers: numbers, to: &bytes)
            }
        } else {
            // In arrival order, consecutive scalars' bytes follow each other in `scalarBytes`: each run is copied
            // at once, before the next container.
            var run = 0..<0
            for object in objects {
                if object.marker == 0 {
                    run = (run.isEmpty ? object.start : run.lowerBound)..<(object.start + object.count)
                    continue
                }
                bytes.append(contentsOf: scalarBytes[run])
                run = 0..<0
                append(object, referenceSize: referenceSize, numbers: nil, to: &bytes)
            }
            bytes.append(contentsOf: scalarBytes[run])
        }
        let offsetTableOffset = bytes.count
        let offsetSize = BinaryPropertyListBytes.byteCount(for: UInt64(offsetTableOffset))
        // Each object's offset follows from the sizes of the objects before it, so no table of offsets is kept
        // while the objects are written (for millions of objects, it was as large as the references).
        var offset = 8
        func appendOffset(of object: Object) {
            BinaryPropertyListBytes.appendBigEndian(UInt64(offset), size: offsetSize, to: &bytes)
            offset += byteCount(of: object, referenceSize: referenceSize)
        }
        if let writeOrder {
            for object in writeOrder { appendOffset(of: objects[object]) }
        } else {
            for object in objects { appendOffset(of: object) }
        }
        // Trailer: 5 unused bytes, the sort version, the two sizes, then three 8-byte big-endian numbers.
        bytes.append(contentsOf: repeatElement(0, count: 6))
        bytes.append(UInt8(offsetSize))
        bytes.append(UInt8(referenceSize))
        BinaryPropertyListBytes.appendBigEndian(UInt64(objectCount), size: 8, to: &bytes)
        BinaryPropertyListBytes.appendBigEndian(0, size: 8, to: &bytes)
        BinaryPropertyListBytes.appendBigEndian(UInt64(offsetTableOffset), size: 8, to: &bytes)
        return bytes
    }

    /// The size of one object as ``append(_:referenceSize:numbers:to:)`` writes it.
    private func byteCount(of object: Object, referenceSize: Int) -> Int {
        if object.marker == 0 { return object.count }
        let markerSize = object.count < 15 ? 1 : 2 + BinaryPropertyListBytes.byteCount(for: UInt64(object.count))
        return markerSize + (object.marker == 0xD0 ? 2 * object.count : object.count) * referenceSize
    }

    /// Appends one object: a scalar's bytes, or a container's marker and its children's numbers.
    /// - Parameter numbers: Each object's number by arrival, when objects were numbered again.
    private func append(_ object: Object, referenceSize: Int, numbers: [Int]?, to bytes: inout [UInt8]) {
        if object.marker == 0 {
            bytes.append(contentsOf: scalarBytes[object.start..<(object.start + object.count)])
            return
        }
        BinaryPropertyListBytes.appendMarker(object.marker, count: object.count, to: &bytes)
        let childCount = object.marker == 0xD0 ? 2 * object.count : object.count
        for child in references[object.start..<(object.start + childCount)] {
            let number = numbers?[child] ?? child
            BinaryPropertyListBytes.appendBigEndian(UInt64(number), size: referenceSize, to: &bytes)
        }
    }

    /// The objects still referenced, depth first from the top-level value in the written order: each container
    /// before its children, each key before its value. A value replaced by a later one for the same key is left out.
    private func depthFirstOrder() -> [Int] {
        var order: [Int] = []
        order.reserveCapacity(objects.count)
        var pending = [0]
        while let next = pending.popLast() {
            order.append(next)
            let object = objects[next]
            switch object.marker {
            case 0xA0:
                for child in references[object.start..<(object.start + object.count)].reversed() {
                    pending.append(child)
                }
            case 0xD0:
                for member in (0..<object.count).reversed() {
                    pending.append(references[object.start + object.count + member])
                    pending.append(references[object.start + member])
                }
            default:
                break
            }
        }
        return order
    }
}
