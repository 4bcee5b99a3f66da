import Testing
import Wireform

/// `ArrayEncoding.custom` (Alamofire's `ArrayEncoding.custom((key, index) -> String)`): each element under the name
/// the closure returns for the container's unescaped name and the element's position, escaped like any name.
@Suite struct CustomArrayEncodingTests {
    private let parenthesized = StandardQueryStyle(arrays: .custom { key, index in "\(key)(\(index))" })

    @Test func eachElementIsWrittenUnderTheReturnedNameEscaped() throws {
        #expect(try parenthesized.queryString(for: ["tags": ["a", "b"]]) == "tags%280%29=a&tags%281%29=b")
        var pairs: [QueryPair] = []
        try parenthesized.appendPairs(for: ["tags": ["a", 2]], to: &pairs)
        #expect(
            pairs == [
                QueryPair(name: "tags(0)", value: .text("a")), QueryPair(name: "tags(1)", value: .text("2")),
            ])
    }

    @Test func theReturnedNameIsEscapedWithTheRequestsSpaceEncoding() throws {
        let style = StandardQueryStyle(arrays: .custom { key, index in "\(key) #\(index)&=+é" })
        #expect(try style.queryString(for: ["k": ["v"]]) == "k%20%230%26%3D%2B%C3%A9=v")
        #expect(try style.queryString(for: ["k": ["v"]], spaceEncoding: .plus) == "k+%230%26%3D%2B%C3%A9=v")
    }

    @Test func theClosureReceivesTheFullUnescapedName() throws {
        let style = StandardQueryStyle(arrays: .custom { key, index in "\(key)_\(index)" })
        #expect(try style.queryString(for: ["user": ["a b": ["x"]]]) == "user%5Ba%20b%5D_0=x")
    }

    @Test func nestedArraysCallTheClosureAgainWithTheNameItReturned() throws {
        let style = StandardQueryStyle(arrays: .custom { key, index in "\(key).\(index)" })
        #expect(try style.queryString(for: ["m": [["a", "b"], ["c"]]]) == "m.0.0=a&m.0.1=b&m.1.0=c")
        #expect(try style.queryString(for: ["u": [["n": 1, "o": .null]]]) == "u.0%5Bn%5D=1&u.0%5Bo%5D")
    }

    @Test func theContainersNameIsRestoredForTheMembersAfterIt() throws {
        let style = StandardQueryStyle(arrays: .custom { key, index in "\(key)-\(index)" })
        #expect(
            try style.queryString(for: ["a": ["x": [1, 2], "y": 3], "b": 4])
                == "a%5Bx%5D-0=1&a%5Bx%5D-1=2&a%5By%5D=3&b=4")
    }

    @Test func setMembersAreNumberedInTheirWrittenOrder() throws {
        let style = StandardQueryStyle(sets: .custom { key, index in "\(key)#\(index)" })
        #expect(try style.queryString(for: ["s": .set(["b", "a", "b"])]) == "s%230=a&s%231=b")
    }

    @Test func emptyArraysFollowTheEmptyContainerOption() throws {
        let style = StandardQueryStyle(
            arrays: .custom { key, index in "\(key)\(index)" }, emptyContainers: .emptyValue)
        #expect(try style.queryString(for: ["e": [], "f": [1]]) == "e=&f0=1")
        #expect(try parenthesized.queryString(for: ["e": []]) == "")
    }

    @Test func encodableValuesGiveTheSameBytes() throws {
        struct Value: Encodable {
            var tags = ["a", "b"]
            var grid = [[1], [2, 3]]
            var rows = [["k": "v"]]
            var ids: Set<Int> = [3, 1]
        }
        let style = StandardQueryStyle(
            arrays: .custom { key, index in "\(key):\(index)" }, sets: .custom { key, index in "\(key)!\(index)" })
        let expected =
            "grid%3A0%3A0=1&grid%3A1%3A0=2&grid%3A1%3A1=3&ids%210=1&ids%211=3&rows%3A0%5Bk%5D=v&tags%3A0=a&tags%3A1=b"
        #expect(try style.queryString(encoding: Value()) == expected)
        #expect(try style.queryString(for: try ParameterValueEncoder().encode(Value())) == expected)
    }

    @Test func aCustomEncodingEqualsItsCopiesOnly() {
        let custom = StandardQueryStyle.ArrayEncoding.custom { key, _ in key }
        let copy = custom
        #expect(custom == copy)
        #expect(custom != .custom { key, _ in key })
        #expect(custom != .indexed)
        #expect(Set([custom, copy, .brackets, .brackets]).count == 2)
        #expect(StandardQueryStyle(arrays: custom).arrays == custom)
    }
}
