import Foundation
import OpenAPIRuntime
import Testing
import Wireform
import WireformMultipart
import WireformOpenAPIRuntime

@Suite struct HTTPBodyTests {
    @Test func inMemoryBodyKeepsItsBytesAndLength() async throws {
        let body = HTTPBody(MessageBody(bytes: [1, 2, 3]))
        #expect(body.length == .known(3))
        #expect(body.iterationBehavior == .multiple)
        #expect(try await [UInt8](collecting: body, upTo: 10) == [1, 2, 3])
    }

    @Test func streamedFormHasItsExactLengthAndCanBeIteratedAgain() async throws {
        let (file, _) = try makeFile(count: 300_000)
        defer { try? FileManager.default.removeItem(at: file) }
        var form = try MultipartForm(boundary: .constant("openapi-boundary"))
        form.append("x", name: "field")
        try form.append(fileAt: file, name: "upload")
        let expected = try form.encodedBytes()
        let body = HTTPBody(form.serializedBody.body, chunkSize: 64 * 1024)
        #expect(body.length == .known(Int64(expected.count)))
        #expect(body.iterationBehavior == .multiple)
        for _ in 0..<2 {
            #expect(try await [UInt8](collecting: body, upTo: 1 << 20) == expected)
        }
    }

    @Test func singleUseBodyIteratesOnce() async throws {
        let (stream, continuation) = AsyncStream.makeStream(of: ArraySlice<UInt8>.self)
        continuation.yield([4, 5])
        continuation.finish()
        let body = HTTPBody(MessageBody(length: .unknown, singleUse: stream))
        #expect(body.length == .unknown)
        #expect(body.iterationBehavior == .single)
        #expect(try await [UInt8](collecting: body, upTo: 10) == [4, 5])
    }
}

@Suite struct MessageBodyFromHTTPBodyTests {
    @Test func multipleIterationBodyIsReplayable() async throws {
        let body = MessageBody(HTTPBody([1, 2, 3]))
        #expect(body.length == .known(3))
        #expect(body.isReplayable)
        #expect(try await body.collect(upTo: 10) == [1, 2, 3])
        #expect(try await body.collect(upTo: 10) == [1, 2, 3])
    }

    @Test func singleIterationBodyIsNotReplayableAndRefusesASecondRead() async throws {
        let (stream, continuation) = AsyncStream.makeStream(of: ArraySlice<UInt8>.self)
        continuation.yield([7, 8])
        continuation.finish()
        let body = MessageBody(HTTPBody(stream, length: .known(2)))
        #expect(!body.isReplayable)
        #expect(try await body.collect(upTo: 10) == [7, 8])
        let error = await #expect(throws: SerializationError.self) { try await body.collect(upTo: 10) }
        #expect(error?.code == .bodyAlreadyConsumed)
    }

    @Test func knownLengthIsEnforced() async throws {
        let (stream, continuation) = AsyncStream.makeStream(of: ArraySlice<UInt8>.self)
        continuation.yield([7, 8])
        continuation.finish()
        let body = MessageBody(HTTPBody(stream, length: .known(5)))
        let error = await #expect(throws: SerializationError.self) { try await body.collect(upTo: 10) }
        #expect(error?.code == .lengthMismatch)
        #expect(error?.reason == "The body ended after 2 of the 5 bytes it declared")
    }

    @Test func bodyBecomesAMultipartPart() async throws {
        var form = try MultipartForm(boundary: .constant("b"))
        try form.append(MessageBody(HTTPBody("hi")), name: "greeting")
        let bytes = try await form.serializedBody.body.collect(upTo: 1024)
        let expected = [
            "--b",
            "Content-Disposition: form-data; name=\"greeting\"",
            "Content-Type: application/octet-stream",
            "",
            "hi",
            "--b--",
            "",
        ].joined(separator: "\r\n")
        #expect(String(decoding: bytes, as: UTF8.self) == expected)
    }
}
