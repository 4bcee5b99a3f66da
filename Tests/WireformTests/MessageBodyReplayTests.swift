import Foundation
import Testing
import Wireform
import WireformFoundation

@Suite struct MessageBodyReplayTests {
    private static func oneShot() -> MessageBody {
        let (stream, continuation) = AsyncStream.makeStream(of: ArraySlice<UInt8>.self)
        continuation.yield([1, 2, 3])
        continuation.finish()
        return MessageBody(length: .known(3), singleUse: stream)
    }

    @Test func bodiesThatCanBeMadeAgainAreReplayable() throws {
        let file = FileManager.default.temporaryDirectory.appendingPathComponent("wireform-replay-\(UUID())")
        try Data([1, 2, 3]).write(to: file)
        defer { try? FileManager.default.removeItem(at: file) }
        let bodies = [
            MessageBody(bytes: [1, 2, 3]),
            MessageBody(data: Data([1, 2, 3])),
            try MessageBody(fileAt: file),
            MessageBody(length: .known(3)) { ByteArrayBodyReader([1, 2, 3]) },
            MessageBody(length: .unknown) { ReplayChunks(chunks: [[1, 2], [3]]) },
        ]
        #expect(bodies.map(\.isReplayable) == [true, true, true, true, true])
    }

    @Test func singleUseBodyIsNotReplayableAndItsSecondReadThrows() async throws {
        let body = Self.oneShot()
        #expect(!body.isReplayable)
        #expect(try await body.collect(upTo: 10) == [1, 2, 3])
        let error = await #expect(throws: SerializationError.self) { try await body.collect(upTo: 10) }
        #expect(error?.code == .bodyAlreadyConsumed)
    }

    @Test func wrappersKeepTheSourcesReplayability() {
        let oneShot = Self.oneShot()
        let wrapped = [
            oneShot.reportingProgress { _ in }, oneShot.throttled(), oneShot.throttled().reportingProgress { _ in },
        ]
        #expect(wrapped.map(\.isReplayable) == [false, false, false])
        let replayable = MessageBody(bytes: [1])
        #expect([replayable.reportingProgress { _ in }, replayable.throttled()].map(\.isReplayable) == [true, true])
    }

    @Test func callersContentLengthKeepsTheSourcesReplayability() throws {
        let (stream, continuation) = AsyncStream.makeStream(of: ArraySlice<UInt8>.self)
        continuation.finish()
        let oneShot = MessageBody(length: .unknown, singleUse: stream)
        var headers = HeaderFields()
        try headers.setValue("3", for: .contentLength)
        let request = try RequestSerializer().serializedRequest(
            method: .post, url: URL(string: "http://127.0.0.1/")!, headers: headers,
            body: SerializedBody(contentType: .octetStream, body: oneShot))
        #expect(request.body?.length == .known(3))
        #expect(request.body?.isReplayable == false)
    }

    @Test func inheritingReplayabilityNeedsEveryBodyToBeReplayable() {
        let composite = MessageBody(bytes: [9])
        #expect(composite.inheritingReplayability(from: [MessageBody(bytes: [1])]).isReplayable)
        #expect(composite.inheritingReplayability(from: []).isReplayable)
        #expect(!composite.inheritingReplayability(from: [MessageBody(bytes: [1]), Self.oneShot()]).isReplayable)
        // Inheriting never makes a single-use body replayable again.
        #expect(!Self.oneShot().inheritingReplayability(from: [composite]).isReplayable)
    }
}

/// A replayable async sequence of fixed chunks.
private struct ReplayChunks: AsyncSequence, Sendable {
    typealias Element = ArraySlice<UInt8>
    let chunks: [ArraySlice<UInt8>]

    struct AsyncIterator: AsyncIteratorProtocol {
        var remaining: [ArraySlice<UInt8>]
        mutating func next() async -> ArraySlice<UInt8>? { remaining.isEmpty ? nil : remaining.removeFirst() }
    }

    func makeAsyncIterator() -> AsyncIterator { AsyncIterator(remaining: chunks) }
}
