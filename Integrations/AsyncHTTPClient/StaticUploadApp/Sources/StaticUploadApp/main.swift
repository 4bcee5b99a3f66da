import AsyncHTTPClient
import NIOCore
import Wireform
import WireformAsyncHTTPClient
import WireformMultipart

#if canImport(FoundationEssentials)
    import FoundationEssentials
#else
    import Foundation
#endif

// Uploads a multipart form with a file part to `http://127.0.0.1:PORT/sink` through AsyncHTTPClient, writes the bytes
// it sent to EXPECTED (for the caller to hash), and prints the server's JSON answer.
//
//     StaticUploadApp PORT FILE EXPECTED
struct UsageError: Error, CustomStringConvertible {
    var description: String { "usage: StaticUploadApp PORT FILE EXPECTED" }
}

let arguments = CommandLine.arguments
guard arguments.count == 4, let port = Int(arguments[1]) else { throw UsageError() }
var form = try MultipartForm(boundary: .constant("static-upload"))
form.append("wireform", name: "name")
try form.append(fileAt: URL(fileURLWithPath: arguments[2]), name: "upload")
try Data(try form.encodedBytes()).write(to: URL(fileURLWithPath: arguments[3]))
let request = try RequestSerializer().serializedRequest(
    method: .post, url: "http://127.0.0.1:\(port)/sink", query: ["v": 1], body: form.serializedBody)
let response = try await HTTPClient.shared.execute(request, timeout: .seconds(30))
let body = try await response.body.collect(upTo: 1 << 20)
print(String(decoding: body.readableBytesView, as: UTF8.self))
