/// A growable byte buffer for the query fast path: raw stores with one capacity check per string, not per byte.
///
/// The bytes are copied out once at the end, into a `String` or an `[UInt8]`.
struct QueryByteWriter: ~Copyable {
    private(set) var base: UnsafeMutablePointer<UInt8>
    private(set) var count = 0
    private var capacity: Int

    init(capacity: Int) {
        self.capacity = max(capacity, 16)
        base = .allocate(capacity: self.capacity)
    }

    deinit { base.deallocate() }

    /// Makes room for `extra` more bytes.
    @inline(__always)
    mutating func reserve(_ extra: Int) {
        if count &+ extra > capacity { grow(to: count &+ extra) }
    }

    private mutating func grow(to needed: Int) {
        let newCapacity = max(needed, capacity &* 2)
        let newBase = UnsafeMutablePointer<UInt8>.allocate(capacity: newCapacity)
        newBase.update(from: base, count: count)
        base.deallocate()
        base = newBase
        capacity = newCapacity
    }

    @inline(__always)
    mutating func append(_ byte: UInt8) {
        reserve(1)
        base[count] = byte
        count &+= 1
    }

    /// Appends bytes as they are.
    @inline(__always)
    mutating func append(raw bytes: UnsafeBufferPointer<UInt8>) {
        guard let source = bytes.baseAddress, !bytes.isEmpty else { return }
        reserve(bytes.count)
        (base + count).update(from: source, count: bytes.count)
        count &+= bytes.count
    }

    /// Appends another writer's bytes.
    @inline(__always)
    mutating func append(contentsOf other: borrowing QueryByteWriter) {
        append(raw: UnsafeBufferPointer(start: other.base, count: other.count))
    }

    /// Appends bytes percent-escaped through an ``EscapeTable``.
    @inline(__always)
    mutating func append(escaping bytes: UnsafeBufferPointer<UInt8>, table: UnsafePointer<UInt32>) {
        // Each byte becomes at most three; the 4-byte store of the last entry needs one byte of slack.
        reserve(bytes.count &* 3 &+ 1)
        let output = UnsafeMutableRawPointer(base)
        var position = count
        for byte in bytes {
            let entry = table[Int(byte)]
            output.storeBytes(of: entry.littleEndian, toByteOffset: position, as: UInt32.self)
            position &+= Int(truncatingIfNeeded: entry >> 24)
        }
        count = position
    }

    /// Appends one byte percent-escaped through an ``EscapeTable``.
    @inline(__always)
    mutating func append(escapingByte byte: UInt8, table: UnsafePointer<UInt32>) {
        reserve(4)
        let entry = table[Int(byte)]
        UnsafeMutableRawPointer(base).storeBytes(of: entry.littleEndian, toByteOffset: count, as: UInt32.self)
        count &+= Int(truncatingIfNeeded: entry >> 24)
    }

    /// Appends a string's UTF-8 bytes percent-escaped through an ``EscapeTable``.
    @inline(__always)
    mutating func append(escaping string: String, table: UnsafePointer<UInt32>) {
        var string = string
        if !string.isContiguousUTF8 { string.makeContiguousUTF8() }
        let done: Void? = string.utf8.withContiguousStorageIfAvailable { bytes in
            append(escaping: bytes, table: table)
        }
        // Contiguous after `makeContiguousUTF8()`; the loop is only a safety net.
        if done == nil {
            for byte in string.utf8 { append(escapingByte: byte, table: table) }
        }
    }

    /// Appends the decimal digits of an integer (digits need no escaping).
    @inline(__always)
    mutating func appendDecimal(_ value: UInt64) {
        if value < 10 {
            append(UInt8(ascii: "0") &+ UInt8(truncatingIfNeeded: value))
            return
        }
        var digits = 0
        var remaining = value
        while remaining > 0 {
            digits &+= 1
            remaining /= 10
        }
        reserve(digits)
        remaining = value
        var position = count &+ digits
        while remaining > 0 {
            position &-= 1
            base[position] = UInt8(ascii: "0") &+ UInt8(truncatingIfNeeded: remaining % 10)
            remaining /= 10
        }
        count &+= digits
    }

    /// Drops bytes past `newCount`.
    @inline(__always)
    mutating func truncate(to newCount: Int) { count = newCount }

    /// The bytes as UTF-8 text (the fast path only writes ASCII).
    func makeString() -> String {
        String(decoding: UnsafeBufferPointer(start: base, count: count), as: UTF8.self)
    }

    /// Appends the bytes to an array.
    func copy(to output: inout [UInt8]) {
        output.append(contentsOf: UnsafeBufferPointer(start: base, count: count))
    }
}
