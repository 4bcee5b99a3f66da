import Foundation
import Testing

@testable import Wireform

/// The direct `Encodable` → query writer against the tree path (`ParameterEncoder` then the query style): the same
/// bytes for every kind of value and both space encodings, and the tree path for what it hands back.
@Suite struct QueryStringEncoderTests {
    struct Flat: Encodable {
        var name = "bang & co = 100%"
        var age = 42
        var negative = -7
        var admin = true
        var off = false
        var score = 1.5
        var big = 1e16
        var ratio: Float = 0.1
        var small: Int8 = -3
        var huge: UInt64 = .max
        var price = Decimal(string: "3.14159265358979323846")!
        var site = URL(string: "https://example.com/a?b=c d")!
        var joined = Date(timeIntervalSince1970: 1_704_164_645.25)
        var avatar = Data([0, 32, 255, 61])
        var nickname: String? = nil
        var motto: String? = "go far"
        var explicitNil: Int?? = .some(nil)
        var emoji = "👴🏻 北京"
    }

    struct Nested: Encodable {
        var user = Flat()
        var tags = ["b", "a c"]
        var ids = [3, -1, 2]
        var scores = ["zeta": 1.0, "alpha": 2.0, "Mid": 3.0, "é": 4.0, "a b": 5.0]
        var numbered = [10: "ten", 2: "two"]
        var rows = [["k": [1, 2]], [:], ["j": []]]
        var grid = [[1, 2], [], [3]]
        var optionals: [Int?] = [1, nil]
        var emptyList = [String]()
        var emptyObject = [String: Int]()
        var zebra = "last"
        var aardvark = "first"
    }

    struct Wrapper: Encodable {
        var inner: [String: Int]
        func encode(to encoder: any Encoder) throws {
            var container = encoder.singleValueContainer()
            try container.encode(inner)
        }
    }

    struct Wrapped: Encodable {
        var wrapper = Wrapper(inner: ["b": 2, "a": 1])
        var id = Wrapper(inner: [:])
    }

    private func tree(_ value: some Encodable, _ spaceEncoding: PercentEncoding.SpaceEncoding) throws -> [UInt8] {
        var bytes: [UInt8] = []
        try StandardQueryStyle().appendQuery(
            for: try ParameterEncoder().encode(value), to: &bytes, spaceEncoding: spaceEncoding)
        return bytes
    }

    private func direct(_ value: some Encodable, _ spaceEncoding: PercentEncoding.SpaceEncoding) -> [UInt8]? {
        var bytes: [UInt8] = []
        guard QueryStringEncoder.appendQuery(encoding: value, to: &bytes, spaceEncoding: spaceEncoding) else {
            return nil
        }
        return bytes
    }

