import Foundation
import OpenAPIRuntime
import Testing
import Wireform
import WireformMultipart
import WireformOpenAPIRuntime

/// The README's swift-openapi-runtime snippet, verbatim.
@Suite struct ReadmeIntegrationTests {
    @Test func readmeHoldsTheSnippetVerbatim() throws {
        #expect(try readmeContainsSnippet())
    }

    @Test func readmeSnippetConvertsBothWays() async throws {
        var form = try MultipartForm(boundary: .constant("readme"))
        form.append("v", name: "k")

        // README begin
        let body = HTTPBody(form.serializedBody.body)  // pass it to a generated client's operation
        let part = MessageBody(body)  // and back, for a multipart part
        let middlewares: [any ClientMiddleware] = [ContentLengthMiddleware()]  // Client(…, middlewares:)
        // README end

        let expected = try form.encodedBytes()
        #expect(body.length == .known(Int64(expected.count)))
        #expect(body.iterationBehavior == .multiple)
        #expect(part.isReplayable)
        #expect(try await part.collect(upTo: 1024) == expected)
        #expect(middlewares.count == 1)
    }
}
