import Foundation

/// A coding key with any text.
struct ShapeKey: CodingKey {
    var stringValue: String
    var intValue: Int? { nil }
    init(_ text: String) { stringValue = text }
    init?(stringValue: String) { self.stringValue = stringValue }
    init?(intValue: Int) { nil }
}

/// What a value writes into one container; every scalar type the containers have an overload for, and a few types
/// with their own `encode(to:)` (`Date`, `Data`, `Decimal`, `URL`, `Set`, `Dictionary`, `Optional`).
enum Scalar {
    case bool(Bool), int(Int), int8(Int8), int16(Int16), int32(Int32), int64(Int64)
    case uint(UInt), uint8(UInt8), uint16(UInt16), uint32(UInt32), uint64(UInt64)
    case float(Float), double(Double), string(String), date(Date), data(Data), decimal(Decimal), url(URL)
    case set(Set<String>), dictionary([String: Int]), noInt(Int?)
}

/// An operation on a keyed container.
indirect enum KeyedOp {
    case scalar(String, Scalar)
    case encodeNil(String)
    case ifPresent(String, Scalar?)
    case child(String, Node)
    case nestedKeyed(String, [KeyedOp])
    case nestedUnkeyed(String, [UnkeyedOp])
    case superEncoder(Node)
    case superEncoderForKey(String, Node)
}

/// An operation on an unkeyed container.
indirect enum UnkeyedOp {
    case scalar(Scalar)
    case encodeNil
    case child(Node)
    case nestedKeyed([KeyedOp])
    case nestedUnkeyed([UnkeyedOp])
    case superEncoder(Node)
}

/// What one `encode(to:)` does: asks for exactly one container (or none) and writes into it.
enum Body {
    case keyed([KeyedOp])
    case unkeyed([UnkeyedOp])
    case single(Scalar)
    case singleNil
    case singleChild(Node)
    /// Asks for no container at all.
    case nothing
    /// Throws ``ShapeError`` from `encode(to:)`.
    case throwing
}

/// The error a `.throwing` node throws from its own `encode(to:)`.
struct ShapeError: Error {}

/// How many times each node's `encode(to:)` ran since the last ``reset(count:)``; the fuzzer is single-threaded.
enum EncodeCounter {
    nonisolated(unsafe) static var counts: [Int] = []
    static func reset(count: Int) { counts = Array(repeating: 0, count: count) }
}

/// One value of the shape: a class so that its identity (and its call count) is shared by every path.
final class Node: Encodable {
    let id: Int
    let body: Body

    init(id: Int, body: Body) {
        self.id = id
        self.body = body
    }

    func encode(to encoder: any Encoder) throws {
        EncodeCounter.counts[id] += 1
        switch body {
        case .keyed(let ops):
            var container = encoder.container(keyedBy: ShapeKey.self)
            try Self.run(ops, in: &container)
        case .unkeyed(let ops):
            var container = encoder.unkeyedContainer()
            try Self.run(ops, in: &container)
        case .single(let scalar):
            var container = encoder.singleValueContainer()
            try Self.encode(scalar, in: &container)
        case .singleNil:
            var container = encoder.singleValueContainer()
            try container.encodeNil()
        case .singleChild(let node):
            var container = encoder.singleValueContainer()
            try container.encode(node)
        case .nothing:
            return
        case .throwing:
            throw ShapeError()
        }
    }

    // A super encoder is made and released inside one call, so what it wrote is in place before the next
    // operation (JSONEncoder writes it back when the encoder is released).
    private static func encodeSuper(_ node: Node, _ makeEncoder: () -> any Encoder) throws {
        try node.encode(to: makeEncoder())
    }

    static func run(_ ops: [KeyedOp], in container: inout KeyedEncodingContainer<ShapeKey>) throws {
        for op in ops {
            switch op {
            case .scalar(let key, let scalar): try encode(scalar, forKey: ShapeKey(key), in: &container)
            case .encodeNil(let key): try container.encodeNil(forKey: ShapeKey(key))
            case .ifPresent(let key, let scalar): try encodeIfPresent(scalar, forKey: ShapeKey(key), in: &container)
            case .child(let key, let node): try container.encode(node, forKey: ShapeKey(key))
            case .nestedKeyed(let key, let nested):
                var inner = container.nestedContainer(keyedBy: ShapeKey.self, forKey: ShapeKey(key))
                try run(nested, in: &inner)
            case .nestedUnkeyed(let key, let nested):
                var inner = container.nestedUnkeyedContainer(forKey: ShapeKey(key))
                try run(nested, in: &inner)
            case .superEncoder(let node): try encodeSuper(node) { container.superEncoder() }
            case .superEncoderForKey(let key, let node):
                try encodeSuper(node) { container.superEncoder(forKey: ShapeKey(key)) }
            }
        }
    }

    static func run(_ ops: [UnkeyedOp], in container: inout any UnkeyedEncodingContainer) throws {
        for op in ops {
            switch op {
            case .scalar(let scalar): try encode(scalar, in: &container)
            case .encodeNil: try container.encodeNil()
            case .child(let node): try container.encode(node)
            case .nestedKeyed(let nested):
                var inner = container.nestedContainer(keyedBy: ShapeKey.self)
                try run(nested, in: &inner)
            case .nestedUnkeyed(let nested):
                var inner = container.nestedUnkeyedContainer()
                try run(nested, in: &inner)
            case .superEncoder(let node): try encodeSuper(node) { container.superEncoder() }
            }
        }
    }

