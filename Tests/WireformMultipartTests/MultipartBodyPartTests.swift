import Foundation
import Testing
import Wireform
import WireformMultipart

/// Any ``MessageBody`` can be a part: in memory, a file, a stream, an async sequence, or another format's body.
@Suite struct MultipartBodyPartTests {
    @Test func serializedJSONBodyIsAPartWithItsContentType() throws {
        var form = try pinnedForm()
        let json = SerializedBody(contentType: .json, bytes: Array(#"{"a":1}"#.utf8))
        try form.append(json.body, name: "meta", contentType: .mediaType(json.contentType))
        try form.append(json.body, name: "doc", fileName: "meta.json", contentType: .mediaType(json.contentType))
        var bytes: [UInt8] = []
        bytes += crlf("--B", "Content-Disposition: form-data; name=\"meta\"", "Content-Type: application/json", "")
        bytes += crlf("", #"{"a":1}"#, "--B")
        bytes += crlf("", "Content-Disposition: form-data; name=\"doc\"; filename=\"meta.json\"")
        bytes += crlf("", "Content-Type: application/json", "", #"{"a":1}"#, "--B--", "")
        #expect(try form.encodedBytes() == bytes)
        #expect(form.serializedBody.body.length == .known(Int64(bytes.count)))
    }

    @Test func requestBodiesOfEveryKindArePartsWithTheirLengths() async throws {
        let directory = try makeTemporaryDirectory()
        defer { try? FileManager.default.removeItem(at: directory) }
        let file = directory.appendingPathComponent("a.bin")
        try Data("file".utf8).write(to: file)
        var form = try pinnedForm()
        try form.append(try MessageBody(fileAt: file), name: "f", fileName: "a.bin")
        try form.append(
            MessageBody(data: Data("data".utf8)), name: "d", contentType: .mediaType(ContentType("text/plain")!))
        try form.append(MessageBody(length: .known(6)) { ByteArrayBodyReader(Array("reader".utf8)) }, name: "r")
        var bytes: [UInt8] = []
        bytes += crlf("--B", "Content-Disposition: form-data; name=\"f\"; filename=\"a.bin\"")
        bytes += crlf("", "Content-Type: application/octet-stream", "", "file", "--B")
        bytes += crlf("", "Content-Disposition: form-data; name=\"d\"", "Content-Type: text/plain", "", "data")
        bytes += crlf("", "--B", "Content-Disposition: form-data; name=\"r\"", "Content-Type: application/octet-stream")
        bytes += crlf("", "", "reader", "--B--", "")
        #expect(form.serializedBody.body.length == .known(Int64(bytes.count)))
        #expect(try form.encodedBytes() == bytes)
        #expect(try readAll(form.serializedBody.body, readSize: 3) == bytes)
        #expect(try await collectChunks(form.serializedBody.body, chunkSize: 5) == bytes)
    }

    @Test func asyncRequestBodyIsAPart() async throws {
        var form = try pinnedForm()
        let body = MessageBody(length: .known(4)) { ChunkSequence(chunks: [[1, 2], [3, 4]]).map { ArraySlice($0) } }
        try form.append(body, name: "c")
        #expect(!form.serializedBody.body.supportsSynchronousReading)
        var bytes = crlf("--B", "Content-Disposition: form-data; name=\"c\"", "Content-Type: application/octet-stream")
        bytes += crlf("", "", "")
        bytes += [1, 2, 3, 4]
        bytes += crlf("", "--B--", "")
        #expect(try await collectChunks(form.serializedBody.body) == bytes)
        expectError(.unsupportedBody) { _ = try form.encodedBytes() }
    }

    @Test func aPartBodysErrorNamesThePartAndKeepsItsCode() async throws {
        var form = try pinnedForm()
        try form.append(MessageBody(length: .known(5)) { ByteArrayBodyReader([1, 2, 3]) }, name: "short")
        expectError(.lengthMismatch, "Part 'short': The body ended after 3 of the 5 bytes it declared") {
            _ = try form.encodedBytes()
        }
        let consumed = MessageBody(length: .unknown, singleUse: ChunkSequence(chunks: [[1]]).map { ArraySlice($0) })
        var once = try pinnedForm()
        try once.append(consumed, name: "once")
        _ = try await collectChunks(once.serializedBody.body)
        await expectError(
            .bodyAlreadyConsumed,
            "Part 'once': This body comes from a single-use async sequence that has already been read"
        ) { _ = try await collectChunks(once.serializedBody.body) }
    }
}
