import Wireform

#if canImport(FoundationEssentials)
    import FoundationEssentials
#else
    import Foundation
#endif

/// Writes a ``Wireform/ParameterValue`` tree as a binary property list (`bplist00`).
///
/// Two passes: the tree is first flattened into a table of objects (containers refer to their children by
/// position), which fixes the size of an object reference; then the objects, the offset table and the trailer are
/// written. Values are not uniqued: every key and value is its own object, which is valid and keeps the writer
/// simple.
struct BinaryPropertyListWriter {
    /// One object in the table.
    enum Object {
        case bool(Bool)
        case signed(Int64)
        case unsigned(UInt64)
        case real(Double)
        case date(Double)
        case data(Data)
        case string(String)
        case array([Int])
        case dictionary(keys: [Int], values: [Int])
    }

    let keyOrdering: KeyOrdering
    private(set) var objects: [Object] = []
    var bytes: [UInt8] = []

    init(keyOrdering: KeyOrdering) { self.keyOrdering = keyOrdering }

    mutating func writeDocument(_ value: ParameterValue) throws(PropertyListWriteFailure) {
        let root = try add(value, depth: 0)
        let referenceSize = Self.byteCount(for: UInt64(objects.count))
        bytes.append(contentsOf: "bplist00".utf8)
        var offsets: [Int] = []
        offsets.reserveCapacity(objects.count)
        for object in objects {
            offsets.append(bytes.count)
            append(object, referenceSize: referenceSize)
        }
        let offsetTableOffset = bytes.count
        let offsetSize = Self.byteCount(for: UInt64(offsetTableOffset))
        for offset in offsets { appendBigEndian(UInt64(offset), size: offsetSize) }
        // Trailer: 5 unused bytes, the sort version, the two sizes, then three 8-byte big-endian numbers.
        bytes.append(contentsOf: repeatElement(0, count: 6))
        bytes.append(UInt8(offsetSize))
        bytes.append(UInt8(referenceSize))
        appendBigEndian(UInt64(objects.count), size: 8)
        appendBigEndian(UInt64(root), size: 8)
        appendBigEndian(UInt64(offsetTableOffset), size: 8)
    }

    /// Adds a value and its children to the table and returns its position.
    private mutating func add(_ value: ParameterValue, depth: Int) throws(PropertyListWriteFailure) -> Int {
        switch value {
        case .string(let string):
            return append(.string(string))
        case .number(let number):
            try PropertyListTree.checkNumber(number)
            if let signed = number.int64Value { return append(.signed(signed)) }
            if let unsigned = number.uint64Value { return append(.unsigned(unsigned)) }
            try PropertyListTree.checkBinaryReal(number)
            return append(.real(number.doubleValue))
        case .bool(let bool):
            return append(.bool(bool))
        case .null:
            throw PropertyListWriteFailure(.null)
        case .date(let date):
            guard date.timeIntervalSinceReferenceDate.isFinite else { throw PropertyListWriteFailure(.dateOutOfRange) }
            return append(.date(date.timeIntervalSinceReferenceDate))
        case .data(let data):
            return append(.data(data))
        case .array(let elements):
            try PropertyListTree.checkDepth(depth)
            return try addArray(elements, depth: depth)
        case .set(let members):
            try PropertyListTree.checkDepth(depth)
            return try addArray(ParameterValue.canonicalSetMembers(members), depth: depth)
        case .dictionary(let dictionary):
            try PropertyListTree.checkDepth(depth)
            let position = append(.array([]))
            var keys: [Int] = []
            var values: [Int] = []
            keys.reserveCapacity(dictionary.count)
            values.reserveCapacity(dictionary.count)
            for index in PropertyListTree.orderedIndices(of: dictionary, keyOrdering: keyOrdering) {
                let (key, value) = dictionary[index]
                keys.append(append(.string(key)))
                do {
                    values.append(try add(value, depth: depth + 1))
                } catch {
                    throw error.inside(.key(key))
                }
            }
            objects[position] = .dictionary(keys: keys, values: values)
            return position
        }
    }

    /// Adds an array (or a set's canonical members) and its elements.
    private mutating func addArray(_ elements: [ParameterValue], depth: Int) throws(PropertyListWriteFailure) -> Int {
        let position = append(.array([]))
        var children: [Int] = []
        children.reserveCapacity(elements.count)
        for (index, element) in elements.enumerated() {
            do {
                children.append(try add(element, depth: depth + 1))
            } catch {
                throw error.inside(.index(index))
            }
        }
        objects[position] = .array(children)
        return position
    }

    private mutating func append(_ object: Object) -> Int {
        objects.append(object)
        return objects.count - 1
    }
}
