import Foundation
import Testing

/// `--help` documents what `--send` adds and how `-o` behaves.
@Suite struct HelpTextTests {
    @Test func helpListsTheHeadersURLSessionAdds() throws {
        let directory = try TestDirectory()
        let result = try ToolProcess.run(["--help"], in: directory.path)
        // Lines are wrapped: compare with every run of spaces and line breaks as one space.
        let text = String(decoding: result.standardOutput, as: UTF8.self).split(whereSeparator: \.isWhitespace)
            .joined(separator: " ")
        #expect(result.status == 0)
        #expect(
            text.contains(
                "URLSession adds Accept: */*, Accept-Encoding: deflate, gzip (plus what its libcurl decodes, such as "
                    + "br, zstd) and Connection: keep-alive"))
        #expect(text.contains("--timeout SECONDS with --send: give up after this long without any progress"))
        #expect(text.contains("renamed over PATH only when everything was written"))
        #expect(text.contains("User information (http://user:pw@host/) becomes an Authorization: Basic header"))
    }
}
