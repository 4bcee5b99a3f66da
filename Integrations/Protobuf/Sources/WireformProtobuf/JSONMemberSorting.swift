import Wireform

/// Rewrites JSON text with every object's members sorted by the bytes of their keys, leaving everything else
/// (strings, numbers, array order) byte for byte as it was.
///
/// swift-protobuf 1.39 writes a `google.protobuf.Struct`'s fields in the order of a Swift `Dictionary`, which
/// changes from process to process, even with `useDeterministicOrdering`; sorting every object makes the JSON mapping
/// give the same bytes on every run. Members of a JSON object have no order, so the text means the same.
struct JSONMemberSorting {
    /// Nesting deeper than this is an error rather than a risk to the stack; swift-protobuf's decoders stop at 100.
    static let maximumDepth = 1_000

    private let input: [UInt8]
    private var position = 0

    private init(_ input: [UInt8]) { self.input = input }

    /// The same JSON with each object's members sorted by key bytes.
    /// - Throws: ``Wireform/SerializationError/Code/unsupportedValue`` past ``maximumDepth`` levels, and
    ///   ``Wireform/SerializationError/Code/serializerFailed`` for text that is not JSON (never from swift-protobuf).
    static func sortingMembers(of json: [UInt8]) throws(SerializationError) -> [UInt8] {
        var sorter = JSONMemberSorting(json)
        var output: [UInt8] = []
        output.reserveCapacity(json.count)
        try sorter.copyValue(into: &output, depth: 0)
        sorter.skipWhitespace()
        guard sorter.position == json.count else { throw sorter.malformed() }
        return output
    }

    private mutating func copyValue(into output: inout [UInt8], depth: Int) throws(SerializationError) {
        skipWhitespace()
        guard position < input.count else { throw malformed() }
        switch input[position] {
        case UInt8(ascii: "{"):
            try copyObject(into: &output, depth: depth + 1)
        case UInt8(ascii: "["):
            try copyArray(into: &output, depth: depth + 1)
        case UInt8(ascii: "\""):
            output.append(contentsOf: try scanString())
        default:
            let start = position
            while position < input.count {
                switch input[position] {
                case UInt8(ascii: ","), UInt8(ascii: "]"), UInt8(ascii: "}"), UInt8(ascii: " "), UInt8(ascii: "\n"),
                    UInt8(ascii: "\r"), UInt8(ascii: "\t"):
                    break
                default:
                    position += 1
                    continue
                }
                break
            }
            guard position > start else { throw malformed() }
            output.append(contentsOf: input[start..<position])
        }
    }

    private mutating func copyObject(into output: inout [UInt8], depth: Int) throws(SerializationError) {
        try checkDepth(depth)
        position += 1  // {
        var members: [(key: ArraySlice<UInt8>, value: [UInt8])] = []
        skipWhitespace()
        if position < input.count, input[position] == UInt8(ascii: "}") {
            position += 1
        } else {
            while true {
                skipWhitespace()
                guard position < input.count, input[position] == UInt8(ascii: "\"") else { throw malformed() }
                let key = try scanString()
                skipWhitespace()
                guard position < input.count, input[position] == UInt8(ascii: ":") else { throw malformed() }
                position += 1
                var value: [UInt8] = []
                try copyValue(into: &value, depth: depth)
                members.append((key, value))
                skipWhitespace()
                guard position < input.count else { throw malformed() }
                position += 1
                if input[position - 1] == UInt8(ascii: "}") { break }
                guard input[position - 1] == UInt8(ascii: ",") else { throw malformed() }
            }
        }
        members.sort { $0.key.lexicographicallyPrecedes($1.key) }
        output.append(UInt8(ascii: "{"))
        for (index, member) in members.enumerated() {
            if index > 0 { output.append(UInt8(ascii: ",")) }
            output.append(contentsOf: member.key)
            output.append(UInt8(ascii: ":"))
            output.append(contentsOf: member.value)
        }
        output.append(UInt8(ascii: "}"))
    }

    private mutating func copyArray(into output: inout [UInt8], depth: Int) throws(SerializationError) {
        try checkDepth(depth)
        position += 1  // [
        output.append(UInt8(ascii: "["))
        skipWhitespace()
        if position < input.count, input[position] == UInt8(ascii: "]") {
            position += 1
        } else {
            var isFirst = true
            while true {
                if !isFirst { output.append(UInt8(ascii: ",")) }
                isFirst = false
                try copyValue(into: &output, depth: depth)
                skipWhitespace()
                guard position < input.count else { throw malformed() }
                position += 1
                if input[position - 1] == UInt8(ascii: "]") { break }
                guard input[position - 1] == UInt8(ascii: ",") else { throw malformed() }
            }
        }
        output.append(UInt8(ascii: "]"))
    }

    /// The string at `position`, with its quotes and escapes as written.
    private mutating func scanString() throws(SerializationError) -> ArraySlice<UInt8> {
        let start = position
        position += 1  // "
        while position < input.count {
            switch input[position] {
            case UInt8(ascii: "\\"):
                position += 2
            case UInt8(ascii: "\""):
                position += 1
                return input[start..<position]
            default:
                position += 1
            }
        }
        throw malformed()
    }

    private mutating func skipWhitespace() {
        while position < input.count {
            switch input[position] {
            case UInt8(ascii: " "), UInt8(ascii: "\n"), UInt8(ascii: "\r"), UInt8(ascii: "\t"): position += 1
            default: return
            }
        }
    }

    private func checkDepth(_ depth: Int) throws(SerializationError) {
        guard depth <= Self.maximumDepth else {
            throw SerializationError(
                .unsupportedValue,
                "The message nests deeper than \(Self.maximumDepth) levels in the protobuf JSON mapping")
        }
    }

    private func malformed() -> SerializationError {
        SerializationError(
            .serializerFailed,
            "The protobuf JSON mapping produced text that is not JSON at byte \(min(position, input.count))")
    }
}
