import Foundation
import Wireform

/// A form laid out as the segments of its body: framing bytes (boundaries and headers) and part bodies.
struct MultipartLayout: Sendable {
    enum Segment: Sendable {
        case framing([UInt8])
        case content(RequestBody, label: PartLabel)
    }

    let segments: [Segment]
    let length: RequestBody.Length
    /// The delimiter parts must not hold, when the boundary is not random.
    let delimiter: MultipartDelimiter?
    /// The first part that holds the delimiter, found when the form was built; the body throws it first.
    let violation: SerializationError?

    init(form: MultipartForm) {
        var segments: [Segment] = []
        segments.reserveCapacity(form.parts.count * 2 + 1)
        var total: Int64? = 0
        let dashBoundary = Array("--\(form.boundary)".utf8)
        for (index, part) in form.parts.enumerated() {
            var framing: [UInt8] = []
            framing.reserveCapacity(dashBoundary.count + 128)
            if index > 0 { framing += [0x0D, 0x0A] }
            framing += dashBoundary
            Self.appendHeaderSection(of: part, to: &framing)
            total = total.map { $0 + Int64(framing.count) }
            segments.append(.framing(framing))
            if case .known(let count) = part.body.length {
                total = total.map { $0 + count }
            } else {
                total = nil
            }
            segments.append(.content(part.body, label: PartLabel(index: index, name: part.name)))
        }
        var trailer: [UInt8] = form.parts.isEmpty ? [] : [0x0D, 0x0A]
        trailer += dashBoundary
        trailer += [UInt8(ascii: "-"), UInt8(ascii: "-"), 0x0D, 0x0A]
        total = total.map { $0 + Int64(trailer.count) }
        segments.append(.framing(trailer))
        self.segments = segments
        delimiter = form.checkedDelimiter
        violation = form.delimiterViolation
        length = total.map { .known($0) } ?? .unknown
    }

    /// A part's header section as it is written after its dash-boundary line: the CRLF that ends that line, each
    /// field and its CRLF, and the empty line before the content.
    static func appendHeaderSection(of part: MultipartPart, to framing: inout [UInt8]) {
        framing += [0x0D, 0x0A]
        for field in part.headers {
            framing += field.name.rawName.utf8
            framing += [UInt8(ascii: ":"), UInt8(ascii: " ")]
            framing += field.value.utf8
            framing += [0x0D, 0x0A]
        }
        framing += [0x0D, 0x0A]
    }

    /// The body in one buffer sized in advance.
    func encodedBytes() throws -> [UInt8] {
        if let violation { throw violation }
        if segments.contains(where: {
            if case .content(let content, _) = $0 { !content.supportsSynchronousReading } else { false }
        }) {
            throw SerializationError(
                .unsupportedBody,
                "This form has a part made from an async sequence; collect it with body.collect(upTo:)"
            )
        }
        guard case .known(let total) = length, total <= Int64(Int.max) else {
            return try RequestBody(length: length) { MultipartBodyReader(layout: self) }
                .collectSynchronously(upTo: Int.max)
        }
        var reader = MultipartBodyReader(layout: self)
        let bytes = try [UInt8](unsafeUninitializedCapacity: Int(total)) { typed, initializedCount in
            initializedCount = 0
            let buffer = UnsafeMutableRawBufferPointer(typed)
            var filled = 0
            while filled < buffer.count {
                let count = try reader.read(into: UnsafeMutableRawBufferPointer(rebasing: buffer[filled...]))
                if count == 0 { break }
                filled += count
            }
            initializedCount = filled
        }
        var probe: UInt8 = 0
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
