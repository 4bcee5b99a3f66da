#if canImport(Glibc)
    import Glibc
#elseif canImport(Musl)
    import Musl
#elseif canImport(Darwin)
    import Darwin
#endif

/// Plain bytes for the writers of other modules that keep their output in this buffer (the property lists), so that
/// a large body grows with `realloc` there too (see the type's doc): copies in, a look at what is written, and the
/// moves and stores a binary property list's layout needs. Not used by the query writers.
extension QueryByteWriter {
    /// Appends bytes.
    /// - Parameter bytes: The bytes.
    // A raw buffer in: one memcpy into the realloc buffer for a run of bytes (the property list writers' bulk appends).
    package mutating func append(contentsOf bytes: UnsafeRawBufferPointer) {
        guard let source = bytes.baseAddress, !bytes.isEmpty else { return }
        reserve(bytes.count)
        // The caller's buffer holds `bytes.count` bytes and `reserve` made room for them after `count`.
        UnsafeMutableRawPointer(base + count).copyMemory(from: source, byteCount: bytes.count)
        count &+= bytes.count
    }

    /// Appends a part of a buffer (of the caller's, or of another writer's ``writtenBytes``).
    /// - Parameter bytes: The bytes.
    // A slice of the buffer's own bytes or another's: one memcpy, no intermediate array.
    package mutating func append(contentsOf bytes: Slice<UnsafeBufferPointer<UInt8>>) {
        // The slice's bytes, as the raw buffer they are.
        append(contentsOf: UnsafeRawBufferPointer(UnsafeBufferPointer(rebasing: bytes)))
    }

    /// Appends the elements of an array.
    /// - Parameter bytes: The bytes.
    package mutating func append(contentsOf bytes: [UInt8]) {
        // The array's storage, lent for the copy.
        bytes.withUnsafeBytes { append(contentsOf: $0) }
    }

    /// Appends a string's UTF-8 bytes.
    /// - Parameter text: The text.
    package mutating func append(utf8 text: String) {
        var text = text
        // The string's UTF-8 storage, lent for the copy.
        text.withUTF8 { append(contentsOf: UnsafeRawBufferPointer($0)) }
    }

    /// Appends one byte `count` times.
    /// - Parameters:
    ///   - byte: The byte.
    ///   - repeatCount: How many times.
    package mutating func append(_ byte: UInt8, count repeatCount: Int) {
        guard repeatCount > 0 else { return }
        reserve(repeatCount)
        // `reserve` made room for `repeatCount` bytes after `count`.
        (base + count).initialize(repeating: byte, count: repeatCount)
        count &+= repeatCount
    }

    /// The bytes written so far, valid until the buffer next changes (an append can move it): for reading them in
    /// place, as a writer reads back a key it wrote.
    // The first `count` bytes of the buffer, lent while the caller makes no change (documented above).
    package var writtenBytes: UnsafeBufferPointer<UInt8> { UnsafeBufferPointer(start: base, count: count) }

    /// Sets the count of written bytes to `newCount`, making room first: bytes past the old count are the caller's
    /// to fill (with ``moveBytes(_:to:)`` and ``storeBigEndian(_:size:at:)``) before they are read.
    /// - Parameter newCount: The new count, at least the old one.
    package mutating func extend(to newCount: Int) {
        // Internal invariant: only the property list writers call this, always with a count past the written bytes.
        precondition(newCount >= count, "extend(to:) never shrinks")
        reserve(newCount &- count)
        count = newCount
    }

    /// Moves written bytes to another place in the written bytes; the two ranges may overlap.
    /// - Parameters:
    ///   - range: The bytes to move, within ``count``.
    ///   - destination: Where their first byte goes; the moved bytes end within ``count``.
    package mutating func moveBytes(_ range: Range<Int>, to destination: Int) {
        // Internal invariants: the binary property list's layout moves only bytes it wrote, to within what it wrote.
        precondition(range.lowerBound >= 0 && range.upperBound <= count, "Moving bytes past the written ones")
        precondition(destination >= 0 && destination + range.count <= count, "Moving bytes past the written ones")
        guard !range.isEmpty, destination != range.lowerBound else { return }
        // memmove within the buffer: both ranges lie in the first `count` bytes (checked above).
        memmove(base + destination, base + range.lowerBound, range.count)
    }

    /// Stores the low `size` bytes of a value, most significant first, over written bytes.
    /// - Parameters:
    ///   - value: The value.
    ///   - size: How many bytes, at most 8.
    ///   - position: Where the first goes; the last is below ``count``.
    package mutating func storeBigEndian(_ value: UInt64, size: Int, at position: Int) {
        // Internal invariant: the binary property list stores offsets and references only over bytes it reserved.
        precondition(position >= 0 && position + size <= count && size <= 8, "Storing past the written bytes")
        var shift = (size - 1) * 8
        var index = position
        while shift >= 0 {
            base[index] = UInt8(truncatingIfNeeded: value >> UInt64(shift))
            shift -= 8
            index += 1
        }
    }
}
