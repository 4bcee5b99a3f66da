import AsyncHTTPClient
import Foundation
import NIOCore
import Testing
import Wireform
import WireformAsyncHTTPClient

/// `writeHTTP1Message` writes exactly the HTTP/1.1 message AsyncHTTPClient sends: `Host` first, the request's fields
/// in order, the framing field last, the body as it is framed.
@Suite struct HTTP1MessageTests {
    /// A body of known length: `Content-Length`, the body as it is, every body byte marked as the body's.
    @Test func knownLengthBody() async throws {
        let request = try SerializedRequest(
            method: .post, url: "http://example.com/upload?x=1",
            headers: try HeaderFields(validating: [("Content-Type", "text/plain"), ("x-lower", "Kept")]),
            body: MessageBody(bytes: Array("hello".utf8)))
        let message = try await HTTP1MessageText(request)
        #expect(
            message.text
                == "POST /upload?x=1 HTTP/1.1\r\nHost: example.com\r\nContent-Type: text/plain\r\nx-lower: Kept\r\n"
                + "Content-Length: 5\r\n\r\nhello")
        #expect(message.bodyBytes == 5)
    }

    /// A body of unknown length is chunked in the chunks `ByteBufferChunks` gives AsyncHTTPClient (full
    /// `chunkSize` chunks from a reader), with lowercase hexadecimal sizes and the last chunk `0`; SwiftNIO writes
    /// the field in lowercase after `PUT`, as AsyncHTTPClient gave it after `DELETE`.
    @Test func unknownLengthBodyIsChunked() async throws {
        let bytes = Array(repeating: UInt8(ascii: "a"), count: 40)
        let body = MessageBody(length: .unknown, makeReader: { ByteArrayReader(bytes: bytes) })
        let request = try SerializedRequest(method: .put, url: "http://example.com/data", body: body)
        let message = try await HTTP1MessageText(request, chunkSize: 26)
        let a = { (count: Int) in String(repeating: "a", count: count) }
        #expect(
            message.text
                == "PUT /data HTTP/1.1\r\nHost: example.com\r\ntransfer-encoding: chunked\r\n\r\n"
                + "1a\r\n\(a(26))\r\ne\r\n\(a(14))\r\n0\r\n\r\n")
        #expect(message.bodyBytes == 40)
        let bodyOnly = try await HTTP1MessageText(request, chunkSize: 26, bodyOnly: true)
        #expect(bodyOnly.text == a(40))
        var delete = request
        delete.method = .delete
        #expect(
            try await HTTP1MessageText(delete, chunkSize: 40).text.hasPrefix(
                "DELETE /data HTTP/1.1\r\nHost: example.com\r\nTransfer-Encoding: chunked\r\n\r\n28\r\n"))
    }

    /// An empty `GET` has no framing field; an empty `POST` has `Content-Length: 0`; so has a `POST` with an empty
    /// body held in memory.
    @Test func emptyRequests() async throws {
        let get = try SerializedRequest(method: .get, url: "http://example.com")
        #expect(try await HTTP1MessageText(get).text == "GET / HTTP/1.1\r\nHost: example.com\r\n\r\n")
        let post = try SerializedRequest(method: .post, url: "http://example.com/a")
        #expect(
            try await HTTP1MessageText(post).text
                == "POST /a HTTP/1.1\r\nHost: example.com\r\nContent-Length: 0\r\n\r\n")
        let emptyBody = try SerializedRequest(
            method: .post, url: "http://example.com/a", body: MessageBody(bytes: []))
        #expect(try await HTTP1MessageText(emptyBody).text == (try await HTTP1MessageText(post).text))
        #expect(try await HTTP1MessageText(post, bodyOnly: true).text == "")
    }

    /// `-H Host` is sent first, in place of the URL's; user information never reaches `Host`; a port stays; the
    /// request's own `Content-Length` and `Transfer-Encoding` are replaced by AsyncHTTPClient's.
    @Test func hostFieldFirstFromTheRequestOrTheURL() async throws {
        let given = try SerializedRequest(
            method: .get, url: "http://127.0.0.1:8080/p",
            headers: try HeaderFields(validating: [("Accept", "*/*"), ("Host", "api.example")]))
        #expect(
            try await HTTP1MessageText(given).text
                == "GET /p HTTP/1.1\r\nHost: api.example\r\nAccept: */*\r\n\r\n")
        var userInfo = try SerializedRequest(method: .delete, url: "http://user:secret@example.com:8443/x?y#frag")
        // The initializer refuses this framing; a caller can still set it afterwards.
        userInfo.headers = try HeaderFields(validating: [("Content-Length", "99"), ("Transfer-Encoding", "chunked")])
        #expect(
            try await HTTP1MessageText(userInfo).text
                == "DELETE /x?y HTTP/1.1\r\nHost: example.com:8443\r\n\r\n")
        #expect(
            HTTPClientRequest(userInfo, hostFieldFirst: true).headers.map { "\($0.name): \($0.value)" }
                == ["Host: example.com:8443"])
        // By default AsyncHTTPClient adds `Host` itself, for each request it sends (redirects included).
        #expect(HTTPClientRequest(userInfo).headers.map(\.name) == [])
        #expect(HTTPClientRequest(given).headers.map(\.name) == ["Accept", "Host"])
    }

    /// A target longer than a chunk is written from its own text, in three runs, with the same bytes.
    @Test func longTargetIsWrittenInRuns() async throws {
        let query = String(repeating: "q", count: 100)
        let request = try SerializedRequest(method: .get, url: "http://example.com/?" + query)
        let message = try await HTTP1MessageText(request, chunkSize: 16)
        #expect(message.text == "GET /?\(query) HTTP/1.1\r\nHost: example.com\r\n\r\n")
        #expect(message.runs == 3)
    }
}

/// A message as `writeHTTP1Message` wrote it.
struct HTTP1MessageText {
    /// All of its bytes.
    var bytes: [UInt8] = []
    /// How many of them were marked as the body's.
    var bodyBytes = 0
    /// How many times the writer was called.
    var runs = 0

    /// The bytes as text.
    var text: String { String(decoding: bytes, as: UTF8.self) }

    /// Writes a request's message.
    init(
        _ request: SerializedRequest, chunkSize: Int = ByteBufferChunks.defaultChunkSize, bodyOnly: Bool = false
    ) async throws {
        var bytes: [UInt8] = []
        var bodyBytes = 0
        var runs = 0
        try await request.writeHTTP1Message(chunkSize: chunkSize, bodyOnly: bodyOnly) { run, isBody in
            bytes.append(contentsOf: run)
            runs += 1
            if isBody { bodyBytes += run.count }
        }
        (self.bytes, self.bodyBytes, self.runs) = (bytes, bodyBytes, runs)
    }
}

/// Reads an array in reads of any size.
struct ByteArrayReader: BodyReader {
    /// The bytes to read.
    let bytes: [UInt8]
    /// How many have been read.
    var offset = 0

    /// Reads as many bytes as fit.
    mutating func read(into buffer: UnsafeMutableRawBufferPointer) throws -> Int {
        let count = min(buffer.count, bytes.count - offset)
        bytes[offset..<offset + count].withUnsafeBytes { buffer.copyMemory(from: $0) }
        offset += count
        return count
    }
}
