import Testing
import Wireform
import WireformFoundation

@Suite struct MessageBodyThrottlingTests {
    @Test func throttledBodyComesInPackets() async throws {
        let bytes = (0..<10).map { UInt8($0) }
        let body = MessageBody(bytes: bytes).throttled(packetSize: 4, delay: .milliseconds(1))
        var packets: [[UInt8]] = []
        for try await packet in body.chunks() { packets.append(Array(packet)) }
        #expect(packets == [[0, 1, 2, 3], [4, 5, 6, 7], [8, 9]])
        #expect(body.length == .known(10))
        #expect(!body.supportsSynchronousReading)
    }

    @Test func throttledBodyIsNeverAnInputStream() {
        #expect(throws: SerializationError.self) { _ = try MessageBody(bytes: [1]).throttled().makeInputStream() }
    }

    @Test func cancellationEndsTheBodyWithATypedError() async throws {
        let body = MessageBody(bytes: [1, 2, 3]).throttled(packetSize: 1, delay: .seconds(3600))
        let task = Task { () async throws -> Int in
            var count = 0
            for try await _ in body.chunks() {
                count += 1
                withUnsafeCurrentTask { $0?.cancel() }
            }
            return count
        }
        do {
            _ = try await task.value
            Issue.record("Expected cancellation")
        } catch let error as SerializationError {
            #expect(error.code == .cancelled)
        }
    }
}
