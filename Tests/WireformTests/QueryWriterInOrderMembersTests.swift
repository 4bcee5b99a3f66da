import Foundation
import Testing

@testable import Wireform

/// A top-level dictionary whose keys may repeat and come already sorted (JSON text of sorted keys, the 192 MB file
/// of `Scripts/memory-check`) keeps only its keys' bytes and starts (``InOrderMembers``), not a ``QueryWriter/Member``
/// each, and moves nothing; a key out of order, a key that is not ASCII, a repeated key or an error turns them into
/// members, with the bytes of the tree path.
@Suite struct QueryWriterInOrderMembersTests {
    /// Sends `{key: "v key", …}` as JSON text does (keys may repeat), member by member, into a fresh box.
    static func send(_ keys: [String], style: StandardQueryStyle = .brackets) -> EscapedQueryWriterBox {
        let box = EscapedQueryWriterBox(QueryWriter(style: style, spaceEncoding: .percent20))
        box.beginKeyed(sortsKeys: false)
        for key in keys {
            box.key(key)
            box.string("v \(key)")
        }
        return box
    }

    /// The query the tree of the same members writes (a repeated key keeps its first position and last value).
    static func expected(_ keys: [String], style: StandardQueryStyle = .brackets) throws -> String {
        var dictionary = ParameterDictionary()
        for key in keys { dictionary[key] = .string("v \(key)") }
        return try style.queryString(for: .dictionary(dictionary), spaceEncoding: .percent20)
    }

    @Test func sortedKeysAreKeptAsBytesAndNothingMoves() throws {
        let keys = (0..<(InOrderMembers.threshold + 100)).map { "k\(1000 + $0)-a-key-longer-than-fifteen-bytes" }
        let box = Self.send(keys)
        #expect(box.writer.members.count == 0)
        #expect(box.writer.side?.inOrderMembers.count == keys.count)
        box.endKeyed()
        #expect(box.writer.keepsInOrderMembers == false)
        #expect(try box.writer.finishString() == Self.expected(keys))
    }

    static let many = (0..<(InOrderMembers.threshold + 10)).map { "k\(1000 + $0)" }

    @Test(arguments: [
        many + ["a"],  // out of order after many kept as bytes
        many + ["k1005"],  // a repeated key after many kept as bytes
        many + ["k9\u{E9}", "k99"],  // not ASCII after many kept as bytes
        ["a", "b", "c", "B"],  // out of order at the end
        ["a", "b", "b", "c"],  // a repeated key: first position, last value
        ["a", "c", "\u{E9}", "b"],  // not ASCII, then out of order
        ["b", "a"],
        ["x"],
        [],
    ])
    func keysNotInOrderBecomeMembers(keys: [String]) throws {
        let box = Self.send(keys)
        if Set(keys).count != keys.count || keys != keys.sorted(by: UTF8Order.precedes) {
            #expect(box.writer.members.count == keys.count)
            #expect(box.writer.keepsInOrderMembers == false)
        }
        box.endKeyed()
        #expect(try box.writer.finishString() == Self.expected(keys))
    }

    @Test func anErrorInAKeptMemberIsThrownInKeyOrder() throws {
        // A nested exploded dictionary is refused; its error is the first in key order ("b" after "a"'s error-free
        // value).
        let style = StandardQueryStyle.form()
        let box = EscapedQueryWriterBox(QueryWriter(style: style, spaceEncoding: .percent20))
        box.beginKeyed(sortsKeys: false)
        box.key("a")
        box.string("1")
        box.key("b")
        box.beginKeyed(sortsKeys: false)
        box.key("c")
        box.beginKeyed(sortsKeys: false)
        box.key("d")
        box.string("2")
        box.endKeyed()
        box.endKeyed()
        box.endKeyed()
        let tree: ParameterValue = ["a": "1", "b": ["c": ["d": "2"]]]
        let expected = Result { try style.queryString(for: tree, spaceEncoding: .percent20) }
        let actual = Result { try box.writer.finishString() }
        #expect("\(actual)" == "\(expected)")
    }
}
