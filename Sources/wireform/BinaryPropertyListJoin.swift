import Wireform

/// One group's binary property list (`bplist00`), as Wireform's writer lays it out: object 0 is the group's
/// dictionary, followed by each member's key and value objects in member order; no object is shared.
///
/// The whole dictionary's property list is the same objects renumbered: object 0 becomes the whole dictionary, and
/// a group's object `i` (from 1) becomes `base + i - 1`, where `base` counts the objects of the groups before it. Only
/// references change, and with them their width (`refSize`) and the offset table, so containers are written again
/// and every other object is copied as it is.
///
/// https://opensource.apple.com/source/CF/CF-1153.18/CFBinaryPList.c
struct BinaryPropertyListGroup {
    let bytes: [UInt8]
    let offsetSize: Int
    let referenceSize: Int
    let objectCount: Int
    let offsetTableOffset: Int

    /// Reads the trailer; `nil` when the bytes are not a property list of a dictionary that this join handles.
    init?(_ bytes: [UInt8]) {
        guard bytes.count >= 40, bytes.starts(with: Array("bplist00".utf8)) else { return nil }
        let trailer = bytes.count - 32
        self.bytes = bytes
        offsetSize = Int(bytes[trailer + 6])
        referenceSize = Int(bytes[trailer + 7])
        objectCount = Self.bigEndian(bytes, at: trailer + 8, size: 8)
        offsetTableOffset = Self.bigEndian(bytes, at: trailer + 24, size: 8)
        guard Self.bigEndian(bytes, at: trailer + 16, size: 8) == 0, objectCount >= 1,
            [1, 2, 4, 8].contains(offsetSize), [1, 2, 4, 8].contains(referenceSize),
            offsetTableOffset + objectCount * offsetSize == trailer, offset(of: 0) == 8,
            bytes[8] & 0xF0 == 0xD0
        else { return nil }
    }

    /// Where object `index` starts.
    func offset(of index: Int) -> Int {
        Self.bigEndian(bytes, at: offsetTableOffset + index * offsetSize, size: offsetSize)
    }

    /// The bytes of object `index` (objects are written one after another, in order).
    func range(of index: Int) -> Range<Int> {
        offset(of: index)..<(index + 1 < objectCount ? offset(of: index + 1) : offsetTableOffset)
    }

    /// For an array, set or dictionary object: the length of its marker (with the count) and its references.
    func container(at index: Int) -> (headerLength: Int, references: Int)? {
        let start = offset(of: index)
        let marker = bytes[start]
        guard marker & 0xF0 == 0xA0 || marker & 0xF0 == 0xD0 else { return nil }
        var count = Int(marker & 0x0F)
        var headerLength = 1
        if count == 0x0F {
            let size = 1 << Int(bytes[start + 1] & 0x0F)
            count = Self.bigEndian(bytes, at: start + 2, size: size)
            headerLength = 2 + size
        }
        return (headerLength, marker & 0xF0 == 0xD0 ? 2 * count : count)
    }

    /// Reference `position` of the container object at `index`.
    func reference(_ position: Int, inContainerAt index: Int, headerLength: Int) -> Int {
        Self.bigEndian(bytes, at: offset(of: index) + headerLength + position * referenceSize, size: referenceSize)
    }

    static func bigEndian(_ bytes: [UInt8], at offset: Int, size: Int) -> Int {
        var value = 0
        for index in offset..<offset + size { value = value << 8 | Int(bytes[index]) }
        return value
    }

    /// The width Wireform's writer uses for a value: 1, 2, 4 or 8 bytes.
    static func byteCount(for value: Int) -> Int {
        switch value {
        case 0...0xFF: return 1
        case 0...0xFFFF: return 2
        case 0...0xFFFF_FFFF: return 4
        default: return 8
        }
    }

    /// Appends `value` big-endian in `size` bytes.
    static func append(_ value: Int, size: Int, to bytes: inout [UInt8]) {
        var shift = (size - 1) * 8
        while shift >= 0 {
            bytes.append(UInt8(truncatingIfNeeded: value >> shift))
            shift -= 8
        }
    }

    /// Appends a container marker with its count as the writer does: in the marker below 15, else as an integer.
    static func appendMarker(_ marker: UInt8, count: Int, to bytes: inout [UInt8]) {
        if count < 15 {
            bytes.append(marker | UInt8(count))
        } else {
            bytes.append(marker | 0x0F)
            let size = byteCount(for: count)
            bytes.append(0x10 | UInt8(size.trailingZeroBitCount))
            append(count, size: size, to: &bytes)
        }
    }

    /// Appends this group's objects from 1 on, renumbered from `base`, with `globalReferenceSize`-byte references.
    func appendObjects(base: Int, globalReferenceSize: Int, to output: inout [UInt8]) {
        for index in 1..<objectCount {
            if let container = container(at: index) {
                let objectStart = offset(of: index)
                output.append(contentsOf: bytes[objectStart..<objectStart + container.headerLength])
                for position in 0..<container.references {
                    let local = reference(position, inContainerAt: index, headerLength: container.headerLength)
                    Self.append(base + local - 1, size: globalReferenceSize, to: &output)
                }
            } else {
                output.append(contentsOf: bytes[range(of: index)])
            }
        }
    }

