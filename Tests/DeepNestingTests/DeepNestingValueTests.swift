import Foundation
import Testing
import Wireform
import WireformFoundation

extension DeepNestingTests {
    /// `==` and `hash(into:)` work at any depth: equal trees built apart are equal and hash alike; trees that differ
    /// only at the bottom are not equal.
    @Test(arguments: DeepTree.Shape.allCases)
    func equalityAndHashingAtAnyDepth(_ shape: DeepTree.Shape) throws {
        for depth in DeepTree.depthsVisitingEveryLevel(shape) {
            let results = SmallStack.run {
                var left = DeepTree.make(shape, depth: depth)
                var right = DeepTree.make(shape, depth: depth)
                var other = DeepTree.make(shape, depth: depth, leaf: "other")
                defer {
                    DeepTree.dismantle(&left)
                    DeepTree.dismantle(&right)
                    DeepTree.dismantle(&other)
                }
                return [left == right, left != other, left.hashValue == right.hashValue]
            }
            #expect(results == [true, true, true], "\(depth) levels")
        }
    }

    /// `description` writes trees of any depth.
    @Test func descriptionAtAnyDepth() throws {
        for depth in DeepTree.depths {
            let description = SmallStack.run {
                var tree = DeepTree.make(.arrays, depth: depth)
                defer { DeepTree.dismantle(&tree) }
                return String(describing: tree)
            }
            let expected = String(repeating: "[", count: depth) + "\"leaf\"" + String(repeating: "]", count: depth)
            #expect(description == expected, "\(depth) levels")
        }
        let mixed = SmallStack.run {
            var tree = DeepTree.make(.mixed, depth: 10_000)
            defer { DeepTree.dismantle(&tree) }
            let text = String(describing: tree)
            return (
                text.hasPrefix(#"[1, .set([["a": "b", "k": [1, .set(["#), text.utf8.count { $0 == UInt8(ascii: "[") }
            )
        }
        #expect(mixed?.0 == true)
        #expect((mixed?.1 ?? 0) >= 10_000)
    }

    /// `description` reads as the literal that builds the value.
    @Test func descriptionIsTheLiteral() {
        let value: ParameterValue = [
            "name": "a \"b\"", "n": [1, 2.5, true, .null], "s": .set(["x"]), "d": .data(Data([1, 2])), "e": [:],
            "f": [],
        ]
        #expect(
            value.description
                == #"["name": "a \"b\"", "n": [1, 2.5, true, .null], "s": .set(["x"]), "d": .data(2 bytes), "e": [:], "f": []]"#
        )
    }

    /// `ParameterValue(any:)` refuses Swift collections nested past the limit, at any depth, naming the path.
    @Test(arguments: [false, true])
    func anyConversionRefusesAnyDepth(_ dictionaries: Bool) throws {
        for depth in DeepTree.depths {
            let outcome = SmallStack.run {
                var value = DeepTree.makeAny(depth: depth, dictionaries: dictionaries)
                defer { DeepTree.dismantleAny(&value) }
                return DeepOutcome.of { _ = try ParameterValue(any: value) }
            }
            #expect(outcome?.isDepthRefusal == true, "\(depth) levels: \(String(describing: outcome))")
        }
    }
}
