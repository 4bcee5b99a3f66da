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

    /// `ParameterValue(any:)` refuses Swift collections nested past the limit, at any depth, naming the path, and
    /// converts Optionals nested to any depth as the value they hold (an Optional is no level of the tree).
    @Test(arguments: DeepTree.AnyShape.allCases)
    func anyConversionRefusesAnyDepth(_ shape: DeepTree.AnyShape) throws {
        for depth in DeepTree.depths {
            let outcome = SmallStack.run {
                var value = DeepTree.makeAny(shape, depth: depth)
                defer { DeepTree.dismantleAny(&value) }
                return DeepOutcome.of {
                    let converted = try ParameterValue(any: value)
                    if converted != "leaf" { throw SerializationError(.unsupportedValue, "converted: \(converted)") }
                }
            }
            if shape == .optionals {
                #expect(outcome == .succeeded, "\(depth) levels")
            } else {
                #expect(outcome?.isDepthRefusal == true, "\(depth) levels: \(String(describing: outcome))")
            }
        }
    }

    /// The limit holds for arrays of Optionals as for arrays: 128 levels convert, 129 are refused, naming the path.
    @Test func anyConversionOfOptionalArraysAtTheLimit() throws {
        let outcomes = SmallStack.run {
            [128, 129].map { depth in
                var value = DeepTree.makeAny(.optionalArrays, depth: depth)
                defer { DeepTree.dismantleAny(&value) }
                return DeepOutcome.of { _ = try ParameterValue(any: value) }
            }
        }
        #expect(outcomes?.first == .succeeded)
        let path = String(repeating: "[0]", count: 128)
        #expect(
            outcomes?.last
                == .refused(code: .unsupportedValue, reason: "Parameters nest deeper than 128 levels at '\(path)'"))
    }
}
