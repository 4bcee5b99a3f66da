import Foundation
import Testing

@testable import Wireform

/// Regression tests of the one query writer (`QueryWriter`) fed by two sources: an `Encodable` value's events
/// (`queryString(encoding:)`, `ValueEncoder` into the writer) against the events of the tree the value encodes to,
/// including the shapes the writer keeps (sets, delimited lists and dictionaries, exploded dictionaries).
@Suite struct QueryWriterEncodableSourceTests {
    /// The tree path's bytes, or its error's reason.
    private func viaTree(_ value: some Encodable, _ style: StandardQueryStyle) -> Result<String, SerializationError> {
        Result { () throws(SerializationError) -> String in
            do { return try style.queryString(for: ParameterValueEncoder().encode(value)) } catch let error
                as SerializationError
            {
                throw error
            } catch {
                throw SerializationError(.serializerFailed, "\(error)")
            }
        }
    }

    private func viaValue(_ value: some Encodable, _ style: StandardQueryStyle) -> Result<String, SerializationError> {
        Result { () throws(SerializationError) -> String in
            do { return try style.queryString(encoding: value) } catch let error as SerializationError {
                throw error
            } catch {
                throw SerializationError(.serializerFailed, "\(error)")
            }
        }
    }

    private func expectSame(
        _ value: some Encodable,
        _ style: StandardQueryStyle = .brackets,
        _ comment: Comment? = nil,
        sourceLocation: SourceLocation = #_sourceLocation
    ) {
        switch (viaTree(value, style), viaValue(value, style)) {
        case (.success(let expected), .success(let written)):
            #expect(written == expected, comment, sourceLocation: sourceLocation)
        case (.failure(let expected), .failure(let thrown)):
            #expect(thrown.reason == expected.reason, comment, sourceLocation: sourceLocation)
        case (let tree, let direct):
            Issue.record(
                "\(comment.map(String.init(describing:)) ?? ""): \(tree) vs \(direct)", sourceLocation: sourceLocation)
        }
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

    @Test func writesTheTreePathsQueryForHeldBackAndBufferedShapes() {
        let values: [any Encodable] = [
            ["s": Shape.circle(radius: 1)], Repeated(), ["n": Nothing()], ["set": Set([3, 1, 2])], ["x": Double.nan],
            ["d": Date(timeIntervalSince1970: -1e12)], [1, 2], "top", ["b": ["y": 1, "x": 2]],
        ]
        let styles: [StandardQueryStyle] = [
            .brackets, .indexed, .repeated, .form(explode: false), .deepObject, .dotted,
        ]
        for value in values {
            for style in styles { expectSame(value, style, "\(type(of: value)), \(style.arrays), \(style.nesting)") }
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

    /// Arrays of strings and integers, written without their container, match the tree path at every depth up to
    /// the limit and past it (where both throw the same error).
    @Test func arraysOfStringsAndIntegersMatchTheTreePathAtEveryDepth() throws {
        for integers in [false, true] {
            for depth in 0...(ParameterValue.maximumDepth + 1) {
                expectSame(Chain(depth: depth, integers: integers), .brackets, "depth \(depth)")
            }
        }
        #expect(
            try StandardQueryStyle.brackets.queryString(encoding: Chain(depth: 1, integers: false))
                == "n%5Bleaf%5D%5B%5D=a%20b&n%5Bleaf%5D%5B%5D=c")
    }

    @Test func stylesAndStrategiesApplyToTheEncodable() throws {
        struct Camel: Encodable { var pageSize = [1, 2] }
        var encoder = ParameterValueEncoder()
        encoder.keyEncodingStrategy = .convertToSnakeCase
        #expect(
            try StandardQueryStyle.brackets.queryString(encoding: Camel(), parameterEncoder: encoder)
                == "page_size%5B%5D=1&page_size%5B%5D=2")
        #expect(
            try StandardQueryStyle(arrays: .indexed).queryString(encoding: Camel())
                == "pageSize%5B0%5D=1&pageSize%5B1%5D=2")
    }

    /// OpenAPI's `allowReserved` keeps `:` literal in a value, whether the value comes as an `Encodable` or as a
    /// tree (issue 21: the direct writer, which escaped it, used to run for this style).
    @Test func allowedReservedCharactersStayLiteralFromAnEncodableAsFromItsTree() throws {
        struct Pair: Encodable { var value = "x:y" }
        let style = StandardQueryStyle(reservedCharacters: .allowed)
        #expect(try style.queryString(encoding: Pair()) == "value=x:y")
        #expect(try style.queryString(for: ["value": "x:y"]) == "value=x:y")
        let request = try RequestSerializer(queryStyle: style).serializedRequest(
            method: .get, url: try url("https://example.com/p"), encoding: Pair())
        #expect(request.url == "https://example.com/p?value=x:y")
    }

    /// The style's errors are the first in key order (as for the tree), not the first encoded.
    @Test func throwsTheFirstErrorInKeyOrder() throws {
        struct TwoErrors: Encodable {
            var zeta = Double.infinity
            var alpha = Date(timeIntervalSince1970: 1e12)
        }
        let error = try #require(throws: SerializationError.self) {
            try StandardQueryStyle.brackets.queryString(encoding: TwoErrors())
        }
        #expect(error.reason.hasPrefix("Date at 'alpha'"))
        expectSame(TwoErrors())
    }

    @Test func largeDictionariesAreSortedAsTheTreePathSortsThem() {
        // More than 1,024 bytes of members out of order: the reorder goes through the scratch buffer, not the stack.
        let large = Dictionary(
            uniqueKeysWithValues: (0..<120).map { ("key\($0 * 7 % 120)", String(repeating: "v", count: $0)) })
        expectSame(["outer": large, "alpha": ["z": "1", "a": "2"]])
        expectSame(large, StandardQueryStyle(keyOrdering: .insertion))
        let strings = (0..<300).map { "element \($0) with spaces & symbols" }
        expectSame(["tags": strings, "ids": (0..<300).map(String.init)])
        expectSame(["tags": strings], .repeated)
    }
}
