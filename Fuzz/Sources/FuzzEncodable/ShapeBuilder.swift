import Foundation
import FuzzSupport
import Wireform

/// Builds a random shape from fuzzer bytes, and notes what decides whether `JSONEncoder` can be its reference.
struct ShapeBuilder {
    var input: FuzzInput
    /// Nodes made so far; each node's index in ``EncodeCounter/counts``.
    private(set) var nodeCount = 0
    /// The deepest container nesting.
    private(set) var maximumDepth = 0
    /// A `Decimal.nan` was written: the JSON writer throws, `JSONEncoder` need not (documented difference).
    private(set) var hasDecimalNaN = false
    /// A `Float` whose JSON text differs between the two (a finding, see Fuzz/README.md): `JSONEncoder` writes
    /// `Float`'s own description (`2.5220158e+15`), Wireform the `Double` nearest to it (`2522015800000000`).
    private(set) var hasFloatTextFinding = false
    /// A nested container was asked for a key that already holds something else; `JSONEncoder` stops the process
    /// with a precondition failure on that shape, so it cannot be the reference.
    private(set) var trapsJSONEncoder = false

    init(_ input: FuzzInput) { self.input = input }

    /// What a key holds in one keyed container, as far as `JSONEncoder`'s preconditions care.
    private final class Scope {
        enum Kind {
            case object(Scope)
            case array
            case other
        }
        var kinds: [String: Kind] = [:]
        /// The keys used so far; `String` keys compare canonically, so "é" and "e\u{301}" meet here.
        var used: Set<String> = []
    }

    /// A key came again in one container. `JSONEncoder` throws for an unwritable value even when a later value
    /// replaces it; Wireform drops the replaced value's error (a finding, see Fuzz/README.md).
    private(set) var hasRepeatedKeys = false

    private mutating func note(_ name: String, in scope: Scope) {
        if !scope.used.insert(name).inserted { hasRepeatedKeys = true }
    }

    private static let keys = ["a", "b", "super", "id", "userID", "myURLValue", "_x", "0", "", "é", "e\u{301}", "a b"]

    mutating func key() -> String {
        let selector = input.byte()
        return selector < 200 ? Self.keys[Int(selector) % Self.keys.count] : input.string(maxPieces: 3)
    }

    mutating func node(depth: Int, root: Bool = false) -> Node {
        let id = nodeCount
        nodeCount += 1
        maximumDepth = max(maximumDepth, depth)
        let selector = input.byte()
        if input.isExhausted { return Node(id: id, body: root ? .keyed([]) : .single(.string(""))) }
        let body: Body
        switch root ? (selector % 4 == 0 ? selector / 4 % 16 : 0) : selector % 16 {
        case 0, 1, 2, 3, 4, 5:
            body = .keyed(keyedOps(depth: depth + 1, scope: Scope()))
        case 6, 7, 8: body = .unkeyed(unkeyedOps(depth: depth + 1))
        case 9, 10: body = .single(scalar())
        case 11: body = .singleNil
        case 12, 13: body = depth > 6 ? .single(scalar()) : .singleChild(node(depth: depth))
        case 14: body = .nothing
        default: body = input.byte() % 8 == 0 ? .throwing : .keyed([])
        }
        return Node(id: id, body: body)
    }

    private mutating func keyedOps(depth: Int, scope: Scope) -> [KeyedOp] {
        maximumDepth = max(maximumDepth, depth)
        var ops: [KeyedOp] = []
        for _ in 0..<input.int(below: 6) {
            let selector = input.byte()
            let name = key()
            note(name, in: scope)
            if depth > 6 || input.isExhausted {
                ops.append(.scalar(name, scalar()))
                scope.kinds[name] = .other
                continue
            }
            switch selector % 16 {
            case 0, 1, 2, 3:
                ops.append(.scalar(name, scalar()))
                scope.kinds[name] = .other
            case 4:
                ops.append(.encodeNil(name))
                scope.kinds[name] = .other
            case 5:
                let present = input.byte() & 1 == 1
                ops.append(.ifPresent(name, present ? scalar() : nil))
                // `encodeIfPresent(nil)` writes nothing under JSONEncoder's defaults (and may write null here).
                if present { scope.kinds[name] = .other }
            case 6, 7:
                ops.append(.child(name, node(depth: depth)))
                scope.kinds[name] = .other
            case 8, 9:
                let nested: Scope
                switch scope.kinds[name] {
                case .object(let existing): nested = existing
                case .none: nested = Scope()
                case .array, .other:
                    trapsJSONEncoder = true
                    nested = Scope()
                }
                scope.kinds[name] = .object(nested)
                ops.append(.nestedKeyed(name, keyedOps(depth: depth + 1, scope: nested)))
            case 10, 11:
                switch scope.kinds[name] {
                case .array, .none: break
                case .object, .other: trapsJSONEncoder = true
                }
                scope.kinds[name] = .array
                ops.append(.nestedUnkeyed(name, unkeyedOps(depth: depth + 1)))
            case 12:
                ops.append(.superEncoder(node(depth: depth)))
                scope.kinds["super"] = .other
            case 13:
                ops.append(.superEncoderForKey(name, node(depth: depth)))
                scope.kinds[name] = .other
            case 14:
                switch scope.kinds[name] {
                case .array, .none: break
                case .object, .other: trapsJSONEncoder = true
                }
                scope.kinds[name] = .array
                ops.append(.nestedUnkeyed(name, deepChain(depth: depth + 1)))
            default:
                // The same key again, with a scalar: the later value wins at the first position.
                let again = scope.kinds.keys.first ?? name
                hasRepeatedKeys = true
                ops.append(.scalar(again, scalar()))
                scope.kinds[again] = .other
            }
        }
        return ops
    }

