import Foundation
import Wireform

/// Produces a form's body synchronously, segment by segment, filling each buffer it is given.
///
/// It stops (returning what it has, or `0`) in front of a part made from an async sequence; ``MultipartChunks``
/// handles those parts and then moves the reader past them.
struct MultipartBodyReader: BodyReader {
    private enum PartState {
        case bytes([UInt8], offset: Int)
        case data(Data, offset: Int)
        case file(FilePartReader)
        case stream(StreamPartReader)
    }

    private let layout: MultipartLayout
    private var index = 0
    private var framingOffset = 0
    private var part: PartState?
    private var fileBuffer: ReadBuffer?
    /// The search for the delimiter in the streamed part being read, when the boundary is not random.
    private var search = DelimiterSearch()
    private var hasCheckedInMemoryParts = false
    /// The delimiter error, thrown again by every later read: the body never goes on past it.
    private var failure: SerializationError?

    init(layout: MultipartLayout) { self.layout = layout }

    /// The async part the reader is waiting in front of, if any.
    var pendingAsynchronousPart:
        (length: RequestBody.Length, make: @Sendable () throws -> PartChunkIterator, label: PartLabel)?
    {
        guard index < layout.segments.count, case .content(let content, let label) = layout.segments[index],
            case .chunks(let length, let make) = content.storage
        else { return nil }
        return (length, make, label)
    }

    /// Moves past the async part the reader is waiting in front of.
    mutating func skipAsynchronousPart() {
        if pendingAsynchronousPart != nil { index += 1 }
    }

    mutating func read(into buffer: UnsafeMutableRawBufferPointer) throws -> Int {
        if let failure { throw failure }
        if !hasCheckedInMemoryParts {
            hasCheckedInMemoryParts = true
            do {
                try layout.checkInMemoryParts()
            } catch {
                failure = error
                throw error
            }
        }
        var written = 0
        while written < buffer.count, index < layout.segments.count {
            let rest = UnsafeMutableRawBufferPointer(rebasing: buffer[written...])
            switch layout.segments[index] {
            case .framing(let bytes):
                let count = Self.copy(bytes, from: framingOffset, into: rest)
                framingOffset += count
                written += count
                if framingOffset == bytes.count {
                    framingOffset = 0
                    index += 1
                }
            case .content(let content, let label):
                var state: PartState
                if let current = part {
                    state = current
                } else {
                    switch content.storage {
                    case .bytes(let bytes): state = .bytes(bytes, offset: 0)
                    case .data(let data): state = .data(data, offset: 0)
                    case .file(let file):
                        state = .file(FilePartReader(file: file, label: label.text))
                        search = DelimiterSearch()
                    case .reader(let length, let make):
                        search = DelimiterSearch()
                        state = .stream(
                            StreamPartReader(
                                reader: try Self.make(make, label.text), length: length, label: label.text))
                    case .chunks:
                        return written
                    }
                }
                part = nil
                let count: Int
                switch state {
                case .bytes(let bytes, let offset):
                    count = Self.copy(bytes, from: offset, into: rest)
                    state = .bytes(bytes, offset: offset + count)
                case .data(let data, let offset):
                    count = Self.copy(data, from: offset, into: rest)
                    state = .data(data, offset: offset + count)
                case .file(let reader):
                    let buffer = fileBuffer ?? ReadBuffer()
                    fileBuffer = buffer
                    count = try reader.read(into: rest, buffer: buffer)
                    try checkStreamed(UnsafeRawBufferPointer(rebasing: rest[..<count]), of: label)
                case .stream(var reader):
                    count = try reader.read(into: rest)
                    state = .stream(reader)
                    try checkStreamed(UnsafeRawBufferPointer(rebasing: rest[..<count]), of: label)
                }
                if count == 0 {
                    index += 1
                } else {
                    written += count
                    part = state
                }
            }
        }
        return written
    }

    /// Searches a streamed part's next bytes for the delimiter, when the boundary is not random.
    private mutating func checkStreamed(
        _ bytes: UnsafeRawBufferPointer,
        of label: PartLabel
    ) throws(SerializationError) {
        guard let delimiter = layout.delimiter, search.scan(bytes, for: delimiter) else { return }
        let error = delimiter.error(in: label)
        failure = error
        throw error
    }

    private static func make(
        _ make: @Sendable () throws -> any BodyReader,
        _ label: String
    ) throws(SerializationError) -> any BodyReader {
        do {
            return try make()
        } catch let error as SerializationError {
            throw error
        } catch {
            throw SerializationError(.streamFailed, "Making the stream for \(label) failed", underlyingError: error)
        }
    }

    private static func copy(_ data: Data, from offset: Int, into buffer: UnsafeMutableRawBufferPointer) -> Int {
        let count = min(data.count - offset, buffer.count)
        guard count > 0, let target = buffer.baseAddress else { return 0 }
        data.withUnsafeBytes { source in
            if let base = source.baseAddress { target.copyMemory(from: base + offset, byteCount: count) }
        }
        return count
    }

    private static func copy(_ bytes: [UInt8], from offset: Int, into buffer: UnsafeMutableRawBufferPointer) -> Int {
        let count = min(bytes.count - offset, buffer.count)
        guard count > 0, let target = buffer.baseAddress else { return 0 }
        bytes.withUnsafeBytes { source in
            if let base = source.baseAddress { target.copyMemory(from: base + offset, byteCount: count) }
        }
        return count
    }
}
