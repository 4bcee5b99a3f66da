import Foundation
import Testing
import Wireform

/// A body serializer for the stress test: writes `name=value` lines for a flat dictionary.
private struct LinesSerializer: BodySerializer {
    let mediaType: ContentType

    func serialize(_ parameters: ParameterValue, context: BodySerializationContext) throws -> SerializedBody {
        let pairs = try StandardQueryStyle.brackets.pairs(for: parameters)
        var bytes: [UInt8] = []
        for pair in pairs {
            if case .text(let text) = pair.value { bytes += Array("\(pair.name)=\(text)\n".utf8) }
        }
        return SerializedBody(contentType: mediaType, bytes: bytes)
    }
}

@Suite struct ConcurrencyStressTests {
    /// 8 tasks × 10,000 requests share one serializer and read one registry value.
    @Test func sharedSerializerAndRegistryGiveDeterministicOutput() async throws {
        var registry = BodySerializerRegistry()
        registry.register(LinesSerializer(mediaType: .formURLEncoded))
        let shared = registry
        var serializer = RequestSerializer(registry: shared, includesDefaultHeaders: false)
        try serializer.setBearerToken("token")
        let frozen = serializer
        let url = try #require(URL(string: "https://example.com/a?x=1#frag"))
        let parameters: ParameterValue = ["user": ["name": "bang", "tags": ["a", "b"]], "n": 1]
        let expectedGet = try frozen.serializedRequest(method: .get, url: url, parameters: parameters)
        let expectedPost = try frozen.serializedRequest(method: .post, url: url, parameters: parameters)

        let mismatches = try await withThrowingTaskGroup(of: Int.self) { group in
            for task in 0..<8 {
                group.addTask {
                    var mismatches = 0
                    for index in 0..<10_000 {
                        let method: RequestMethod = index % 2 == 0 ? .get : .post
                        let request = try frozen.serializedRequest(method: method, url: url, parameters: parameters)
                        let expected = method == .get ? expectedGet : expectedPost
                        if request.url != expected.url || request.headers != expected.headers
                            || request.body?.bytes != expected.body?.bytes
                        {
                            mismatches += 1
                        }
                        // Readers of the shared registry value run at the same time.
                        if index % 100 == 0 { _ = try shared.serializer(for: .formURLEncoded) }
                    }
                    _ = task
                    return mismatches
                }
            }
            return try await group.reduce(0, +)
        }
        #expect(mismatches == 0)
        #expect(
            expectedGet.url
                == "https://example.com/a?x=1&n=1&user%5Bname%5D=bang&user%5Btags%5D%5B%5D=a&user%5Btags%5D%5B%5D=b#frag"
        )
        #expect(expectedPost.body?.bytes == Array("n=1\nuser[name]=bang\nuser[tags][]=a\nuser[tags][]=b\n".utf8))
        #expect(try shared.serializer(for: .formURLEncoded).mediaType == .formURLEncoded)
    }
}