    /// Appends the offsets of this group's objects from 1 on, rewritten as ``appendObjects(base:globalReferenceSize:to:)``
    /// writes them from `start`, in `offsetSize` bytes each.
    /// - Returns: Where the next group's objects start.
    func appendOffsets(start: Int, globalReferenceSize: Int, offsetSize: Int, to output: inout [UInt8]) -> Int {
        var offset = start
        for index in 1..<objectCount {
            Self.append(offset, size: offsetSize, to: &output)
            if let container = container(at: index) {
                offset += container.headerLength + container.references * globalReferenceSize
            } else {
                offset += range(of: index).count
            }
        }
        return offset
    }

    /// The size of this group's objects from 1 on, apart from their references, and the number of references.
    func measure() -> (fixed: Int, references: Int) {
        var fixed = 0
        var references = 0
        for index in 1..<objectCount {
            if let container = container(at: index) {
                fixed += container.headerLength
                references += container.references
            } else {
                fixed += range(of: index).count
            }
        }
        return (fixed, references)
    }
}

/// What ``BinaryPropertyListJoinReader`` needs, from the first pass over the groups.
struct BinaryPropertyListJoinPlan: Sendable {
    let serializer: SplicedBodySerializer
    let order: [UInt32]
    let groups: [Range<Int>]
    /// The whole dictionary's key references, in member order; each value's object follows its key's.
    let keyReferences: [UInt32]
    let objectCount: Int
    /// The root dictionary's size: its marker and references.
    let rootLength: Int
    let referenceSize: Int
    let offsetSize: Int
    let objectsEnd: Int
    let length: Int
}

/// Produces the whole dictionary's binary property list: the header and the root dictionary, each group's objects
/// renumbered (serialized again, one group at a time), the offset table (gathered while the objects are written: a few
/// bytes per object, so that no group is serialized a third time) and the trailer.
struct BinaryPropertyListJoinReader: BodyReader {
    let plan: BinaryPropertyListJoinPlan
    private var pending: [UInt8] = []
    private var pendingOffset = 0
    /// Bytes handed out or pending before `pending`.
    private var position = 0
    private var stage = 0
    private var nextGroup = 0
    private var base = 1
    private var nextReference = 0
    /// Where the next object starts.
    private var objectOffset: Int
    /// The offset table so far: the root dictionary's offset, then each object's written so far.
    private var offsetTable: [UInt8] = []

    init(plan: BinaryPropertyListJoinPlan) {
        self.plan = plan
        objectOffset = 8 + plan.rootLength
    }

    mutating func read(into buffer: UnsafeMutableRawBufferPointer) throws -> Int {
        while true {
            if let count = handOutPending(pending, from: &pendingOffset, into: buffer) { return count }
            position += pending.count
            pending.removeAll(keepingCapacity: true)
            pendingOffset = 0
            guard try fill() else { return 0 }
        }
    }

    /// Puts the next bytes in `pending`; `false` at the end.
    private mutating func fill() throws -> Bool {
        let size = plan.referenceSize
        switch stage {
        case 0:
            pending.append(contentsOf: "bplist00".utf8)
            BinaryPropertyListGroup.appendMarker(0xD0, count: plan.order.count, to: &pending)
            stage = 1
        case 1:
            // The root dictionary's key references, then its value references, 65,536 at a time.
            let all = plan.order.count
            let end = min(nextReference + 65_536, 2 * all)
            for index in nextReference..<end {
                let reference = index < all ? Int(plan.keyReferences[index]) : Int(plan.keyReferences[index - all]) + 1
                BinaryPropertyListGroup.append(reference, size: size, to: &pending)
            }
            nextReference = end
            if end == 2 * all { stage = 2 }
        case 2:
            guard nextGroup < plan.groups.count else {
                guard position == plan.objectsEnd, base == plan.objectCount, objectOffset == plan.objectsEnd else {
                    throw Self.changed()
                }
                stage = 3
                return true
            }
            if offsetTable.isEmpty {
                offsetTable.reserveCapacity(plan.objectCount * plan.offsetSize)
                BinaryPropertyListGroup.append(8, size: plan.offsetSize, to: &offsetTable)
            }
            let plist = try group(nextGroup)
            plist.appendObjects(base: base, globalReferenceSize: size, to: &pending)
            objectOffset = plist.appendOffsets(
                start: objectOffset, globalReferenceSize: size, offsetSize: plan.offsetSize, to: &offsetTable)
            base += plist.objectCount - 1
            nextGroup += 1
        case 3:
            // The offset table: the root dictionary, then each group's objects.
            swap(&pending, &offsetTable)
            offsetTable = []
            stage = 4
        case 4:
            pending.append(contentsOf: repeatElement(0, count: 6))
            pending.append(UInt8(plan.offsetSize))
            pending.append(UInt8(size))
            BinaryPropertyListGroup.append(plan.objectCount, size: 8, to: &pending)
            BinaryPropertyListGroup.append(0, size: 8, to: &pending)
            BinaryPropertyListGroup.append(plan.objectsEnd, size: 8, to: &pending)
            stage = 5
        default:
            return false
        }
        return true
    }

    /// Group `index`'s binary property list, serialized again.
    private func group(_ index: Int) throws -> BinaryPropertyListGroup {
        let serializer = plan.serializer
        let members = plan.order[plan.groups[index]]
        let body = try serializer.inner.serialize(try serializer.source.dictionary(of: members))
        guard let plist = BinaryPropertyListGroup(try SplicedBodySerializer.collect(body.body)) else {
            throw Self.changed()
        }
        return plist
    }

    private static func changed() -> SerializationError {
        SerializationError(
            .lengthMismatch, "The binary property list of a large --params object changed between its two passes")
    }
}
