import AsyncHTTPClient
import Foundation
import NIOCore
import Wireform
import WireformAsyncHTTPClient
import WireformFoundation
import WireformMultipart

#if canImport(FoundationNetworking)
    import FoundationNetworking
#endif

// Uploads one file as a one-part multipart form (`file`) and prints one JSON line: the client, the seconds from
// the start of the request to the end of the response, and the server's answer.
//
//   upload-bench ahc|urlsession|urlsession-stream URL FILE
//   upload-bench idle-ahc URL          (a 1-byte POST: the idle client's footprint)
//   UPLOAD_CHUNK_SIZE=N upload-bench ahc URL FILE   (the adapter with N-byte chunks instead of the default)

let arguments = CommandLine.arguments
guard arguments.count >= 3 else {
    FileHandle.standardError.write(Data("usage: upload-bench CLIENT URL [FILE]\n".utf8))
    exit(2)
}
let client = arguments[1]
let url = arguments[2]

func form() throws -> MultipartForm {
    var form = MultipartForm()
    try form.append(fileAt: URL(fileURLWithPath: arguments[3]), name: "file")
    return form
}

func report(_ seconds: Double, _ answer: Data) {
    let text = String(decoding: answer, as: UTF8.self)
    print("{\"client\": \"\(client)\", \"seconds\": \(seconds), \"server\": \(text)}")
}

let clock = ContinuousClock()
switch client {
case "ahc", "idle-ahc":
    let httpClient = HTTPClient(eventLoopGroup: HTTPClient.defaultEventLoopGroup)
    do {
        let request: SerializedRequest
        if client == "ahc" {
            request = try RequestSerializer().serializedRequest(
                method: .post, url: url, body: try form().serializedBody)
        } else {
            request = try SerializedRequest(method: .post, url: url, body: MessageBody(bytes: [1]))
        }
        let start = clock.now
        let response: HTTPClientResponse
        if let size = ProcessInfo.processInfo.environment["UPLOAD_CHUNK_SIZE"].flatMap(Int.init) {
            var direct = HTTPClientRequest(request)
            direct.body = request.body.map { HTTPClientRequest.Body($0, chunkSize: size) }
            response = try await httpClient.execute(direct, timeout: .minutes(10))
        } else {
            response = try await httpClient.execute(request, timeout: .minutes(10))
        }
        let body = try await response.body.collect(upTo: 1 << 20)
        let elapsed = clock.now - start
        report(
            Double(elapsed.components.attoseconds) / 1e18 + Double(elapsed.components.seconds),
            Data(body.readableBytesView))
    } catch {
        FileHandle.standardError.write(Data("upload failed: \(error)\n".utf8))
        try await httpClient.shutdown().get()
        exit(1)
    }
    try await httpClient.shutdown().get()
case "urlsession", "urlsession-stream":
    var request = URLRequest(url: URL(string: url)!)
    request.httpMethod = "POST"
    let uploader = MultipartUploader()
    let start = clock.now
    let (data, _) =
        client == "urlsession"
        ? try await uploader.upload(try form(), with: request)
        : try await uploader.streamingUpload(try form(), with: request)
    let elapsed = clock.now - start
    report(Double(elapsed.components.attoseconds) / 1e18 + Double(elapsed.components.seconds), data)
default:
    FileHandle.standardError.write(Data("unknown client '\(client)'\n".utf8))
    exit(2)
}
