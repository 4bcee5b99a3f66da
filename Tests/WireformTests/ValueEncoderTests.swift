import Foundation
import Synchronization
import Testing

@testable import Wireform

/// The one `Encodable` engine: each value's `encode(to:)` runs exactly once, whatever reads it — the parameter tree,
/// the query of any style, a form body or a request — and when it throws.
@Suite struct ValueEncoderTests {
    /// Counts its own `encode(to:)` calls and can throw from it.
    final class Counted: Encodable, Sendable {
        struct Failure: Error {}
        let calls = Mutex(0)
        let throwing: Bool
        /// A nested container by key and a super encoder, which the engine holds back.
        let holdsBack: Bool

        init(throwing: Bool = false, holdsBack: Bool = false) {
            self.throwing = throwing
            self.holdsBack = holdsBack
        }

        enum CodingKeys: String, CodingKey { case name, list }

        func encode(to encoder: any Encoder) throws {
            calls.withLock { $0 += 1 }
            var container = encoder.container(keyedBy: CodingKeys.self)
            try container.encode("n", forKey: .name)
            if holdsBack {
                var list = container.nestedUnkeyedContainer(forKey: .list)
                try list.encode(1)
                try "s".encode(to: container.superEncoder())
            }
            if throwing { throw Failure() }
        }

        var count: Int { calls.withLock { $0 } }
    }

    static let paths: [(name: String, run: @Sendable (Counted) throws -> Void)] = [
        ("ParameterValueEncoder", { _ = try ParameterValueEncoder().encode(["v": $0]) }),
        ("queryString(encoding:) brackets", { _ = try StandardQueryStyle.brackets.queryString(encoding: ["v": $0]) }),
        (
            "queryString(encoding:) form",
            { _ = try StandardQueryStyle.form(explode: false).queryString(encoding: ["v": $0]) }
        ),
        (
            "queryString(encoding:) snake case",
            {
                _ = try StandardQueryStyle.indexed.queryString(
                    encoding: ["v": $0],
                    parameterEncoder: ParameterValueEncoder(keyEncodingStrategy: .convertToSnakeCase))
            }
        ),
        (
            "RequestSerializer GET",
            {
                _ = try RequestSerializer().serializedRequest(
                    method: .get, url: try url("https://e.com"), encoding: ["v": $0])
            }
        ),
        (
            "RequestSerializer POST",
            {
                _ = try RequestSerializer().serializedRequest(
                    method: .post, url: try url("https://e.com"), encoding: ["v": $0])
            }
        ),
    ]

    /// Whether the style can write the value or not, its `encode(to:)` runs once.
    @Test(arguments: paths.indices, [false, true])
    func encodeToRunsOnce(pathIndex: Int, throwing: Bool) throws {
        for holdsBack in [false, true] {
            let value = Counted(throwing: throwing, holdsBack: holdsBack)
            let result = Result { try Self.paths[pathIndex].run(value) }
            if throwing {
                let error = try #require(throws: SerializationError.self) { try result.get() }
                #expect(error.underlyingError is Counted.Failure)
            }
            #expect(value.count == 1, "\(Self.paths[pathIndex].name), holds back: \(holdsBack)")
        }
    }

    @Test func aNestedValueThatEncodesNothingIsAnEmptyDictionaryAndATopLevelOneAnError() throws {
        struct Nothing: Encodable { func encode(to encoder: any Encoder) throws {} }
        #expect(try ParameterValueEncoder().encode(["n": Nothing()]) == ["n": [:]])
        let error = try #require(throws: SerializationError.self) { try ParameterValueEncoder().encode(Nothing()) }
        #expect(error.reason.hasPrefix("A top-level value of type 'Nothing' encoded nothing"))
    }

    @Test func aKeyWrittenAgainKeepsItsPlaceAndTakesTheLaterValue() throws {
        struct Again: Encodable {
            enum Key: String, CodingKey { case b, a }
            func encode(to encoder: any Encoder) throws {
                var container = encoder.container(keyedBy: Key.self)
                try container.encode(1, forKey: .b)
                try container.encode(2, forKey: .a)
                try container.encode(3, forKey: .b)
            }
        }
        let tree = try ParameterValueEncoder().encode(Again())
        #expect(tree.testing_dictionary?.orderedKeys == ["b", "a"])
        #expect(tree == ["b": 3, "a": 2])
        #expect(try StandardQueryStyle(keyOrdering: .insertion).queryString(encoding: Again()) == "b=3&a=2")
    }
}
