#if canImport(FoundationEssentials)
    import FoundationEssentials
#else
    import Foundation
#endif

/// A ``BodyReader`` over `Data` in memory, for `MessageBody(data:)`.
struct DataBodyReader: BodyReader {
    private let data: Data
    private var position = 0

    init(_ data: Data) { self.data = data }

    // BodyReader's raw buffer (the protocol's one requirement); at most `buffer.count` bytes are copied in.
    mutating func read(into buffer: UnsafeMutableRawBufferPointer) -> Int {
        let count = min(buffer.count, data.count - position)
        guard count > 0, let target = buffer.baseAddress else { return 0 }
        // One memcpy of `count` bytes, which both buffers hold (count is the smaller of what each has).
        data.withUnsafeBytes { source in
            if let base = source.baseAddress { target.copyMemory(from: base + position, byteCount: count) }
        }
        position += count
        return count
    }
}
