import Foundation
import Wireform

/// A part source that misbehaves on purpose.
struct FaultyReader: BodyReader {
    enum Fault: Sendable {
        /// Produces `count` bytes, then throws.
        case throwsAfter(Int)
        /// Produces `count` bytes, then ends.
        case endsAfter(Int)
        /// Claims more bytes than the buffer holds.
        case overreports
    }

    struct Failure: Error, CustomStringConvertible {
        var description: String { "injected failure" }
    }

    let fault: Fault
    var produced = 0

    init(_ fault: Fault) { self.fault = fault }

    mutating func read(into buffer: UnsafeMutableRawBufferPointer) throws -> Int {
        switch fault {
        case .throwsAfter(let limit), .endsAfter(let limit):
            let count = min(buffer.count, limit - produced)
            if count == 0 {
                if case .throwsAfter = fault { throw Failure() }
                return 0
            }
            for index in 0..<count { buffer[index] = UInt8(ascii: "x") }
            produced += count
            return count
        case .overreports:
            return buffer.count + 1
        }
    }
}

/// An async sequence of chunks that can fail after its chunks.
struct ChunkSequence: AsyncSequence, Sendable {
    typealias Element = [UInt8]

    let chunks: [[UInt8]]
    var failsAtEnd = false

    struct AsyncIterator: AsyncIteratorProtocol {
        var chunks: [[UInt8]]
        let failsAtEnd: Bool
        mutating func next() async throws -> [UInt8]? {
            if chunks.isEmpty {
                if failsAtEnd { throw FaultyReader.Failure() }
                return nil
            }
            return chunks.removeFirst()
        }
    }

    func makeAsyncIterator() -> AsyncIterator { AsyncIterator(chunks: chunks, failsAtEnd: failsAtEnd) }
}

/// A part body from a ``ChunkSequence`` made fresh for each use.
func chunkBody(length: MessageBody.Length, _ make: @escaping @Sendable () -> ChunkSequence) -> MessageBody {
    MessageBody(length: length) { make().map { ArraySlice($0) } }
}
