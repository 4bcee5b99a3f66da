#if canImport(FoundationEssentials)
    package import FoundationEssentials
#else
    package import Foundation
#endif
#if canImport(Glibc)
    import Glibc
#elseif canImport(Musl)
    import Musl
#elseif canImport(Darwin)
    import Darwin
#endif

/// A growable byte buffer for ``EscapedQuerySink``: raw stores with one capacity check per string, not per byte.
/// The property list writers keep their documents in it too (`QueryByteWriter+Bytes.swift`), for the same growth.
///
/// The bytes are copied out once at the end, into a `String` or an `[UInt8]`, or handed out without a copy as
/// `Data` (``takeData(droppingFirst:)``, a form body). The buffer is the C allocator's and grows with `realloc`,
/// which moves a large buffer by remapping its pages (Linux) instead of copying it: a body of hundreds of
/// megabytes is never held twice while it grows.
package struct QueryByteWriter: ~Copyable {
    // Manual memory: every append reserves first, then stores without bounds checks (W1 -9 %, W2 -8 % vs [UInt8]).
    /// The buffer: ``capacity`` bytes, the first ``count`` written.
    package private(set) var base: UnsafeMutablePointer<UInt8>
    /// Bytes written; the integer writers in `QueryByteWriter+Integers.swift` advance it directly.
    package var count = 0
    /// The bytes allocated.
    package private(set) var capacity: Int

    /// An empty buffer of at least `capacity` bytes.
    package init(capacity: Int) {
        self.capacity = max(capacity, 16)
        base = Self.reallocate(nil, capacity: self.capacity)
    }

    deinit { free(base) }

    /// Makes room for `extra` more bytes.
    @inline(__always)  // With the 28 others in the byte writers: W1 -9 %, W2 -8 %, W3 +6 %
    package mutating func reserve(_ extra: Int) {
        if count &+ extra > capacity { grow(to: count &+ extra) }
    }

    mutating func grow(to needed: Int) {
        let newCapacity = max(needed, capacity &* 2)
        // realloc remaps a large buffer instead of copying it: never two copies of a 200 MB form body or query.
        base = Self.reallocate(base, capacity: newCapacity)
        capacity = newCapacity
    }

    // realloc, not [UInt8] growth: a large buffer is remapped instead of copied (see the type's doc).
    /// `realloc` (`malloc` for `nil`), typed.
    private static func reallocate(_ pointer: UnsafeMutablePointer<UInt8>?, capacity: Int) -> UnsafeMutablePointer<
        UInt8
    > {
        // Out of memory: Swift's own allocations stop the program too; there is no error to report it with.
        guard let raw = realloc(pointer, capacity) else { fatalError("Out of memory for \(capacity) bytes") }
        return raw.assumingMemoryBound(to: UInt8.self)
    }

    /// The bytes without the first `count`, as `Data` that owns the buffer (no copy); the writer is empty
    /// afterwards.
    package mutating func takeData(droppingFirst dropped: Int) -> Data {
        let taken = base
        let length = count
        base = Self.reallocate(nil, capacity: 16)
        capacity = 16
        count = 0
        guard length > dropped else {
            free(taken)
            return Data()
        }
        // No copy: the body is this buffer (the 192 MB file's form body, 205 MB, held once: 2.89 → 1.77 x in all).
        return Data(
            bytesNoCopy: taken + dropped, count: length - dropped,
            deallocator: .custom { start, _ in
                free(start - dropped)
            })
    }

    /// `prefix` followed by the bytes without the first `dropped`, as text (escaped output is ASCII); the writer is
    /// empty afterwards. The bytes move into the text from the end, a block at a time, and the buffer shrinks behind
    /// them (`realloc`), so a query of hundreds of megabytes is not held twice while it becomes a URL.
    mutating func moveToString(after prefix: String, droppingFirst dropped: Int) -> String {
        let length = max(count - dropped, 0)
        let block = 1 << 20
        var prefix = prefix
        let text = prefix.withUTF8 { head in
            // Written straight into the text's storage while the buffer shrinks: the 192 MB file's GET 2.89 → 1.77 x.
            String(unsafeUninitializedCapacity: head.count + length) { text in
                guard let start = text.baseAddress else { return 0 }
                if let headStart = head.baseAddress { start.initialize(from: headStart, count: head.count) }
                var end = count
                while end > dropped {
                    let blockStart = max(dropped, end - block)
                    (start + head.count + blockStart - dropped).initialize(
                        from: base + blockStart, count: end - blockStart)
                    end = blockStart
                    if end >= block {
                        base = Self.reallocate(base, capacity: end)
                        capacity = end
                    }
                }
                return head.count + length
            }
        }
        count = 0
        return text
    }

    /// Appends one byte.
    @inline(__always)  // With the 28 others in the byte writers: W1 -9 %, W2 -8 %, W3 +6 %
    package mutating func append(_ byte: UInt8) {
        reserve(1)
        base[count] = byte
        count &+= 1
    }

    /// Appends bytes percent-escaped through an ``EscapeTable``.
    // Pointers in and out: each byte is one table load and one 4-byte store, after one reserve for all.
    @inline(__always)  // With the 28 others in the byte writers: W1 -9 %, W2 -8 %, W3 +6 %
    mutating func append(escaping bytes: UnsafeBufferPointer<UInt8>, table: UnsafePointer<UInt32>) {
        // Each byte becomes at most three; the 4-byte store of the last entry needs one byte of slack.
        reserve(bytes.count &* 3 &+ 1)
        guard let input = bytes.baseAddress else { return }
        let output = UnsafeMutableRawPointer(base)
        var position = count
        var index = 0
        // Four bytes a turn: a quarter of the loop's own compares and branches (measure changes here with
        // Scripts/compare-query-speed).
        while index &+ 4 <= bytes.count {
            let first = table[Int(input[index])]
            output.storeBytes(of: first.littleEndian, toByteOffset: position, as: UInt32.self)
            position &+= Int(truncatingIfNeeded: first >> 24)
            let second = table[Int(input[index &+ 1])]
            output.storeBytes(of: second.littleEndian, toByteOffset: position, as: UInt32.self)
            position &+= Int(truncatingIfNeeded: second >> 24)
            let third = table[Int(input[index &+ 2])]
            output.storeBytes(of: third.littleEndian, toByteOffset: position, as: UInt32.self)
            position &+= Int(truncatingIfNeeded: third >> 24)
            let fourth = table[Int(input[index &+ 3])]
            output.storeBytes(of: fourth.littleEndian, toByteOffset: position, as: UInt32.self)
            position &+= Int(truncatingIfNeeded: fourth >> 24)
            index &+= 4
        }
        while index < bytes.count {
            let entry = table[Int(input[index])]
            output.storeBytes(of: entry.littleEndian, toByteOffset: position, as: UInt32.self)
            position &+= Int(truncatingIfNeeded: entry >> 24)
            index &+= 1
        }
        count = position
    }

    /// Appends one byte percent-escaped through an ``EscapeTable``.
    // One table entry (up to 3 escaped bytes and a length) stored as 4 bytes into the 4 reserved below.
    @inline(__always)  // With the 28 others in the byte writers: W1 -9 %, W2 -8 %, W3 +6 %
    mutating func append(escapingByte byte: UInt8, table: UnsafePointer<UInt32>) {
        reserve(4)
        let entry = table[Int(byte)]
        UnsafeMutableRawPointer(base).storeBytes(of: entry.littleEndian, toByteOffset: count, as: UInt32.self)
        count &+= Int(truncatingIfNeeded: entry >> 24)
    }

    /// Appends a string's UTF-8 bytes percent-escaped through an ``EscapeTable``.
    // The static escape table as a pointer (see EscapedQuerySink.table); the string's UTF-8 is lent by withUTF8.
    mutating func append(escaping string: String, table: UnsafePointer<UInt32>) {
        // Native strings are contiguous: read them in place, without a copy. Others are made contiguous first.
        let done: Void? = string.utf8.withContiguousStorageIfAvailable { bytes in append(escaping: bytes, table: table)
        }
        if done == nil {
            var string = string
            string.withUTF8 { bytes in append(escaping: bytes, table: table) }
        }
    }

    /// Appends a string's UTF-8 bytes percent-escaped through an ``EscapeTable``, copying percent-encoded triples
    /// (`%` and two hex digits) unchanged, as RFC 6570 reserved expansion does.
    // The static escape table as a pointer (see EscapedQuerySink.table); the string's UTF-8 is lent by withUTF8.
    mutating func append(keepingTriplesEscaping string: String, table: UnsafePointer<UInt32>) {
        let done: Void? = string.utf8.withContiguousStorageIfAvailable { bytes in
            append(keepingTriplesEscaping: bytes, table: table)
        }
        if done == nil {
            var string = string
            string.withUTF8 { bytes in append(keepingTriplesEscaping: bytes, table: table) }
        }
    }

    /// Appends bytes percent-escaped through an ``EscapeTable``, copying percent-encoded triples unchanged.
    // Runs between triples are slices of the caller's buffer (`rebasing:`), escaped without copying them.
    mutating func append(keepingTriplesEscaping bytes: UnsafeBufferPointer<UInt8>, table: UnsafePointer<UInt32>) {
        var start = 0
        var index = 0
        while index < bytes.count {
            if bytes[index] == UInt8(ascii: "%"), index + 2 < bytes.count,
                PercentTriple.isHexDigit(bytes[index + 1]), PercentTriple.isHexDigit(bytes[index + 2])
            {
                // Slices of the caller's buffer (rebasing), escaped in place during this call.
                append(escaping: UnsafeBufferPointer(rebasing: bytes[start..<index]), table: table)
                reserve(3)
                base[count] = bytes[index]
                base[count + 1] = bytes[index + 1]
                base[count + 2] = bytes[index + 2]
                count &+= 3
                index += 3
                start = index
            } else {
                index += 1
            }
        }
        // The last run, a slice too.
        append(escaping: UnsafeBufferPointer(rebasing: bytes[start..<bytes.count]), table: table)
    }

    /// Appends `&` (unless `isFirst`), a name already escaped, and `=` (unless `withEquals` is `false`).
    @inline(__always)  // With the 28 others in the byte writers: W1 -9 %, W2 -8 %, W3 +6 %
    mutating func appendPairStart(name: borrowing QueryByteWriter, isFirst: Bool, withEquals: Bool) {
        let length = name.count
        reserve(length &+ 2)
        if !isFirst {
            base[count] = UInt8(ascii: "&")
            count &+= 1
        }
        Self.copy(from: name.base, to: base + count, count: length)
        count &+= length
        if withEquals {
            base[count] = UInt8(ascii: "=")
            count &+= 1
        }
    }

    /// Copies a few bytes without a `memcpy` call for the common short names.
    // Both pointers hold `count` bytes (the caller reserved the destination); 8-16 bytes move as two 8-byte loads.
    @inline(__always)  // With the 28 others in the byte writers: W1 -9 %, W2 -8 %, W3 +6 %
    static func copy(from source: UnsafePointer<UInt8>, to destination: UnsafeMutablePointer<UInt8>, count: Int) {
        if count >= 8 && count <= 16 {
            // Raw pointers for the unaligned 8-byte loads and stores of the head and the (overlapping) tail.
            let raw = UnsafeRawPointer(source)
            let head = raw.loadUnaligned(as: UInt64.self)
            let tail = raw.loadUnaligned(fromByteOffset: count &- 8, as: UInt64.self)
            let target = UnsafeMutableRawPointer(destination)
            target.storeBytes(of: head, as: UInt64.self)
            target.storeBytes(of: tail, toByteOffset: count &- 8, as: UInt64.self)
        } else if count < 8 {
            var index = 0
            while index < count {
                destination[index] = source[index]
                index &+= 1
            }
        } else {
            destination.update(from: source, count: count)
        }
    }

    /// Drops bytes past `newCount`.
    @inline(__always)  // With the 28 others in the byte writers: W1 -9 %, W2 -8 %, W3 +6 %
    package mutating func truncate(to newCount: Int) { count = newCount }

    /// Appends the bytes to an array.
    func copy(to output: inout [UInt8]) {
        // The `count` initialized bytes, copied out once at the end.
        output.append(contentsOf: UnsafeBufferPointer(start: base, count: count))
    }
}
