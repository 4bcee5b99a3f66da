import Testing
import Wireform

/// A caller's body that declares one length and produces another, with the declared length ending on one of its
/// chunk edges: the shape that once reached a server as a complete request.
struct LengthMismatchCase: Sendable, CustomTestStringConvertible {
    /// Where the bytes come from.
    enum Source: String, Sendable {
        /// A ``Wireform/BodyReader`` of the caller's that hands out at most `chunkSize` bytes a read.
        case reader
        /// An async sequence of the caller's with chunks of `chunkSize` bytes.
        case asyncChunks
    }

    var declared: Int
    var produced: Int
    var chunkSize: Int
    var source: Source

    var testDescription: String { "\(source.rawValue): declares \(declared), produces \(produced)" }

    /// The body, made fresh for each use.
    var body: MessageBody {
        let (produced, chunkSize) = (produced, chunkSize)
        switch source {
        case .reader:
            return MessageBody(length: .known(Int64(declared))) {
                CountingReader(count: produced, chunkSize: chunkSize)
            }
        case .asyncChunks:
            return MessageBody(length: .known(Int64(declared))) {
                CountingChunks(count: produced, chunkSize: chunkSize)
            }
        }
    }

    /// The error's reason: the declared length and what was seen of the body.
    var reason: String {
        if produced < declared { return "The body ended after \(produced) of the \(declared) bytes it declared" }
        // A reader is asked for one more byte at its declared end; an async sequence for one more chunk.
        let seen = declared + (source == .reader ? 1 : min(chunkSize, produced - declared))
        return "The body produced more than the \(declared) bytes it declared (at least \(seen))"
    }

    /// Whether an error's reason is this case's, for a consumer that reads in pieces of its own size (URLSession
    /// reads 65,524 bytes at a time), which sees a longer body at another count: the declared length and a count
    /// past it that the source produced.
    func isExplained(by reason: String) -> Bool {
        if produced < declared { return reason == self.reason }
        let prefix = "The body produced more than the \(declared) bytes it declared (at least "
        guard reason.hasPrefix(prefix), reason.hasSuffix(")"), let seen = Int(reason.dropFirst(prefix.count).dropLast())
        else { return false }
        return seen > declared && seen <= produced
    }

    /// Declared 1 MiB, 2 MiB and 1,000,000 bytes; more and fewer produced; each from a reader and from chunks.
    static let all: [LengthMismatchCase] = {
        let mebibyte = 1 << 20
        let shapes: [(declared: Int, produced: Int, chunkSize: Int)] = [
            (mebibyte, mebibyte + 1, mebibyte),
            (2 * mebibyte, 3 * mebibyte, mebibyte),
            (1_000_000, 1_000_001, 500_000),
            (mebibyte, mebibyte - 1, mebibyte),
            (2 * mebibyte, mebibyte, mebibyte),
            (1_000_000, 999_999, 500_000),
        ]
        var cases: [LengthMismatchCase] = []
        for shape in shapes {
            for source in [Source.reader, Source.asyncChunks] {
                cases.append(
                    LengthMismatchCase(
                        declared: shape.declared, produced: shape.produced, chunkSize: shape.chunkSize,
                        source: source))
            }
        }
        return cases
    }()
}

/// `count` patterned bytes, at most `chunkSize` a read.
struct CountingReader: BodyReader {
    let count: Int
    let chunkSize: Int
    private var position = 0

    init(count: Int, chunkSize: Int) {
        self.count = count
        self.chunkSize = chunkSize
    }

    mutating func read(into buffer: UnsafeMutableRawBufferPointer) -> Int {
        let length = min(buffer.count, chunkSize, count - position)
        for index in 0..<length { buffer[index] = UInt8(truncatingIfNeeded: position + index) }
        position += length
        return length
    }
}

/// `count` patterned bytes in chunks of `chunkSize`, made again for each iteration.
struct CountingChunks: AsyncSequence, Sendable {
    typealias Element = ArraySlice<UInt8>
    let count: Int
    let chunkSize: Int

    struct AsyncIterator: AsyncIteratorProtocol {
        var reader: CountingReader

        mutating func next() async -> ArraySlice<UInt8>? {
            var chunk = [UInt8](repeating: 0, count: reader.chunkSize)
            let length = chunk.withUnsafeMutableBytes { reader.read(into: $0) }
            return length == 0 ? nil : chunk[0..<length]
        }
    }

    func makeAsyncIterator() -> AsyncIterator {
        AsyncIterator(reader: CountingReader(count: count, chunkSize: chunkSize))
    }
}
