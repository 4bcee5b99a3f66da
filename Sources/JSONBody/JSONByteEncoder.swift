import Foundation
import Wireform

/// Writes an `Encodable` value straight to JSON bytes, the way the `JSONEncoder` of ``JSONBodySerializer/makeEncoder()``
/// writes it (compact, keys sorted by their UTF-8 bytes), with no intermediate tree.
///
/// Values are written in the order they are encoded. Each object's members go into the output as they come, and
/// their byte ranges are kept; when the object ends (the value's `encode(to:)` returns) and its keys were not
/// already in order, the members are copied once through a reusable scratch buffer in sorted order.
///
/// Anything this encoder does not reproduce byte for byte — a nested or second container, `superEncoder()`, a
/// repeated key, a value that encodes nothing, a non-finite number, a date or data the options refuse, any error —
/// ends the attempt with ``Fallback``; ``JSONBodySerializer`` then encodes the value with `JSONEncoder`, which writes
/// the same bytes or throws its own error.
final class JSONByteEncoder {
    /// The attempt is abandoned; `JSONEncoder` takes over.
    struct Fallback: Error {}

    /// One member of an object being written: its key and the byte range of `"key":value` in ``bytes``.
    struct Member {
        var key: String
        var start: Int
        var end: Int
    }

    /// One value being encoded: what its `encode(to:)` asked for so far.
    struct Frame {
        enum Kind {
            case empty
            case object
            case array
            case single
        }

        var id: Int
        var kind = Kind.empty
        var count = 0
        var byteStart = 0
        var memberBase = 0
    }

    /// `JSONEncoder`'s own nesting limit.
    static let maximumDepth = 512

    // The state is only ever touched by this encoder's own synchronous calls, one at a time; `unchecked` drops
    // the runtime exclusivity check on every access, which cost about 40 % of the encoding time.
    @exclusivity(unchecked) var bytes: [UInt8] = []
    @exclusivity(unchecked) private var scratch: [UInt8] = []
    @exclusivity(unchecked) var members: [Member] = []
    @exclusivity(unchecked) var frames: [Frame] = []
    @exclusivity(unchecked) var path: [any CodingKey] = []
    @exclusivity(unchecked) private var nextFrameID = 0
    /// Set when `encode(to:)` asked for something the encoder does not reproduce; checked when the frame ends.
    @exclusivity(unchecked) var isAbandoned = false

    let escapesSlashes: Bool
    let dateEncoding: JSONDateEncoding
    let dataEncoding: JSONDataEncoding

    init(escapesSlashes: Bool, dateEncoding: JSONDateEncoding, dataEncoding: JSONDataEncoding) {
        self.escapesSlashes = escapesSlashes
        self.dateEncoding = dateEncoding
        self.dataEncoding = dataEncoding
        // Room for typical values up front, so the stacks do not grow one step at a time.
        frames.reserveCapacity(8)
        members.reserveCapacity(32)
        path.reserveCapacity(8)
    }

    /// Encodes a top-level value.
    /// - Throws: ``Fallback``, or an error thrown by the value itself.
    func encodeTopLevel<Value: Encodable>(_ value: Value) throws -> [UInt8] {
        bytes.reserveCapacity(256)
        try encodeValue(value)
        return bytes
    }

    /// The frame a container made for frame `id` may write to, or a ``Fallback`` when it is no longer the current one.
    @inline(__always)
    func checkCurrent(_ id: Int) throws {
        guard !isAbandoned, let last = frames.last, last.id == id else { throw Fallback() }
    }

    // MARK: Values

    /// Encodes any value: the types `JSONEncoder` treats specially first, then the value's own `encode(to:)`.
    func encodeValue<Value: Encodable>(_ value: Value) throws {
        if try encodeKnown(value) { return }
        try encodeComposite(value)
    }

    /// Encodes a value that writes itself through containers.
    func encodeComposite<Value: Encodable>(_ value: Value) throws {
        guard frames.count < Self.maximumDepth else { throw Fallback() }
        nextFrameID &+= 1
        frames.append(Frame(id: nextFrameID))
        try value.encode(to: self)
        guard !isAbandoned, let frame = frames.popLast() else { throw Fallback() }
        switch frame.kind {
        case .empty: throw Fallback()
        case .object: try finishObject(frame)
        case .array: bytes.append(UInt8(ascii: "]"))
        case .single: break
        }
    }

