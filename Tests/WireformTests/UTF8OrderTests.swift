import Testing
import Wireform

/// The one key order every format shares: UTF-8 bytes, not `String`'s `<` (which compares canonical equivalents).
@Suite struct UTF8OrderTests {
    @Test func ordersByUTF8BytesNotByUnicodeCanonicalEquivalence() {
        let keys = ["b", "a", "é", "Z", "e\u{301}", "", "ab", "a\u{0}", "10", "9", "👴🏻", "\u{FFFF}"]
        let expected = ["", "10", "9", "Z", "a", "a\u{0}", "ab", "b", "e\u{301}", "é", "\u{FFFF}", "👴🏻"]
        #expect(keys.sorted(by: UTF8Order.precedes) == expected)
        #expect(UTF8Order.sortedIndices(of: keys).map { keys[$0] } == expected)
        // `String` sorts `é` and `e` + U+0301 as equal; the byte order does not.
        #expect(UTF8Order.precedes("e\u{301}", "é"))
        #expect(!UTF8Order.precedes("é", "e\u{301}"))
        #expect(!UTF8Order.precedes("a", "a"))
    }

    @Test func agreesWithTheUTF8ViewOnRandomKeys() {
        let pieces = ["a", "b", "A", "é", "e\u{301}", "北", "👴🏻", "\u{0}", "\u{7F}", "aaaaaaaa", "aaaaaaab", "z"]
        var state: UInt64 = 0x0DDB_1A5E
        func next() -> Int {
            state ^= state << 13
            state ^= state >> 7
            state ^= state << 17
            return Int(state % 1_000)
        }
        for round in 0..<200 {
            let keys = (0..<(next() % 40)).map { _ in
                (0..<(next() % 4)).map { _ in pieces[next() % pieces.count] }.joined()
            }
            let expected = keys.sorted { $0.utf8.lexicographicallyPrecedes($1.utf8) }
            #expect(UTF8Order.sortedIndices(of: keys).map { keys[$0] } == expected, "round \(round)")
            let bytes = keys.map { Array($0.utf8) }
            #expect(bytes.sorted(by: UTF8Order.precedes) == expected.map { Array($0.utf8) }, "round \(round)")
        }
    }

    @Test func withOrderKeepsInsertionOrderWhenAskedTo() {
        let keys = ["b", "a", "c"]
        #expect(UTF8Order.withOrder(of: keys, .insertion) { Array($0) } == [0, 1, 2])
        #expect(UTF8Order.withOrder(of: keys, .sorted) { Array($0) } == [1, 0, 2])
        #expect(UTF8Order.withOrder(of: [], .sorted) { $0.count } == 0)
    }
}
