import Foundation
import Testing
import Wireform
import WireformFoundation

@Suite struct BodyInputStreamTests {
    @Test(arguments: MessageBodyTests.sizes)
    func readsAStreamedBodyWithReadsOfAnySize(size: Int) throws {
        let body = MessageBody(length: .known(150_001)) { PatternReader(total: 150_001, step: 10_000) }
        let stream = try body.makeInputStream()
        #expect(stream is BodyInputStream)
        #expect(readAll(stream, maxLength: size) == PatternReader.bytes(150_001))
    }

    @Test(arguments: MessageBodyTests.sizes)
    func readsAnInMemoryBodyWithReadsOfAnySize(size: Int) throws {
        let bytes = PatternReader.bytes(70_000)
        #expect(readAll(BodyInputStream(body: MessageBody(bytes: bytes)), maxLength: size) == bytes)
        #expect(readAll(try MessageBody(bytes: bytes).makeInputStream(), maxLength: size) == bytes)
    }

    @Test func reportsItsStatusFromOpenToEnd() {
        let stream = BodyInputStream(body: MessageBody(bytes: [1, 2, 3]))
        #expect(stream.streamStatus == .notOpen)
        stream.open()
        #expect(stream.streamStatus == .open)
        #expect(stream.hasBytesAvailable)
        var buffer = [UInt8](repeating: 0, count: 8)
        #expect(stream.read(&buffer, maxLength: 0) == 0)
        #expect(stream.read(&buffer, maxLength: 8) == 3)
        #expect(Array(buffer[0..<3]) == [1, 2, 3])
        #expect(stream.read(&buffer, maxLength: 8) == 0)
        #expect(stream.streamStatus == .atEnd)
        #expect(!stream.hasBytesAvailable)
        #expect(stream.read(&buffer, maxLength: 8) == 0)
        stream.close()
        #expect(stream.streamStatus == .closed)
        #expect(stream.streamError == nil)
    }

    @Test func aFailingBodyEndsWithAnErrorNotAShortBody() throws {
        let body = MessageBody(length: .known(10)) { PatternReader(total: 10, step: 4, failAfter: 8) }
        let stream = BodyInputStream(body: body)
        stream.open()
        var buffer = [UInt8](repeating: 0, count: 16)
        #expect(stream.read(&buffer, maxLength: 16) == 4)
        #expect(stream.read(&buffer, maxLength: 16) == 4)
        #expect(stream.read(&buffer, maxLength: 16) == -1)
        #expect(stream.streamStatus == .error)
        let error = try #require(stream.streamError as? SerializationError)
        #expect(error.code == .lengthMismatch)
        #expect(error.reason == "The pattern stopped at 8 bytes")
        #expect(stream.read(&buffer, maxLength: 16) == -1)
        stream.close()
        #expect(stream.streamStatus == .error)
    }

    @Test func aReaderThatCannotBeMadeFailsTheStream() throws {
        let body = MessageBody(length: .unknown) { () throws -> any BodyReader in
            throw SerializationError(.fileUnavailable, "File '/nope' does not exist")
        }
        let stream = BodyInputStream(body: body)
        stream.open()
        #expect(stream.streamStatus == .error)
        var buffer = [UInt8](repeating: 0, count: 4)
        #expect(stream.read(&buffer, maxLength: 4) == -1)
        #expect((stream.streamError as? SerializationError)?.code == .fileUnavailable)
    }

    @Test func readingWithoutOpeningOpensTheStream() {
        let stream = BodyInputStream(body: MessageBody(bytes: [9]))
        var buffer = [UInt8](repeating: 0, count: 4)
        #expect(stream.read(&buffer, maxLength: 4) == 1)
        #expect(buffer[0] == 9)
    }
}