    private func check(_ value: some Encodable, sourceLocation: SourceLocation = #_sourceLocation) throws {
        for spaceEncoding in [PercentEncoding.SpaceEncoding.percent20, .plus] {
            let expected = try tree(value, spaceEncoding)
            let written = try #require(direct(value, spaceEncoding), sourceLocation: sourceLocation)
            #expect(
                String(decoding: written, as: UTF8.self) == String(decoding: expected, as: UTF8.self),
                sourceLocation: sourceLocation)
            let query = try StandardQueryStyle.brackets.queryString(encoding: value, spaceEncoding: spaceEncoding)
            #expect(Array(query.utf8) == expected, sourceLocation: sourceLocation)
        }
    }

    @Test func writesTheTreePathsBytes() throws {
        try check(Flat())
        try check(Nested())
        try check(Wrapped())
        try check(["only": [String: Int]()])
        try check([String: Int]())
        try check(["many": Dictionary(uniqueKeysWithValues: (0..<50).map { ("k\($0 * 7 % 50)", $0) })])
        try check(Dictionary(uniqueKeysWithValues: (0..<40).map { ("key\($0)", [$0]) }))
    }

    @Test func writesAKnownQuery() throws {
        struct Search: Encodable {
            var query = "swift"
            var tags = ["a"]
            var page = 2
        }
        #expect(try StandardQueryStyle.brackets.queryString(encoding: Search()) == "page=2&query=swift&tags%5B%5D=a")
    }

    enum Shape: Encodable {
        case circle(radius: Double)
    }

    struct Repeated: Encodable {
        enum Key: String, CodingKey { case a, b }
        func encode(to encoder: any Encoder) throws {
            var container = encoder.container(keyedBy: Key.self)
            try container.encode(1, forKey: .b)
            try container.encode(2, forKey: .a)
            try container.encode(3, forKey: .b)
        }
    }

    struct Nothing: Encodable {
        func encode(to encoder: any Encoder) throws {}
    }

    @Test func handsWhatItDoesNotReproduceToTheTreePath() throws {
        let values: [any Encodable] = [
            ["s": Shape.circle(radius: 1)], Repeated(), ["n": Nothing()], ["set": Set([3, 1, 2])], ["x": Double.nan],
            ["d": Date(timeIntervalSince1970: -1e12)], [1, 2], "top",
        ]
        for value in values {
            #expect(direct(value, .percent20) == nil, "\(type(of: value))")
            let viaTree = Result { try tree(value, .percent20) }
            let viaAPI = Result { Array(try StandardQueryStyle.brackets.queryString(encoding: value).utf8) }
            switch (viaTree, viaAPI) {
            case (.success(let expected), .success(let written)): #expect(written == expected)
            case (.failure(let expected as SerializationError), .failure(let thrown as SerializationError)):
                #expect(thrown.reason == expected.reason)
            default: Issue.record("\(type(of: value)): \(viaTree) vs \(viaAPI)")
            }
        }
    }

    /// A chain of `depth` dictionaries ending in an array of strings or integers.
    struct Chain: Encodable {
        struct Key: CodingKey {
            var stringValue: String
            var intValue: Int? { nil }
            init(stringValue: String) { self.stringValue = stringValue }
            init?(intValue: Int) { nil }
        }
        var depth: Int
        var integers: Bool

        func encode(to encoder: any Encoder) throws {
            var container = encoder.container(keyedBy: Key.self)
            if depth > 0 {
                try container.encode(Chain(depth: depth - 1, integers: integers), forKey: Key(stringValue: "n"))
            } else if integers {
                try container.encode([1, -2], forKey: Key(stringValue: "leaf"))
            } else {
                try container.encode(["a b", "c"], forKey: Key(stringValue: "leaf"))
            }
        }
    }

    /// Arrays of strings and integers are written without their container, and still as the tree path writes
    /// them at every depth up to the limit and past it (where both throw the same error).
    @Test func arraysOfStringsAndIntegersMatchTheTreePathAtEveryDepth() throws {
        for integers in [false, true] {
            for depth in 0...(ParameterValue.maximumDepth + 1) {
                let value = Chain(depth: depth, integers: integers)
                let viaTree = Result { try tree(value, .percent20) }
                let viaAPI = Result { Array(try StandardQueryStyle.brackets.queryString(encoding: value).utf8) }
                switch (viaTree, viaAPI) {
                case (.success(let expected), .success(let written)): #expect(written == expected, "depth \(depth)")
                case (.failure(let expected as SerializationError), .failure(let thrown as SerializationError)):
                    #expect(thrown.reason == expected.reason, "depth \(depth)")
                default: Issue.record("depth \(depth): \(viaTree) vs \(viaAPI)")
                }
            }
        }
        #expect(
            try StandardQueryStyle.brackets.queryString(encoding: Chain(depth: 1, integers: false))
                == "n%5Bleaf%5D%5B%5D=a%20b&n%5Bleaf%5D%5B%5D=c")
    }

    @Test func otherStylesAndStrategiesUseTheTreePath() throws {
        struct Camel: Encodable { var pageSize = [1, 2] }
        var encoder = ParameterEncoder()
        encoder.keyEncodingStrategy = .convertToSnakeCase
        #expect(
            try StandardQueryStyle.brackets.queryString(encoding: Camel(), parameterEncoder: encoder)
                == "page_size%5B%5D=1&page_size%5B%5D=2")
        #expect(
            try StandardQueryStyle(arrays: .indexed).queryString(encoding: Camel())
                == "pageSize%5B0%5D=1&pageSize%5B1%5D=2")
    }

    /// OpenAPI's `allowReserved` keeps `:` literal in a value, whether the value comes as an `Encodable` or as a
    /// tree (issue 21: the direct writer, which escapes it, used to run for this style).
    @Test func allowedReservedCharactersStayLiteralFromAnEncodableAsFromItsTree() throws {
        struct Pair: Encodable { var value = "x:y" }
        let style = StandardQueryStyle(reservedCharacters: .allowed)
        #expect(try style.queryString(encoding: Pair()) == "value=x:y")
        #expect(try style.queryString(for: ["value": "x:y"]) == "value=x:y")
        let request = try RequestSerializer(queryStyle: style).serializedRequest(
            method: .get, url: try url("https://example.com/p"), encoding: Pair())
        #expect(request.url.absoluteString == "https://example.com/p?value=x:y")
    }
}
