import AsyncHTTPClient
import NIOHTTP1

/// The printed head of a `--send` response: `HTTP/1.1 200 OK` (or `HTTP/2 200 OK`), the header fields as
/// AsyncHTTPClient received them (names with their case, in order), and the empty line, CRLF each.
///
/// The reason phrase is the standard one for the code (SwiftNIO keeps no phrase the server sent), and nothing for
/// a code it does not know.
enum ResponseHeadText {
    /// The head's bytes.
    static func bytes(of response: HTTPClientResponse) -> [UInt8] {
        let version =
            response.version.major >= 2 && response.version.minor == 0
            ? "HTTP/\(response.version.major)" : "HTTP/\(response.version.major).\(response.version.minor)"
        let reason = response.status.reasonPhrase
        var text = "\(version) \(response.status.code)\(reason.isEmpty ? "" : " " + reason)\r\n"
        for (name, value) in response.headers {
            text += "\(name): \(value)\r\n"
        }
        text += "\r\n"
        return Array(text.utf8)
    }
}
