import Foundation
import Testing

/// `--help` documents what `--send` adds and how `-o` behaves.
@Suite struct HelpTextTests {
    @Test func helpListsTheHeadersURLSessionAdds() throws {
        let directory = try TestDirectory()
        let result = try ToolProcess.run(["--help"], in: directory.path)
        let text = String(decoding: result.standardOutput, as: UTF8.self)
        #expect(result.status == 0)
        #expect(text.contains("URLSession adds Accept: */*, Accept-Encoding: deflate, gzip"))
        #expect(text.contains("--timeout SECONDS"))
        #expect(text.contains("renamed over PATH"))
    }
}