    private mutating func unkeyedOps(depth: Int) -> [UnkeyedOp] {
        maximumDepth = max(maximumDepth, depth)
        var ops: [UnkeyedOp] = []
        for _ in 0..<input.int(below: 6) {
            let selector = input.byte()
            if depth > 6 || input.isExhausted {
                ops.append(.scalar(scalar()))
                continue
            }
            switch selector % 10 {
            case 0, 1, 2: ops.append(.scalar(scalar()))
            case 3: ops.append(.encodeNil)
            case 4, 5: ops.append(.child(node(depth: depth)))
            case 6: ops.append(.nestedKeyed(keyedOps(depth: depth + 1, scope: Scope())))
            case 7: ops.append(.nestedUnkeyed(unkeyedOps(depth: depth + 1)))
            case 8: ops.append(.superEncoder(node(depth: depth)))
            default:
                ops.append(input.byte() % 4 == 0 ? .nestedUnkeyed(deepChain(depth: depth + 1)) : .encodeNil)
            }
        }
        return ops
    }

    /// Up to 600 levels (900 containers) of nested containers, alternating arrays and objects: past the limits (128 for the tree
    /// and the query, 512 for JSON) it must be `unsupportedValue`, never a stack overflow.
    private mutating func deepChain(depth: Int) -> [UnkeyedOp] {
        let length = input.int(below: 600)
        // An even level is two containers (an object holding an array), an odd one is one.
        maximumDepth = max(maximumDepth, depth + length + (length + 1) / 2 + 1)
        var ops: [UnkeyedOp] = [.scalar(.string("leaf"))]
        for level in 0..<length {
            ops = level % 2 == 0 ? [.nestedKeyed(wrapping(ops))] : [.nestedUnkeyed(ops)]
        }
        return ops
    }

    private func wrapping(_ ops: [UnkeyedOp]) -> [KeyedOp] { [.nestedUnkeyed("k", ops)] }

    mutating func scalar() -> Scalar {
        switch input.byte() % 24 {
        case 0: return .bool(input.byte() & 1 == 1)
        case 1: return .int(Int(truncatingIfNeeded: bits()))
        case 2: return .int8(Int8(truncatingIfNeeded: bits()))
        case 3: return .int16(Int16(truncatingIfNeeded: bits()))
        case 4: return .int32(Int32(truncatingIfNeeded: bits()))
        case 5: return .int64([Int64.min, .max, -1, 0][Int(input.byte()) % 4] &+ Int64(truncatingIfNeeded: bits()))
        case 6: return .uint(UInt(truncatingIfNeeded: bits()))
        case 7: return .uint8(input.byte())
        case 8: return .uint16(UInt16(truncatingIfNeeded: bits()))
        case 9: return .uint32(UInt32(truncatingIfNeeded: bits()))
        case 10: return .uint64(UInt64.max &- bits())
        case 11:
            let value = float()
            if value.isFinite, let nearest = Double(value.description),
                Self.trimmed(value.description) != Self.trimmed(nearest.description)
            {
                hasFloatTextFinding = true
            }
            return .float(value)
        case 12, 13: return .double(double())
        case 14, 15, 16: return .string(input.string())
        case 17: return .date(date())
        case 18: return .data(Data((0..<input.int(below: 8)).map { _ in input.byte() }))
        case 19: return .decimal(decimal())
        case 20:
            return .url(
                [URL(string: "https://example.com/a?b=c&d=%20#f")!, URL(fileURLWithPath: "/tmp/x y")][
                    Int(input.byte()) % 2])
        case 21: return .set(Set((0..<input.int(below: 4)).map { _ in input.string(maxPieces: 2) }))
        case 22:
            var dictionary: [String: Int] = [:]
            for _ in 0..<input.int(below: 4) { dictionary[input.string(maxPieces: 2)] = Int(input.byte()) }
            return .dictionary(dictionary)
        default: return input.byte() & 1 == 1 ? .noInt(nil) : .noInt(Int(input.byte()))
        }
    }

    private static func trimmed(_ text: String) -> String { text.hasSuffix(".0") ? String(text.dropLast(2)) : text }

    /// 64 bits with most bytes zero, so small and huge values both come up.
    private mutating func bits() -> UInt64 {
        let shift = UInt64(input.byte() % 64)
        return (UInt64(input.byte()) << 8 | UInt64(input.byte())) << shift
    }

