/// A `--file NAME=@PATH[;filename=NAME][;type=MIME]` argument.
///
/// The path runs up to the first `;filename=` or `;type=`; each attribute runs up to the next one, so a file name
/// may contain `;` and `=` (but not `;type=`). The path is kept as the bytes given (``RawPath``); the field name,
/// `filename=` and `type=` must be UTF-8. A path whose last component is not UTF-8 needs `;filename=`: the name
/// sent is never a U+FFFD-repaired guess.
struct FilePartSpec: Sendable, Equatable {
    /// The form field name.
    var name: String
    /// The file to send.
    var path: RawPath
    /// The file name to send instead of the path's last component.
    var filename: String?
    /// The part's `Content-Type` instead of the one guessed from the file name.
    var contentType: String?

    /// Parses the argument of `--file`.
    /// - Throws: ``UsageError`` whose message is the reason: what is missing or not UTF-8.
    init(parsing argument: [UInt8]) throws(UsageError) {
        guard let equals = argument.firstIndex(of: UInt8(ascii: "=")) else {
            throw UsageError("expected NAME=@PATH[;filename=NAME][;type=MIME]")
        }
        name = try ArgumentBytes.text(bytes: argument[..<equals], in: "the field name")
        var rest = argument[(equals + 1)...]
        guard rest.first == UInt8(ascii: "@") else {
            throw UsageError("the path must start with '@' (NAME=@PATH)")
        }
        rest = rest.dropFirst()
        let markers = [Array(";filename=".utf8), Array(";type=".utf8)]
        func nextMarker(in bytes: ArraySlice<UInt8>) -> (Range<Int>, [UInt8])? {
            markers.compactMap { marker in Self.range(of: marker, in: bytes).map { ($0, marker) } }
                .min { $0.0.lowerBound < $1.0.lowerBound }
        }
        var attributes: [([UInt8], ArraySlice<UInt8>)] = []
        if let (range, marker) = nextMarker(in: rest) {
            path = RawPath(rest[..<range.lowerBound])
            var current = marker
            var remaining = rest[range.upperBound...]
            while true {
                if let (next, nextMarker) = nextMarker(in: remaining) {
                    attributes.append((current, remaining[..<next.lowerBound]))
                    current = nextMarker
                    remaining = remaining[next.upperBound...]
                } else {
                    attributes.append((current, remaining))
                    break
                }
            }
        } else {
            path = RawPath(rest)
        }
        guard !path.isEmpty else { throw UsageError("the path is empty") }
        filename = nil
        contentType = nil
        for (marker, value) in attributes {
            if marker == markers[0] {
                guard filename == nil else { throw UsageError("'filename=' given twice") }
                filename = try ArgumentBytes.text(bytes: value, in: "'filename='")
            } else {
                guard contentType == nil else { throw UsageError("'type=' given twice") }
                contentType = try ArgumentBytes.text(bytes: value, in: "'type='")
            }
        }
        if filename == nil, path.lastComponent.text == nil {
            throw UsageError("the file's name is not UTF-8; give the name to send with ';filename=NAME'")
        }
    }

    /// The first range of `marker` in `bytes`.
    private static func range(of marker: [UInt8], in bytes: ArraySlice<UInt8>) -> Range<Int>? {
        guard bytes.count >= marker.count else { return nil }
        for start in bytes.startIndex...(bytes.endIndex - marker.count)
        where bytes[start..<start + marker.count].elementsEqual(marker) {
            return start..<start + marker.count
        }
        return nil
    }
}
