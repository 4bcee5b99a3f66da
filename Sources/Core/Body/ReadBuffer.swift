/// A fixed buffer for a file body, made only when the consumer asks for less than a chunk at a time (URLSession
/// on Linux asks for 65,524 bytes): the file is then read in large chunks into it and handed out from there.
final class ReadBuffer {
    /// Files are read at least this much at a time.
    static let fileChunkSize = 256 * 1024
    /// Destinations at least this large are filled by `read(2)` directly.
    static let directReadMinimum = 16 * 1024

    // Raw memory that read(2) fills and drain copies from; allocated once, freed in deinit (a final class owns it).
    let storage: UnsafeMutableRawBufferPointer
    var start = 0
    var end = 0

    init(capacity: Int = ReadBuffer.fileChunkSize) {
        // Allocated once per file body; deinit frees it (no copy of this class ever owns it twice).
        storage = UnsafeMutableRawBufferPointer.allocate(byteCount: capacity, alignment: 16)
    }

    deinit { storage.deallocate() }

    var buffered: Int { end - start }

    /// Copies buffered bytes into `destination`; returns how many.
    // One memcpy of `count` bytes, which the buffer holds and the destination has room for.
    func drain(into destination: UnsafeMutableRawBufferPointer) -> Int {
        let count = min(buffered, destination.count)
        guard count > 0, let target = destination.baseAddress, let source = storage.baseAddress else { return 0 }
        target.copyMemory(from: source + start, byteCount: count)
        start += count
        return count
    }
}
