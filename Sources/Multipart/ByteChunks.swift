/// An async sequence of byte collections seen as the `ArraySlice<UInt8>` chunks a ``Wireform/RequestBody`` reads:
/// slices pass through as they are, other collections are copied once.
struct ByteChunks<Base: AsyncSequence & Sendable>: AsyncSequence, Sendable
where Base.Element: Collection, Base.Element.Element == UInt8 {
    typealias Element = ArraySlice<UInt8>

    let base: Base

    func makeAsyncIterator() -> Iterator { Iterator(base: base.makeAsyncIterator()) }

    struct Iterator: AsyncIteratorProtocol {
        var base: Base.AsyncIterator

        mutating func next() async throws -> ArraySlice<UInt8>? {
            guard let chunk = try await base.next() else { return nil }
            if let slice = chunk as? ArraySlice<UInt8> { return slice }
            return ArraySlice(chunk)
        }
    }
}
