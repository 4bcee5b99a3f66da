import Foundation
import Testing
import Wireform
import WireformFoundation

/// A `.known(n)` body, sent as `Content-Length: n`, produces exactly `n` bytes or fails, however it is read.
@Suite struct MessageBodyDeclaredLengthTests {
    private static let shortMessage = "The body ended after 3 of the 5 bytes it declared"
    private static let longMessage = "The body produced more than the 2 bytes it declared (at least 3)"

    private func readAll(_ body: MessageBody) throws -> [UInt8] {
        var reader = try body.makeReader()
        var result: [UInt8] = []
        var buffer = [UInt8](repeating: 0, count: 2)
        while true {
            let count = try buffer.withUnsafeMutableBytes { try reader.read(into: $0) }
            if count == 0 { return result }
            result += buffer[0..<count]
        }
    }

    private func collect(_ body: MessageBody) async throws -> [UInt8] {
        var result: [UInt8] = []
        for try await chunk in body.chunks(chunkSize: 2) { result += chunk }
        return result
    }

    @Test func aReaderThatEndsEarlyIsAnError() {
        let body = MessageBody(length: .known(5)) { ByteArrayBodyReader([1, 2, 3]) }
        expectSerializationError(.lengthMismatch, Self.shortMessage) { _ = try readAll(body) }
    }

    @Test func aReaderThatProducesMoreIsAnError() {
        let body = MessageBody(length: .known(2)) { ByteArrayBodyReader([1, 2, 3]) }
        expectSerializationError(.lengthMismatch, Self.longMessage) { _ = try readAll(body) }
    }

    @Test func aReaderOfTheDeclaredLengthIsRead() throws {
        let body = MessageBody(length: .known(3)) { ByteArrayBodyReader([1, 2, 3]) }
        #expect(try readAll(body) == [1, 2, 3])
        #expect(try body.collectSynchronously(upTo: 10) == [1, 2, 3])
    }

    @Test func anUnknownLengthIsNotChecked() throws {
        let body = MessageBody(length: .unknown) { ByteArrayBodyReader([1, 2, 3]) }
        #expect(try readAll(body) == [1, 2, 3])
    }

    @Test func chunksOfAShortReaderEndWithAnError() async {
        let body = MessageBody(length: .known(5)) { ByteArrayBodyReader([1, 2, 3]) }
        await expectSerializationError(.lengthMismatch, Self.shortMessage) { _ = try await collect(body) }
    }

    @Test func asyncChunksThatEndEarlyOrRunLongAreErrors() async throws {
        let short = MessageBody(length: .known(5)) { [[1, 2], [3]].map { ArraySlice<UInt8>($0) }.async }
        await expectSerializationError(.lengthMismatch, Self.shortMessage) { _ = try await collect(short) }
        let long = MessageBody(length: .known(2)) { [[1, 2], [3]].map { ArraySlice<UInt8>($0) }.async }
        await expectSerializationError(.lengthMismatch, Self.longMessage) { _ = try await collect(long) }
        let exact = MessageBody(length: .known(3)) { [[1, 2], [3]].map { ArraySlice<UInt8>($0) }.async }
        #expect(try await collect(exact) == [1, 2, 3])
    }

    @Test func aSingleUseSequenceIsCheckedToo() async {
        let body = MessageBody(length: .known(5), singleUse: [[1, 2], [3]].map { ArraySlice<UInt8>($0) }.async)
        await expectSerializationError(.lengthMismatch, Self.shortMessage) { _ = try await collect(body) }
    }

    @Test func anInputStreamOfAShortBodyReportsTheError() throws {
        let body = MessageBody(length: .known(5)) { ByteArrayBodyReader([1, 2, 3]) }
        let stream = try body.makeInputStream()
        stream.open()
        defer { stream.close() }
        var buffer = [UInt8](repeating: 0, count: 16)
        var total = 0
        while true {
            let count = stream.read(&buffer, maxLength: buffer.count)
            if count <= 0 {
                #expect(count == -1)
                break
            }
            total += count
        }
        #expect(total == 3)
        #expect((stream.streamError as? SerializationError)?.code == .lengthMismatch)
    }

    @Test func writingAShortBodyToAFileLeavesNoFile() async throws {
        let directory = FileManager.default.temporaryDirectory.appendingPathComponent("wireform-\(UUID())")
        try FileManager.default.createDirectory(at: directory, withIntermediateDirectories: true)
        defer { try? FileManager.default.removeItem(at: directory) }
        let destination = directory.appendingPathComponent("body")
        let body = MessageBody(length: .known(5)) { ByteArrayBodyReader([1, 2, 3]) }
        await expectSerializationError(.lengthMismatch, Self.shortMessage) { try await body.write(to: destination) }
        #expect(try FileManager.default.contentsOfDirectory(atPath: directory.path) == [])
    }
}

extension Array where Element == ArraySlice<UInt8> {
    /// The chunks as an async sequence that can be made again.
    fileprivate var async: AsyncStream<ArraySlice<UInt8>> {
        AsyncStream { continuation in
            for chunk in self { continuation.yield(chunk) }
            continuation.finish()
        }
    }
}
