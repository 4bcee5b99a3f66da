import Foundation
import Testing
import Wireform
import WireformFoundation

/// Bodies held in memory: `[UInt8]` and `Data` (kept as it is), and an `InputStream` factory.
@Suite struct MessageBodyInMemoryTests {
    @Test func dataBodyIsReadLikeBytes() async throws {
        let body = MessageBody(data: Data("hello".utf8))
        #expect(body.length == .known(5))
        #expect(body.bytes != nil)
        #expect(body.bytes == Array("hello".utf8))
        var seen: [UInt8] = []
        #expect(body.withInMemoryBytes { seen = Array($0) })
        #expect(seen == Array("hello".utf8))
        #expect(try body.collectSynchronously(upTo: 5) == Array("hello".utf8))
        #expect(try await body.collect(upTo: 5) == Array("hello".utf8))
        #expect(readAll(try body.makeInputStream(), maxLength: 2) == Array("hello".utf8))
        let last = LastProgress()
        let reported = body.reportingProgress { last.record($0.completedBytes) }
        #expect(try reported.collectSynchronously(upTo: 5) == Array("hello".utf8))
        #expect(last.value == 5)
    }

    @Test func streamedBodiesAreNotInMemory() {
        let body = MessageBody(length: .known(1)) { ByteArrayBodyReader([1]) }
        #expect(body.bytes == nil)
        var count = -1
        #expect(!body.withInMemoryBytes { count = $0.count })
        #expect(count == -1)
        #expect(MessageBody(bytes: [1, 2]).withInMemoryBytes { count = $0.count })
        #expect(count == 2)
    }

    @Test func inputStreamBodyIsReadAndItsLengthEnforced() throws {
        let body = MessageBody(length: .known(3)) { InputStream(data: Data("abc".utf8)) }
        #expect(try body.collectSynchronously(upTo: 10) == Array("abc".utf8))
        let short = MessageBody(length: .known(4)) { InputStream(data: Data("abc".utf8)) }
        expectSerializationError(.lengthMismatch, "The body ended after 3 of the 4 bytes it declared") {
            _ = try short.collectSynchronously(upTo: 10)
        }
    }
}

/// The last progress a body reported.
private final class LastProgress: @unchecked Sendable {
    private let lock = NSLock()
    private var last: Int64 = -1

    var value: Int64 { lock.withLock { last } }

    func record(_ completed: Int64) { lock.withLock { last = completed } }
}