    /// Writes the value when it is a type with a fixed spelling; `true` when it did.
    @inline(__always)
    func encodeKnown<Value: Encodable>(_ value: Value) throws -> Bool {
        if Value.self == String.self {
            writeString(Self.reinterpret(value, as: String.self))
        } else if Value.self == Int.self {
            writeInteger(Self.reinterpret(value, as: Int.self))
        } else if Value.self == Bool.self {
            writeBool(Self.reinterpret(value, as: Bool.self))
        } else if Value.self == Double.self {
            try writeFloatingPoint(Self.reinterpret(value, as: Double.self))
        } else if Value.self == Date.self {
            try writeDate(Self.reinterpret(value, as: Date.self))
        } else if Value.self == Data.self {
            try writeData(Self.reinterpret(value, as: Data.self))
        } else if Value.self == URL.self {
            writeString(Self.reinterpret(value, as: URL.self).absoluteString)
        } else if Value.self == Decimal.self {
            let decimal = Self.reinterpret(value, as: Decimal.self)
            guard !decimal.isNaN else { throw Fallback() }
            bytes.append(contentsOf: decimal.description.utf8)
        } else {
            return false
        }
        return true
    }

    /// The value as the type it is known to be (the caller compared the metatypes).
    @inline(__always)
    private static func reinterpret<Value, Target>(_ value: Value, as type: Target.Type) -> Target {
        withUnsafePointer(to: value) { $0.withMemoryRebound(to: Target.self, capacity: 1) { $0.pointee } }
    }

    // MARK: Objects

    /// Starts an object member: the comma, the key and the colon. Returns where the member starts.
    @inline(__always)
    func beginMember(_ key: String) -> Int {
        let index = frames.count - 1
        if frames[index].count > 0 { bytes.append(UInt8(ascii: ",")) }
        frames[index].count += 1
        let start = bytes.count
        writeString(key)
        bytes.append(UInt8(ascii: ":"))
        return start
    }

    /// Ends an object member that started at `start`.
    @inline(__always)
    func endMember(_ key: String, start: Int) {
        members.append(Member(key: key, start: start, end: bytes.count))
    }

    /// Closes an object, first putting its members in key order when they were not.
    private func finishObject(_ frame: Frame) throws {
        let base = frame.memberBase
        defer { members.removeSubrange(base...) }
        guard members.count - base > 1 else {
            bytes.append(UInt8(ascii: "}"))
            return
        }
        let keys = members[base...].map(\.key)
        let order = try UTF8Order.withOrder(of: keys, .sorted) { positions throws(Fallback) -> [Int]? in
            var isInOrder = positions[0] == 0
            for index in 1..<positions.count {
                if positions[index] != index { isInOrder = false }
                // A repeated key: JSONEncoder keeps one value.
                guard UTF8Order.precedes(keys[positions[index - 1]], keys[positions[index]]) else { throw Fallback() }
            }
            return isInOrder ? nil : Array(positions)
        }
        // JSONEncoder keeps members in a `[String: …]`, where canonically equivalent keys ("é", "e\u{301}") are one.
        if keys.contains(where: { key in key.utf8.contains { $0 >= 0x80 } }), Set(keys).count != keys.count {
            throw Fallback()
        }
        guard let order else {
            bytes.append(UInt8(ascii: "}"))
            return
        }
        let objectStart = frame.byteStart
        scratch.removeAll(keepingCapacity: true)
        scratch.append(contentsOf: bytes[objectStart...])
        bytes.removeSubrange(objectStart...)
        var isFirst = true
        for position in order {
            let member = members[base + position]
            if !isFirst { bytes.append(UInt8(ascii: ",")) }
            isFirst = false
            bytes.append(contentsOf: scratch[(member.start - objectStart)..<(member.end - objectStart)])
        }
        bytes.append(UInt8(ascii: "}"))
    }

    /// Marks the current frame as an object; `nil` when it already holds something.
    func startObject() -> Int? {
        guard let index = frames.indices.last, frames[index].kind == .empty else { return nil }
        bytes.append(UInt8(ascii: "{"))
        frames[index].kind = .object
        frames[index].byteStart = bytes.count
        frames[index].memberBase = members.count
        return frames[index].id
    }

    /// Marks the current frame as an array; `nil` when it already holds something.
    func startArray() -> Int? {
        guard let index = frames.indices.last, frames[index].kind == .empty else { return nil }
        bytes.append(UInt8(ascii: "["))
        frames[index].kind = .array
        return frames[index].id
    }

    /// Starts an array element: the comma before every element but the first.
    @inline(__always)
    func beginElement() -> Int {
        let index = frames.count - 1
        let count = frames[index].count
        if count > 0 { bytes.append(UInt8(ascii: ",")) }
        frames[index].count = count + 1
        return count
    }

    /// Marks the current frame as a single value; `nil` when it already holds something.
    func startSingleValue() -> Int? {
        guard let index = frames.indices.last, frames[index].kind == .empty else { return nil }
        frames[index].kind = .single
        return frames[index].id
    }
}
