import Foundation
import Wireform
import WireformFormURLEncoded
import WireformJSONBody
import WireformMultipart
import WireformPropertyListBody

/// The output `wireform-memory` writes, configured as the `wireform` tool's defaults.
enum ProbeFormat: String {
    case form
    case json
    case plist
    case plistBinary = "plist-binary"
    case multipart
    case get

    /// Writes the parameters of `text` as this format's body (or, for `get`, the request's URL) to `output`.
    func write(_ text: JSONText, to output: URL) async throws {
        let style = StandardQueryStyle.brackets
        let url = "http://x/"
        switch self {
        case .get:
            // The path and query as they are kept in the request (no copy), as the tool writes a request line.
            let request = try RequestSerializer().serializedRequest(method: .get, url: url, json: text)
            try TextFile.write(request.path, to: output.path)
        case .multipart:
            var form = MultipartForm(boundary: .random)
            try form.append(json: text, queryStyle: style)
            try await form.serializedBody.body.write(to: output)
        case .form, .json, .plist, .plistBinary:
            let request = try RequestSerializer().serializedRequest(
                method: .post, url: url, json: text, format: serializer)
            try await (request.body ?? MessageBody(bytes: [])).write(to: output)
        }
    }

    private var serializer: any BodySerializer {
        switch self {
        case .form: return FormURLEncodedSerializer(queryStyle: .brackets)
        case .json: return JSONBodySerializer(options: [.fragmentsAllowed, .sortedKeys])
        case .plist: return PropertyListBodySerializer(format: .xml)
        case .plistBinary: return PropertyListBodySerializer(format: .binary)
        case .multipart, .get: return FormURLEncodedSerializer(queryStyle: .brackets)
        }
    }
}
