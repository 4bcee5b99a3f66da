#if canImport(FoundationEssentials)
    package import FoundationEssentials
#else
    package import Foundation
#endif

/// The pairs of a query style as multipart fields keep them: each unescaped name, then its value, end to end in one
/// buffer, with two offsets a field (``QueryFieldEnds``).
///
/// ``QueryFieldSink`` writes them as the one query writer names the fields; a value's text is its UTF-8, data its
/// bytes, a list its items joined with the delimiter, a name alone an empty value. Two million fields of 90 bytes
/// cost their 180 MB and 16 MB of offsets, where ``QueryPair``s cost two `String`s each on top.
///
/// A class, so that holding or passing fields retains one object, not the buffer and the offsets' arrays; its reads
/// are inlinable, with the storage they read. A multipart body reads a field's name and value several times per
/// field, from another module (1,000,000 fields, `Scripts/memory-check`: 4.7 x the form body's time as a struct
/// with calls; retains and releases took 28 % of it).
package final class QueryFields: Sendable {
    /// The names and values, end to end; the buffer the writer grew with `realloc`, moved here without a copy.
    @usableFromInline let bytes: Data
    /// Where each name and value ends in ``bytes``.
    @usableFromInline let ends: QueryFieldEnds

    /// No fields.
    package init() {
        bytes = Data()
        ends = QueryFieldEnds()
    }

    /// Fields made by ``QueryFieldSink``.
    init(bytes: Data, ends: QueryFieldEnds) {
        self.bytes = bytes
        self.ends = ends
    }

    /// The number of fields.
    @inlinable package var count: Int { ends.count / 2 }

    /// Where field `index`'s name is in the bytes.
    @inlinable package func name(at index: Int) -> Range<Int> {
        (index == 0 ? 0 : ends[2 * index - 1])..<ends[2 * index]
    }

    /// Where field `index`'s value is in the bytes.
    @inlinable package func value(at index: Int) -> Range<Int> { ends[2 * index]..<ends[2 * index + 1] }

    /// Calls `body` with the names and values, end to end, where they are.
    // The fields' one buffer lent in place to the multipart reader (values are copied once, into the body's chunks).
    @inlinable package func withUnsafeBytes<Result>(_ body: (UnsafeRawBufferPointer) throws -> Result) rethrows
        -> Result
    {
        try bytes.withUnsafeBytes(body)
    }

    /// Field `index`'s name as text.
    package func nameText(at index: Int) -> String {
        // Data made by the sink starts at index 0, so the ranges index it directly.
        String(decoding: bytes[name(at: index)], as: UTF8.self)
    }

    /// Field `index`'s value as bytes.
    package func valueBytes(at index: Int) -> [UInt8] { Array(bytes[value(at: index)]) }
}
