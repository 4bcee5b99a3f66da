import Foundation
import Testing
import Wireform

extension DeepNestingTests {
    /// A custom date or data strategy that returns a tree nested past the limit is refused with the depth error at
    /// any depth: the encoder sends a finished tree to its sink level by level, and stops at the limit.
    @Test(arguments: [false, true])
    func customStrategyTreeIsRefusedAtAnyDepth(_ isData: Bool) throws {
        // Under a sanitizer 10,000 levels: 100,000 took 124 s of the TSan pass (a million take 21 s in the plain
        // debug pass), for the same code path.
        for depth in DeepTree.isSanitized ? [10_000] : DeepTree.depths {
            let outcome = SmallStack.run {
                var tree = DeepTree.make(.arrays, depth: depth)
                // The encoder and its strategy, which share the tree, are gone before the tree is dismantled.
                let outcome = Self.encodeWithStrategy(returning: tree, isData: isData)
                DeepTree.dismantle(&tree)
                return outcome
            }
            #expect(outcome?.isDepthRefusal == true, "\(depth) levels: \(String(describing: outcome))")
        }
    }

    /// `["when": Date()]` or `["bytes": Data()]`, encoded with a strategy that returns `tree`.
    private static func encodeWithStrategy(returning tree: ParameterValue, isData: Bool) -> DeepOutcome {
        let encoder =
            isData
            ? ParameterValueEncoder(dataEncodingStrategy: .custom { _ in tree })
            : ParameterValueEncoder(dateEncodingStrategy: .custom { _ in tree })
        return DeepOutcome.of {
            if isData {
                _ = try encoder.encode(["bytes": Data([1])])
            } else {
                _ = try encoder.encode(["when": Date(timeIntervalSince1970: 0)])
            }
        }
    }

    /// An `Encodable` value whose `encode(to:)` nests containers in a loop, by key and by position, far past the
    /// limit: refused with the depth error, with no chain of containers as deep as the loop (releasing one
    /// recursed) and no coding path copied at every level.
    @Test(arguments: [false, true])
    func encodableNestingInALoopIsRefusedAtAnyDepth(_ unkeyed: Bool) throws {
        for depth in DeepTree.depths {
            let outcome = SmallStack.run {
                DeepOutcome.of { _ = try ParameterValueEncoder().encode(LoopNesting(depth: depth, unkeyed: unkeyed)) }
            }
            #expect(outcome?.isDepthRefusal == true, "\(depth) levels: \(String(describing: outcome))")
        }
    }
}

/// A value that nests `depth` containers in a loop (no recursion of its own), then writes an integer.
private struct LoopNesting: Encodable {
    let depth: Int
    let unkeyed: Bool

    private struct Key: CodingKey {
        var stringValue: String
        var intValue: Int? { nil }
        init(stringValue: String) { self.stringValue = stringValue }
        init?(intValue: Int) { nil }
    }

    func encode(to encoder: any Encoder) throws {
        let key = Key(stringValue: "k")
        if unkeyed {
            var container = encoder.unkeyedContainer()
            for _ in 0..<depth { container = container.nestedUnkeyedContainer() }
            try container.encode(1)
        } else {
            var container = encoder.container(keyedBy: Key.self)
            for _ in 0..<depth { container = container.nestedContainer(keyedBy: Key.self, forKey: key) }
            try container.encode(1, forKey: key)
        }
    }
}
