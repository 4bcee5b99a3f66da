import Wireform

/// Reads a part from a caller's ``Wireform/BodyReader`` and enforces its declared length.
struct StreamPartReader {
    private var reader: any BodyReader
    private let declared: Int64?
    private var produced: Int64 = 0
    private var isFinished = false
    private let label: String

    init(reader: any BodyReader, length: RequestBody.Length, label: String) {
        self.reader = reader
        self.label = label
        if case .known(let count) = length { declared = count } else { declared = nil }
    }

    mutating func read(into destination: UnsafeMutableRawBufferPointer) throws(SerializationError) -> Int {
        if isFinished { return 0 }
        guard let declared else {
            let count = try readSource(into: destination)
            guard count <= destination.count else { throw overflow(count) }
            if count == 0 { isFinished = true }
            produced += Int64(count)
            return count
        }
        let remaining = declared - produced
        if remaining == 0 {
            // A stream that keeps going past its declared length would be cut silently: ask for one more byte.
            var probe: UInt8 = 0
            let extra = try withUnsafeMutableBytes(of: &probe) { (buffer) throws(SerializationError) in
                try readSource(into: buffer)
            }
            guard extra == 0 else {
                throw SerializationError(
                    .lengthMismatch,
                    "The stream for \(label) produced more than the \(declared) bytes it declared"
                )
            }
            isFinished = true
            return 0
        }
        let limited = UnsafeMutableRawBufferPointer(
            rebasing: destination[..<Int(min(Int64(destination.count), remaining))]
        )
        let count = try readSource(into: limited)
        guard count <= limited.count else { throw overflow(count) }
        guard count > 0 else {
            throw SerializationError(
                .lengthMismatch,
                "The stream for \(label) ended after \(produced) of the \(declared) bytes it declared"
            )
        }
        produced += Int64(count)
        return count
    }

    private mutating func readSource(into buffer: UnsafeMutableRawBufferPointer) throws(SerializationError) -> Int {
        do {
            return try reader.read(into: buffer)
        } catch {
            throw SerializationError(.streamFailed, "The stream for \(label) failed", underlyingError: error)
        }
    }

    private func overflow(_ count: Int) -> SerializationError {
        SerializationError(.streamFailed, "The stream for \(label) reported \(count) bytes for a smaller buffer")
    }
}
