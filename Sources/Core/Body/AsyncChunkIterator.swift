/// A type-erased iterator over body chunks, so ``MessageBody`` can hold any `AsyncSequence` of byte slices.
final class AsyncChunkIterator {
    private let nextChunk: () async throws -> ArraySlice<UInt8>?

    init<Chunks: AsyncSequence>(_ chunks: Chunks) where Chunks.Element == ArraySlice<UInt8> {
        var iterator = chunks.makeAsyncIterator()
        nextChunk = { try await iterator.next() }
    }

    /// An iterator over chunks produced by a closure.
    init(next: @escaping () async throws -> ArraySlice<UInt8>?) {
        nextChunk = next
    }

    func next() async throws -> ArraySlice<UInt8>? { try await nextChunk() }
}
