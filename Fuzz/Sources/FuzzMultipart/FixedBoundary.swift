import Foundation
import FuzzSupport
import Wireform
import WireformFoundation
import WireformMultipart

// Fixed-boundary mode: a `.constant` boundary and content that may hold its delimiter `CRLF--boundary`, injected at
// random offsets, read through readers that split it at random sizes. Invariants:
// - no part holds the delimiter (after the CRLF that ends its headers): the body is exactly the reference framing
//   built here, the strict parser reads back exactly the parts, and the reader at a random read size gives the
//   same bytes;
// - some part holds it: encoding fails with `invalidPart` naming that part (the first in-memory one, checked
//   before any byte; else the first streamed one), and the streamed body delivers exactly the reference bytes
//   before the read that would complete the delimiter, then fails the same way, and keeps failing.

/// RFC 2046 `bchars`.
private let boundaryBytes = Array("0123456789abcdefghijklmnopqrstuvwxyzABCDEFGHIJKLMNOPQRSTUVWXYZ'()+_,-./:=? ".utf8)

private func makeBoundary(_ input: inout FuzzInput) -> String {
    let count = input.byte() % 8 == 0 ? 70 : 1 + input.int(below: 12)
    var bytes = (0..<count).map { _ in boundaryBytes[Int(input.byte()) % boundaryBytes.count] }
    if bytes.last == UInt8(ascii: " ") { bytes[bytes.count - 1] = UInt8(ascii: "z") }
    return String(decoding: bytes, as: UTF8.self)
}

/// Random content with pieces of the delimiter: whole, cut short, as `--boundary`, CR and LF alone.
private func content(_ input: inout FuzzInput, delimiter: [UInt8]) -> [UInt8] {
    var bytes: [UInt8] = []
    for _ in 0..<input.int(below: 24) {
        switch input.byte() % 8 {
        case 0: bytes += delimiter
        case 1: bytes += delimiter.prefix(1 + input.int(below: delimiter.count))
        case 2: bytes += delimiter.dropFirst(2)
        case 3: bytes.append(0x0D)
        case 4: bytes.append(0x0A)
        case 5: bytes += (0..<input.int(below: 64)).map { _ in input.byte() }
        default: bytes.append(input.byte())
        }
    }
    return bytes
}

/// Serves bytes in reads of the given sizes, cycling.
private struct SlicedReader: BodyReader {
    let bytes: [UInt8]
    let sizes: [Int]
    var offset = 0
    var call = 0

    mutating func read(into buffer: UnsafeMutableRawBufferPointer) throws -> Int {
        let count = min(sizes[call % sizes.count], buffer.count, bytes.count - offset)
        call += 1
        for index in 0..<count { buffer[index] = bytes[offset + index] }
        offset += count
        return count
    }
}

/// The first index of `needle` in `haystack`, by plain comparison (independent of the library's search).
private func firstIndex(of needle: [UInt8], in haystack: [UInt8]) -> Int? {
    guard needle.count <= haystack.count else { return nil }
    for start in 0...(haystack.count - needle.count)
    where haystack[start..<(start + needle.count)].elementsEqual(needle) {
        return start
    }
    return nil
}

private struct ReferencePart {
    var body: [UInt8]
    var isStreamed: Bool
    /// Where the delimiter first ends (its last byte) in the reference body, if the part holds it.
    var delimiterEnd: Int?
}