    // Each case calls the container's own overload for the static type.
    static func encode(
        _ scalar: Scalar, forKey key: ShapeKey, in container: inout KeyedEncodingContainer<ShapeKey>
    ) throws {
        switch scalar {
        case .bool(let value): try container.encode(value, forKey: key)
        case .int(let value): try container.encode(value, forKey: key)
        case .int8(let value): try container.encode(value, forKey: key)
        case .int16(let value): try container.encode(value, forKey: key)
        case .int32(let value): try container.encode(value, forKey: key)
        case .int64(let value): try container.encode(value, forKey: key)
        case .uint(let value): try container.encode(value, forKey: key)
        case .uint8(let value): try container.encode(value, forKey: key)
        case .uint16(let value): try container.encode(value, forKey: key)
        case .uint32(let value): try container.encode(value, forKey: key)
        case .uint64(let value): try container.encode(value, forKey: key)
        case .float(let value): try container.encode(value, forKey: key)
        case .double(let value): try container.encode(value, forKey: key)
        case .string(let value): try container.encode(value, forKey: key)
        case .date(let value): try container.encode(value, forKey: key)
        case .data(let value): try container.encode(value, forKey: key)
        case .decimal(let value): try container.encode(value, forKey: key)
        case .url(let value): try container.encode(value, forKey: key)
        case .set(let value): try container.encode(value, forKey: key)
        case .dictionary(let value): try container.encode(value, forKey: key)
        case .noInt(let value): try container.encode(value, forKey: key)
        }
    }

    static func encodeIfPresent(
        _ scalar: Scalar?, forKey key: ShapeKey, in container: inout KeyedEncodingContainer<ShapeKey>
    ) throws {
        guard let scalar else { return try container.encodeIfPresent(String?.none, forKey: key) }
        switch scalar {
        case .bool(let value): try container.encodeIfPresent(value as Bool?, forKey: key)
        case .int(let value): try container.encodeIfPresent(value as Int?, forKey: key)
        case .int8(let value): try container.encodeIfPresent(value as Int8?, forKey: key)
        case .int16(let value): try container.encodeIfPresent(value as Int16?, forKey: key)
        case .int32(let value): try container.encodeIfPresent(value as Int32?, forKey: key)
        case .int64(let value): try container.encodeIfPresent(value as Int64?, forKey: key)
        case .uint(let value): try container.encodeIfPresent(value as UInt?, forKey: key)
        case .uint8(let value): try container.encodeIfPresent(value as UInt8?, forKey: key)
        case .uint16(let value): try container.encodeIfPresent(value as UInt16?, forKey: key)
        case .uint32(let value): try container.encodeIfPresent(value as UInt32?, forKey: key)
        case .uint64(let value): try container.encodeIfPresent(value as UInt64?, forKey: key)
        case .float(let value): try container.encodeIfPresent(value as Float?, forKey: key)
        case .double(let value): try container.encodeIfPresent(value as Double?, forKey: key)
        case .string(let value): try container.encodeIfPresent(value as String?, forKey: key)
        case .date(let value): try container.encodeIfPresent(value as Date?, forKey: key)
        case .data(let value): try container.encodeIfPresent(value as Data?, forKey: key)
        case .decimal(let value): try container.encodeIfPresent(value as Decimal?, forKey: key)
        case .url(let value): try container.encodeIfPresent(value as URL?, forKey: key)
        case .set(let value): try container.encodeIfPresent(value as Set<String>?, forKey: key)
        case .dictionary(let value): try container.encodeIfPresent(value as [String: Int]?, forKey: key)
        case .noInt(let value): try container.encodeIfPresent(value, forKey: key)
        }
    }

    static func encode(_ scalar: Scalar, in container: inout any UnkeyedEncodingContainer) throws {
        switch scalar {
        case .bool(let value): try container.encode(value)
        case .int(let value): try container.encode(value)
        case .int8(let value): try container.encode(value)
        case .int16(let value): try container.encode(value)
        case .int32(let value): try container.encode(value)
        case .int64(let value): try container.encode(value)
        case .uint(let value): try container.encode(value)
        case .uint8(let value): try container.encode(value)
        case .uint16(let value): try container.encode(value)
        case .uint32(let value): try container.encode(value)
        case .uint64(let value): try container.encode(value)
        case .float(let value): try container.encode(value)
        case .double(let value): try container.encode(value)
        case .string(let value): try container.encode(value)
        case .date(let value): try container.encode(value)
        case .data(let value): try container.encode(value)
        case .decimal(let value): try container.encode(value)
        case .url(let value): try container.encode(value)
        case .set(let value): try container.encode(value)
        case .dictionary(let value): try container.encode(value)
        case .noInt(let value): try container.encode(value)
        }
    }

    static func encode(_ scalar: Scalar, in container: inout any SingleValueEncodingContainer) throws {
        switch scalar {
        case .bool(let value): try container.encode(value)
        case .int(let value): try container.encode(value)
        case .int8(let value): try container.encode(value)
        case .int16(let value): try container.encode(value)
        case .int32(let value): try container.encode(value)
        case .int64(let value): try container.encode(value)
        case .uint(let value): try container.encode(value)
        case .uint8(let value): try container.encode(value)
        case .uint16(let value): try container.encode(value)
        case .uint32(let value): try container.encode(value)
        case .uint64(let value): try container.encode(value)
        case .float(let value): try container.encode(value)
        case .double(let value): try container.encode(value)
        case .string(let value): try container.encode(value)
        case .date(let value): try container.encode(value)
        case .data(let value): try container.encode(value)
        case .decimal(let value): try container.encode(value)
        case .url(let value): try container.encode(value)
        case .set(let value): try container.encode(value)
        case .dictionary(let value): try container.encode(value)
        case .noInt(let value): try container.encode(value)
        }
    }
}
