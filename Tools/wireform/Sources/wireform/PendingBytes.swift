/// Hands out bytes a reader produced ahead of its caller: copies what is left of `pending` from `offset` into
/// `buffer` and advances `offset`.
/// - Returns: The number of bytes copied, or `nil` when nothing is pending (the reader must produce more).
func handOutPending(
    _ pending: [UInt8],
    from offset: inout Int,
    into buffer: UnsafeMutableRawBufferPointer
) -> Int? {
    guard offset < pending.count else { return nil }
    let count = min(buffer.count, pending.count - offset)
    pending.withUnsafeBytes { source in
        buffer.copyMemory(from: UnsafeRawBufferPointer(rebasing: source[offset..<offset + count]))
    }
    offset += count
    return count
}