func fuzzFixedBoundary(_ input: inout FuzzInput) {
    let boundary = makeBoundary(&input)
    let delimiter = Array("\r\n--\(boundary)".utf8)
    var form: MultipartForm
    do {
        form = try MultipartForm(boundary: .constant(boundary))
    } catch {
        check(false, "valid boundary \(boundary.debugDescription) rejected: \(error)")
        return
    }
    var reference: [UInt8] = []
    var parts: [ReferencePart] = []
    for index in 0..<(1 + input.int(below: 5)) {
        var headerLines = ["Content-Disposition: form-data; name=\"p\(index)\""]
        var fields: [(String, String)] = [("Content-Disposition", "form-data; name=\"p\(index)\"")]
        if input.byte() % 6 == 0 {
            // A header name that may start with the delimiter's `--boundary` (when the boundary is a token).
            let name = ["X-Fuzz", "--\(boundary)", "--\(boundary)x", "-\(boundary)"][Int(input.byte()) % 4]
            fields.append((name, "1"))
            headerLines.append("\(name): 1")
        }
        let headers: HeaderFields
        do {
            headers = try HeaderFields(validating: fields)
        } catch {
            check(error.code == .invalidHeader, "header error code \(error.code) for \(fields)")
            continue
        }
        let bytes = content(&input, delimiter: delimiter)
        let partContent: MessageBody
        let isStreamed: Bool
        switch input.byte() % 5 {
        case 0:
            partContent = MessageBody(bytes: bytes)
            isStreamed = false
        case 1:
            // A copy made through the public API (`MessageBody(data:)` is package-only since issue 22).
            partContent = MessageBody(bytes: Array(Data(bytes)))
            isStreamed = false
        case 2:
            partContent = MessageBody(length: .known(Int64(bytes.count))) { InputStream(data: Data(bytes)) }
            isStreamed = true
        default:
            let sizes = (0..<(1 + input.int(below: 4))).map { _ in 1 + input.int(below: delimiter.count + 8) }
            let length: MessageBody.Length = input.byte() % 2 == 0 ? .known(Int64(bytes.count)) : .unknown
            partContent = MessageBody(length: length) { SlicedReader(bytes: bytes, sizes: sizes) }
            isStreamed = true
        }
        form.append(headers: headers, body: partContent)
        var framing = Array("\(parts.isEmpty ? "" : "\r\n")--\(boundary)\r\n".utf8)
        let headerSectionStart = reference.count + framing.count - 2
        for line in headerLines { framing += Array("\(line)\r\n".utf8) }
        framing += [0x0D, 0x0A]
        reference += framing
        var delimiterEnd: Int?
        let headerSection = Array(reference[headerSectionStart...])
        if let found = firstIndex(of: delimiter, in: headerSection) {
            delimiterEnd = headerSectionStart + found + delimiter.count - 1
        } else if let found = firstIndex(of: delimiter, in: [0x0D, 0x0A] + bytes) {
            // Counted from the CRLF that ends the header section, just before the content.
            delimiterEnd = reference.count - 2 + found + delimiter.count - 1
        }
        let headerHolds = firstIndex(of: delimiter, in: headerSection) != nil
        parts.append(ReferencePart(body: bytes, isStreamed: isStreamed && !headerHolds, delimiterEnd: delimiterEnd))
        reference += bytes
    }
    reference += Array("\(parts.isEmpty ? "" : "\r\n")--\(boundary)--\r\n".utf8)
    let readSize = [1, 7, 4096, 1 + input.int(below: 300)][Int(input.byte()) % 4]

    let offending =
        parts.indices.first { !parts[$0].isStreamed && parts[$0].delimiterEnd != nil }
        ?? parts.indices.first { parts[$0].delimiterEnd != nil }
    guard let offending else {
        do {
            let bytes = try form.encodedBytes()
            check(
                bytes == reference, "body differs from the reference framing with boundary \(boundary.debugDescription)"
            )
            let parsed = MultipartParsing.parts(of: bytes, boundary: Array(boundary.utf8))
            check(parsed?.map(\.body) == parts.map(\.body), "strict parser reads other parts")
            let streamed = try read(form.serializedBody.body, readSize: readSize)
            check(streamed == bytes, "reader at \(readSize) differs")
        } catch {
            check(false, "a form without the delimiter failed: \(error)")
        }
        return
    }
    let label = "part \(offending)"
    do {
        _ = try form.encodedBytes()
        check(false, "\(label) holds the delimiter of \(boundary.debugDescription) but the body was encoded")
    } catch let error as SerializationError {
        check(error.code == .invalidPart, "code \(error.code) for a delimiter in \(label): \(error.reason)")
        check(
            error.reason.hasPrefix("The content of \(label) contains")
                || error.reason.hasPrefix("The headers of \(label) contain"),
            "reason does not name \(label): \(error.reason)")
    } catch {
        check(false, "non-SerializationError \(error)")
    }
    // Streamed: exactly the full reads before the one that would complete the delimiter, then the error, for good.
    let expectedCount = parts[offending].isStreamed ? (parts[offending].delimiterEnd ?? 0) / readSize * readSize : 0
    do {
        var reader = try form.serializedBody.body.makeReader()
        var delivered: [UInt8] = []
        var buffer = [UInt8](repeating: 0, count: readSize)
        var failed = false
        while !failed {
            do {
                let count = try buffer.withUnsafeMutableBytes { try reader.read(into: $0) }
                check(count > 0, "the body ended after \(delivered.count) bytes without the delimiter error")
                delivered += buffer[0..<count]
            } catch let error as SerializationError {
                check(error.code == .invalidPart, "streamed code \(error.code): \(error.reason)")
                failed = true
            }
        }
        check(
            delivered.count == expectedCount,
            "delivered \(delivered.count) bytes, expected \(expectedCount) at \(readSize)")
        check(delivered.elementsEqual(reference.prefix(delivered.count)), "delivered bytes differ from the reference")
        let again = try? buffer.withUnsafeMutableBytes { try reader.read(into: $0) }
        check(again == nil, "a read after the delimiter error did not fail")
    } catch {
        check(false, "making the reader failed: \(error)")
    }
}
