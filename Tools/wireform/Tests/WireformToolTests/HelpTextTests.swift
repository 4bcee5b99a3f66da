import Foundation
import Testing

/// `--help` documents what `--send` sends, what `--follow` does and how `-o` behaves.
@Suite struct HelpTextTests {
    @Test func helpSaysWhatSendAndFollowDo() throws {
        let directory = try TestDirectory()
        let result = try ToolProcess.run(["--help"], in: directory.path)
        // Lines are wrapped: compare with every run of spaces and line breaks as one space.
        let text = String(decoding: result.standardOutput, as: UTF8.self).split(whereSeparator: \.isWhitespace)
            .joined(separator: " ")
        #expect(result.status == 0)
        #expect(text.contains("The server receives exactly the offline output's bytes: nothing is added or rewritten"))
        #expect(text.contains("-L, --follow with --send: follow 301, 302, 303, 307 and 308 redirects"))
        #expect(text.contains("Proxy-Authorization, Cookie and -H Host are dropped when the origin"))
        #expect(text.contains("--timeout <SECONDS> with --send: give up after this long without any progress"))
        #expect(text.contains("renamed over PATH only when everything was written"))
        #expect(text.contains("User information (http://user:pw@host/) becomes an Authorization: Basic header"))
    }
}