    private mutating func float() -> Float {
        switch input.byte() % 4 {
        case 0: return Float(bitPattern: UInt32(truncatingIfNeeded: bits()))
        case 1: return Float(Int(input.byte()) - 128) / 7
        case 2: return [Float.nan, .infinity, -.infinity, -0.0, .greatestFiniteMagnitude, 0.1][Int(input.byte()) % 6]
        default: return Float(double())
        }
    }

    private mutating func double() -> Double {
        switch input.byte() % 4 {
        case 0: return Double(bitPattern: bits() | UInt64(input.byte()) << 56)
        case 1: return Double(Int(input.byte()) - 128) / 7
        case 2:
            return [
                Double.nan, .infinity, -.infinity, -0.0, 1e300, .leastNonzeroMagnitude, 9_007_199_254_740_994, 1e16,
                0.1, .ulpOfOne,
            ][Int(input.byte()) % 10]
        default: return Double(Int64(truncatingIfNeeded: bits())) / 1000
        }
    }

    private mutating func decimal() -> Decimal {
        let value = anyDecimal()
        // Also from an exponent out of range.
        if value.isNaN { hasDecimalNaN = true }
        return value
    }

    private mutating func anyDecimal() -> Decimal {
        switch input.byte() % 5 {
        case 0: return .nan
        case 1: return Decimal(string: "\(input.byte()).\(input.byte())\(input.byte())") ?? 0
        case 2:
            return Decimal(
                sign: input.byte() & 1 == 1 ? .minus : .plus, exponent: Int(input.byte()) - 128,
                significand: Decimal(Int(input.byte())))
        case 3: return Decimal(string: "3.14159265358979323846264338327950288")!
        default: return Decimal(Int64(truncatingIfNeeded: bits()))
        }
    }

    private mutating func date() -> Date {
        let interval: Double
        switch input.byte() % 6 {
        case 0:
            interval =
                [.nan, .infinity, -.infinity, 1e300, -1e20, -62_135_596_801, 253_402_300_800][
                    Int(input.byte()) % 7]
        case 1: interval = Double(Int(input.byte()) - 128) * 1e7 + Double(input.byte()) / 8
        case 2: interval = Double(Int(input.byte()) - 128) * 1e7 + Double(input.byte()) / 1000 + 0.0005
        default: interval = Double(Int(input.byte()) << 8 | Int(input.byte())) * 37_000
        }
        return Date(timeIntervalSince1970: interval)
    }

    // MARK: Options

    mutating func parameterEncoder() -> ParameterValueEncoder {
        var encoder = ParameterValueEncoder()
        let dates: [ParameterValueEncoder.DateEncodingStrategy] = [
            .deferredToFormat, .secondsSince1970, .millisecondsSince1970, .iso8601,
            .custom { date in
                guard date.timeIntervalSince1970.isFinite else { throw ShapeError() }
                return .string("d\(date.timeIntervalSince1970)")
            },
        ]
        let data: [ParameterValueEncoder.DataEncodingStrategy] = [
            .deferredToFormat, .base64,
            .custom { data in
                guard data.count != 3 else { throw ShapeError() }
                return data.isEmpty ? .null : .array([.number(ParameterNumber(data.count)), .data(data)])
            },
        ]
        let keys: [ParameterValueEncoder.KeyEncodingStrategy] = [
            .useDefaultKeys, .convertToSnakeCase, .custom { path in "\(path.last?.stringValue ?? "")_\(path.count)" },
        ]
        let nils: [ParameterValueEncoder.NilEncodingStrategy] = [.explicitNull, .alwaysNull, .omitKeys]
        encoder.dateEncodingStrategy = dates[Int(input.byte()) % dates.count]
        encoder.dataEncodingStrategy = data[Int(input.byte()) % data.count]
        encoder.keyEncodingStrategy = keys[Int(input.byte()) % keys.count]
        encoder.nilEncodingStrategy = nils[Int(input.byte()) % nils.count]
        return encoder
    }

    /// A style with every option chosen at random.
    mutating func queryStyle() -> StandardQueryStyle {
        let arrays: [StandardQueryStyle.ArrayEncoding] = [
            .brackets, .indexed, .repeated, .commaDelimited, .spaceDelimited, .pipeDelimited,
        ]
        let nesting: [StandardQueryStyle.NestingEncoding] = [
            .brackets, .dotted, .exploded, .commaDelimited, .spaceDelimited, .pipeDelimited,
        ]
        return StandardQueryStyle(
            arrays: arrays[Int(input.byte()) % arrays.count],
            sets: arrays[Int(input.byte()) % arrays.count],
            nesting: nesting[Int(input.byte()) % nesting.count],
            allowsNestedArrays: input.byte() & 1 == 0,
            bools: input.byte() & 1 == 0 ? .numeric : .literal,
            keyOrdering: input.byte() & 1 == 0 ? .sorted : .insertion,
            emptyContainers: input.byte() & 1 == 0 ? .omitted : .emptyValue,
            nulls: [.bareKey, .emptyValue, .omitted][Int(input.byte()) % 3],
            reservedCharacters: input.byte() & 1 == 0 ? .percentEncoded : .allowed
        )
    }
}
