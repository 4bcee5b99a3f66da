import Wireform

#if canImport(FoundationEssentials)
    import FoundationEssentials
#else
    import Foundation
#endif

/// A form as its body is written: the parts in order, each after its framing (the delimiter and its header section),
/// then the closing delimiter; with the body's length, counted once.
///
/// Framing is made part by part as the body is written (``MultipartPartStore/appendFraming(ofPartAt:dashBoundary:to:)``),
/// never stored for every part, so a form of many small parts costs its parts' bytes and little more.
struct MultipartLayout: Sendable {
    let store: MultipartPartStore
    /// `--boundary`.
    let dashBoundary: [UInt8]
    let length: MessageBody.Length
    /// The delimiter parts must not hold, when the boundary is not random.
    let delimiter: MultipartDelimiter?
    /// The first part that holds the delimiter, found when the form was built; the body throws it first.
    let violation: SerializationError?

    init(form: MultipartForm) {
        store = form.store
        dashBoundary = Array("--\(form.boundary)".utf8)
        var total: Int64? = 0
        var framingTotal: Int64 = 0
        // The framing of the last field counted, by its name: the same for the next field of that name.
        var repeated: (field: MultipartPartStore.Field, count: Int)?
        for index in 0..<store.count {
            let field = store.repeatableField(at: index)
            if let field, let last = repeated, store.sameName(field, last.field) {
                framingTotal += Int64(last.count)
            } else {
                var framing = MultipartFramingCount()
                store.appendFraming(ofPartAt: index, dashBoundary: dashBoundary, to: &framing)
                framingTotal += Int64(framing.count)
                repeated = field.map { ($0, framing.count) }
            }
            switch store.entry(at: index) {
            case .field(let field):
                let count = Int64(store.valueCount(of: field))
                total = total.map { $0 + count }
            case .part(let part):
                if case .known(let count) = part.body.length {
                    total = total.map { $0 + count }
                } else {
                    total = nil
                }
            }
        }
        var trailer = MultipartFramingCount()
        Self.appendTrailer(isEmpty: store.count == 0, dashBoundary: dashBoundary, to: &trailer)
        length = total.map { .known($0 + framingTotal + Int64(trailer.count)) } ?? .unknown
        delimiter = form.checkedDelimiter
        violation = form.delimiterViolation
    }

    /// The closing delimiter: `--boundary--` and a CRLF, after a CRLF unless the form is empty.
    func appendTrailer(to framing: inout [UInt8]) {
        Self.appendTrailer(isEmpty: store.count == 0, dashBoundary: dashBoundary, to: &framing)
    }

    private static func appendTrailer(
        isEmpty: Bool,
        dashBoundary: [UInt8],
        to framing: inout some MultipartFramingSink
    ) {
        if !isEmpty { framing.append(contentsOf: [0x0D, 0x0A]) }
        framing.append(contentsOf: dashBoundary)
        framing.append(contentsOf: [UInt8(ascii: "-"), UInt8(ascii: "-"), 0x0D, 0x0A])
    }

    /// The body in one buffer sized in advance.
    func encodedBytes() throws -> [UInt8] {
        if let violation { throw violation }
        if store.keptParts.contains(where: { !$0.body.supportsSynchronousReading }) {
            throw SerializationError(
                .unsupportedBody,
                "This form has a part made from an async sequence; collect it with body.collect(upTo:)"
            )
        }
        guard case .known(let total) = length, total <= Int64(Int.max) else {
            return try MessageBody(length: length) { MultipartBodyReader(layout: self) }
                .collectSynchronously(upTo: Int.max)
        }
        var reader = MultipartBodyReader(layout: self)
        // The body read straight into the array's storage; initializedCount is set to the bytes actually filled.
        let bytes = try [UInt8](unsafeUninitializedCapacity: Int(total)) { typed, initializedCount in
            initializedCount = 0
            let buffer = UnsafeMutableRawBufferPointer(typed)
            var filled = 0
            while filled < buffer.count {
                // The unfilled rest of the array's storage; the reader writes at most its count bytes.
                let count = try reader.read(into: UnsafeMutableRawBufferPointer(rebasing: buffer[filled...]))
                if count == 0 { break }
                filled += count
            }
            initializedCount = filled
        }
        var probe: UInt8 = 0
        // A one-byte buffer on the stack for the end probe, through the reader protocol's raw-buffer requirement.
        let extra = try withUnsafeMutableBytes(of: &probe) { try reader.read(into: $0) }
        guard bytes.count == Int(total), extra == 0 else {
            // Part bodies enforce their own lengths, so this means the layout and the reader disagree.
            throw SerializationError(
                .lengthMismatch,
                "The multipart body has \(bytes.count + extra)+ bytes instead of the \(total) it announced"
            )
        }
        return bytes
    }
}
