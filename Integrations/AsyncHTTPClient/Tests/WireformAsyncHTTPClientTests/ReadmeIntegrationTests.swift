import AsyncHTTPClient
import Foundation
import NIOCore
import Testing
import Wireform
import WireformAsyncHTTPClient
import WireformMultipart

/// The README's AsyncHTTPClient snippet, verbatim, sending to the sink server.
@Suite struct ReadmeIntegrationTests {
    @Test func readmeHoldsTheSnippetVerbatim() throws {
        #expect(try readmeContainsSnippet())
    }

    @Test func readmeSnippetUploadsTheFile() async throws {
        try await withSinkServer { server in
            let (videoURL, bytes) = try makeFile(count: 1024 * 1024 + 1)
            defer { try? FileManager.default.removeItem(at: videoURL) }
            let uploadURL = server.url("/sink")

            // README begin
            var form = MultipartForm()
            try form.append(fileAt: videoURL, name: "video")  // streamed from disk, never loaded whole
            let request = try RequestSerializer().serializedRequest(
                method: .post, url: uploadURL, body: form.serializedBody)
            let response = try await HTTPClient.shared.execute(request, timeout: .minutes(5)) { progress in
                print(progress.fractionCompleted ?? 0)
            }
            // README end

            let record = try await response.record()
            let expected = try form.encodedBytes()
            #expect(record.sha256 == SHA256.hex(expected))
            #expect(record.values("Content-Length") == ["\(expected.count)"])
            #expect(expected.count > bytes.count)
        }
    }
}
