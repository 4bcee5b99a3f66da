import Foundation
import Testing
import Wireform

@Suite struct CustomQueryStyleTests {
    @Test func closureStyleReturnsPairsThatAreEscaped() throws {
        let style: CustomQueryStyle = .custom { parameters in
            guard case .dictionary(let dictionary) = parameters else { return [] }
            return dictionary.map { QueryPair(name: $0.key.uppercased(), text: "v w") }
        }
        #expect(try query(style, ["a": 1, "b": 2]) == "A=v%20w&B=v%20w")
    }

    @Test func closureStyleErrorPropagatesFromTheStyle() {
        let style: CustomQueryStyle = .custom { _ in throw ThirdPartyError(detail: "nope") }
        #expect(throws: ThirdPartyError(detail: "nope")) { try style.pairs(for: ["a": 1]) }
    }

    @Test func closureStyleErrorIsWrappedByTheRequestSerializer() throws {
        var serializer = plainSerializer()
        serializer.queryStyle = .custom { _ in throw ThirdPartyError(detail: "nope") }
        let error = expectSerializationError(.serializerFailed, "The query style 'CustomQueryStyle' failed") {
            _ = try serializer.serializedRequest(method: .get, url: url("https://example.com"), parameters: ["a": 1])
        }
        #expect(error?.underlyingError as? ThirdPartyError == ThirdPartyError(detail: "nope"))
    }

    @Test func serializationErrorFromAStyleIsNotWrapped() throws {
        var serializer = plainSerializer()
        serializer.queryStyle = .custom { _ in throw SerializationError(.unsupportedValue, "no 'a' here") }
        let error = expectSerializationError(.unsupportedValue, "no 'a' here") {
            _ = try serializer.serializedRequest(method: .get, url: url("https://example.com"), parameters: ["a": 1])
        }
        #expect(error?.underlyingError == nil)
    }

    @Test func conformingTypeWorksLikeABuiltInStyle() throws {
        struct SingleKeyStyle: QueryStyle {
            func appendPairs(for parameters: ParameterValue, to pairs: inout [QueryPair]) throws {
                pairs.append(QueryPair(name: "q", value: .list(["a", "b c"])))
            }
        }
        var serializer = plainSerializer()
        serializer.queryStyle = SingleKeyStyle()
        let request = try serializer.serializedRequest(method: .get, url: url("https://example.com/s"), parameters: [:])
        #expect(request.url == "https://example.com/s?q=a,b%20c")
    }
}
