/// Where a part's framing goes: into bytes as the body is written, or only counted while the body's length is worked
/// out, so the one code that writes framing also measures it.
protocol MultipartFramingSink {
    mutating func append(_ byte: UInt8)
    mutating func append(contentsOf bytes: some Collection<UInt8>)
}

extension Array: MultipartFramingSink where Element == UInt8 {}

/// Counts framing bytes without keeping them.
struct MultipartFramingCount: MultipartFramingSink {
    private(set) var count = 0

    mutating func append(_ byte: UInt8) { count += 1 }

    mutating func append(contentsOf bytes: some Collection<UInt8>) { count += bytes.count }
}
