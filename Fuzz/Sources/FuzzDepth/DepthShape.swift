import FuzzSupport
import Wireform

/// A chain of containers of random depth and kinds, read from the fuzzer's bytes; the same bytes always build the
/// same chain, so that two copies can be compared.
///
/// Each level is an array, a dictionary or a set holding the level below, sometimes beside a scalar sibling (a
/// string, an integer or a boolean: values every format writes, so that only the depth can make one refuse).
struct DepthShape {
    /// One level, outermost last.
    enum Level {
        case array(sibling: ParameterValue?)
        case dictionary(sibling: ParameterValue?)
        case set(sibling: ParameterValue?)
    }

    /// The levels, innermost first.
    var levels: [Level] = []
    /// The value at the bottom.
    var leaf: ParameterValue

    /// Reads a shape: a depth that is mostly near the limit of 128, sometimes far past it (up to 200,000), and a
    /// kind for each level from a pattern of up to 16 bytes that repeats.
    init(_ input: inout FuzzInput) {
        let depth: Int
        switch input.byte() % 4 {
        case 0: depth = input.int(below: 200_001)
        case 1: depth = 120 + input.int(below: 20)
        default: depth = input.int(below: 400)
        }
        let pattern = (0..<(1 + input.int(below: 16))).map { _ in input.byte() }
        // A leaf every format writes (no character an XML property list refuses).
        leaf = input.byte() & 1 == 0 ? .string("leaf \(input.byte())") : .number(ParameterNumber(Int64(input.byte())))
        levels.reserveCapacity(depth)
        for index in 0..<depth {
            let selector = pattern[index % pattern.count]
            let sibling: ParameterValue? =
                switch selector >> 4 {
                case 0: "x"
                case 1: .number(ParameterNumber(Int64(selector)))
                case 2: .bool(selector & 1 == 0)
                default: nil
                }
            switch selector % 3 {
            case 0: levels.append(.array(sibling: sibling))
            case 1: levels.append(.dictionary(sibling: sibling))
            default: levels.append(.set(sibling: sibling))
            }
        }
    }

    /// The number of containers around the leaf.
    var depth: Int { levels.count }

    /// The tree; with `setsAsArrays`, each set an array (what the `Any` conversion of ``anyValue`` gives back).
    func tree(leaf: ParameterValue? = nil, setsAsArrays: Bool = false) -> ParameterValue {
        var value = leaf ?? self.leaf
        for level in levels {
            switch level {
            case .array(let sibling): value = .array(sibling.map { [$0, value] } ?? [value])
            case .dictionary(let sibling):
                value = .dictionary(sibling.map { ["a": $0, "k": value] } ?? ["k": value])
            case .set(let sibling):
                let members = sibling.map { [value, $0] } ?? [value]
                value = setsAsArrays ? .array(members) : .set(members)
            }
        }
        return value
    }

    /// The same chain as Swift collections (`[Any]`, `[String: Any]`; a set as an array), for
    /// `ParameterValue(any:)`.
    func anyValue() -> Any {
        var value: Any = Self.anyScalar(leaf)
        for level in levels {
            switch level {
            case .array(let sibling):
                value = sibling.map { [Self.anyScalar($0), value] as [Any] } ?? [value] as [Any]
            case .set(let sibling):
                value = sibling.map { [value, Self.anyScalar($0)] as [Any] } ?? [value] as [Any]
            case .dictionary(let sibling):
                value =
                    sibling.map { ["a": Self.anyScalar($0), "k": value] as [String: Any] } ?? ["k": value]
                    as [String: Any]
            }
        }
        return value
    }

    /// A scalar of this shape as a Swift value.
    private static func anyScalar(_ value: ParameterValue) -> Any {
        switch value {
        case .string(let text): return text
        case .bool(let bool): return bool
        case .number(let number): return Int(number.description) ?? 0
        default: return value
        }
    }
}

/// Releasing a nested value recurses once per level inside Swift's runtime; these take trees apart a level at a
/// time instead (each container's children are held while it is freed), so that the target's own clean-up cannot
/// overflow the stack.
enum Dismantle {
    static func tree(_ tree: inout ParameterValue) {
        var pending = [tree]
        tree = .null
        while let value = pending.popLast() {
            switch value {
            case .array(let elements), .set(let elements): pending.append(contentsOf: elements)
            case .dictionary(let dictionary): for (_, member) in dictionary { pending.append(member) }
            default: break
            }
        }
    }

    static func any(_ value: inout Any) {
        var pending = [value]
        value = 0
        while let next = pending.popLast() {
            if let array = next as? [Any] {
                pending.append(contentsOf: array)
            } else if let dictionary = next as? [String: Any] {
                pending.append(contentsOf: dictionary.values)
            }
        }
    }
}
