import Foundation
import Testing
import Wireform
import WireformFoundation
import WireformMultipart

#if canImport(FoundationNetworking)
    import FoundationNetworking
#endif

@Suite struct MultipartStreamingTests {
    static let readSizes = [1, 7, 4096, 65524, 1 << 20]

    /// A form with every synchronous kind of part, the file larger than the file read buffer.
    private func mixedForm(in directory: URL) throws -> MultipartForm {
        let fileURL = directory.appendingPathComponent("big file.bin")
        try Data(patternBytes(300 * 1024 + 3)).write(to: fileURL)
        let empty = directory.appendingPathComponent("empty.txt")
        try Data().write(to: empty)
        var form = try pinnedForm()
        form.append("bang", name: "user[name]")
        try form.append(fileAt: fileURL, name: "file")
        try form.append(Data(patternBytes(70_000, seed: 3)), name: "data", fileName: "d.jpg")
        try form.append(fileAt: empty, name: "empty")
        let streamed = Data(patternBytes(100_001, seed: 9))
        try form.append(
            MessageBody(length: .known(Int64(streamed.count))) { InputStream(data: streamed) }, name: "stream",
            fileName: "s.bin")
        form.append(
            headers: HeaderFields(), body: MessageBody(length: .known(5)) { ByteArrayBodyReader(Array("12345".utf8)) })
        return form
    }

    @Test(arguments: readSizes)
    func readerProducesTheSameBytesAtEveryReadSize(readSize: Int) throws {
        let directory = try makeTemporaryDirectory()
        defer { try? FileManager.default.removeItem(at: directory) }
        let form = try mixedForm(in: directory)
        let expected = try form.encodedBytes()
        #expect(form.serializedBody.body.length == .known(Int64(expected.count)))
        let read = try readAll(form.serializedBody.body, readSize: readSize)
        #expect(read.count == expected.count)
        #expect(read == expected)
    }

    @Test(arguments: readSizes)
    func inputStreamProducesTheSameBytesAtEveryReadSize(readSize: Int) throws {
        let directory = try makeTemporaryDirectory()
        defer { try? FileManager.default.removeItem(at: directory) }
        let form = try mixedForm(in: directory)
        let expected = try form.encodedBytes()
        #expect(try readAll(form.serializedBody.body.makeInputStream(), readSize: readSize) == expected)
    }

    @Test(arguments: [7, 64 * 1024, 1 << 20])
    func asyncChunksProduceTheSameBytes(chunkSize: Int) async throws {
        let directory = try makeTemporaryDirectory()
        defer { try? FileManager.default.removeItem(at: directory) }
        let form = try mixedForm(in: directory)
        #expect(try await collectChunks(form.serializedBody.body, chunkSize: chunkSize) == form.encodedBytes())
    }

    @Test func bodyCanBeReplayedAnyNumberOfTimes() async throws {
        let directory = try makeTemporaryDirectory()
        defer { try? FileManager.default.removeItem(at: directory) }
        let body = try mixedForm(in: directory).serializedBody.body
        let first = try readAll(body.makeInputStream(), readSize: 65524)
        #expect(try readAll(body.makeInputStream(), readSize: 65524) == first)
        #expect(try readAll(body, readSize: 4096) == first)
        #expect(try await collectChunks(body) == first)
        #expect(try await collectChunks(body) == first)
    }

    @Test func asyncPartsAreFramedAndReplayed() async throws {
        var form = try pinnedForm()
        form.append("1", name: "a")
        try form.append(
            MessageBody(length: .known(6)) {
                ChunkSequence(chunks: [Array("ab".utf8), [], Array("cdef".utf8)]).map { ArraySlice($0) }
            },
            name: "chunks")
        form.append("2", name: "b")
        let expected = crlf(
            "--B", "Content-Disposition: form-data; name=\"a\"", "", "1",
            "--B", "Content-Disposition: form-data; name=\"chunks\"", "Content-Type: application/octet-stream", "",
            "abcdef",
            "--B", "Content-Disposition: form-data; name=\"b\"", "", "2", "--B--", "")
        #expect(!form.serializedBody.body.supportsSynchronousReading)
        #expect(form.serializedBody.body.length == .known(Int64(expected.count)))
        #expect(try await collectChunks(form.serializedBody.body) == expected)
        #expect(try await form.serializedBody.body.collect(upTo: 1 << 20) == expected)
    }

    @Test func asyncFormCannotBeReadSynchronously() throws {
        var form = try pinnedForm()
        try form.append(
            MessageBody(length: .known(0)) { ChunkSequence(chunks: []).map { ArraySlice($0) } }, name: "chunks")
        expectError(.unsupportedBody) { _ = try form.serializedBody.body.makeInputStream() }
        expectError(.unsupportedBody) { _ = try form.encodedBytes() }
    }

    @Test func serializerRegistersAsMultipartFormData() throws {
        var registry = BodySerializerRegistry()
        registry.register(.multipartFormData(boundary: try .constant("B")))
        let serializer = try registry.serializer(for: ContentType("multipart/form-data; boundary=x")!)
        let serialized = try serializer.serialize(["a": "1"])
        #expect(serialized.contentType.description == "multipart/form-data; boundary=B")
        #expect(
            serialized.body.bytes == crlf("--B", "Content-Disposition: form-data; name=\"a\"", "", "1", "--B--", ""))
    }

    @Test func requestSerializerSetsContentTypeAndLength() throws {
        let serializer = try RequestSerializer(
            registry: BodySerializerRegistry([.multipartFormData(boundary: .constant("B"))]),
            bodyMediaType: .multipartFormData
        )
        let request = try serializer.serializedRequest(method: .post, url: "http://127.0.0.1/x", parameters: ["a": "1"])
            .urlRequest()
        #expect(request.value(forHTTPHeaderField: "Content-Type") == "multipart/form-data; boundary=B")
        #expect(request.value(forHTTPHeaderField: "Content-Length") == "59")
        #expect(request.httpBody?.count == 59)
    }
}
