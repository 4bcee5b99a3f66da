import Foundation
import FuzzSupport
import Wireform
import WireformFoundation
import WireformMultipart

// Random-boundary mode (the other half is FixedBoundary.swift).
// Invariants for multipart bodies built from random parts, names, file names, custom headers and read sizes:
// - building and encoding never crash; bad input (a CR or LF in a custom header value) is a SerializationError;
// - the in-memory bytes count equals the announced length;
// - reading the body through its reader at a random read size gives exactly the in-memory bytes;
// - a parser written for this target splits the body into the parts that were appended, with the same bytes,
//   and every header line is free of CR and LF and every quoted name or file name of `"`.
private struct Expected {
    var bodies: [[UInt8]] = []
    var isExact = true
}

private func randomBytes(_ input: inout FuzzInput) -> [UInt8] {
    var bytes: [UInt8] = []
    for _ in 0..<input.int(below: 64) {
        switch input.byte() % 4 {
        case 0: bytes.append(contentsOf: Array("\r\n--".utf8))
        case 1: bytes.append(contentsOf: Array(input.string(maxPieces: 2).utf8))
        default: bytes.append(input.byte())
        }
    }
    return bytes
}

private func appendPart(to form: inout MultipartForm, expected: inout Expected, input: inout FuzzInput) {
    let name = input.string(maxPieces: 4)
    let fileName: String? = input.byte() % 2 == 0 ? input.string(maxPieces: 4) : nil
    switch input.byte() % 5 {
    case 0:
        let text = input.string()
        form.append(text, name: name)
        expected.bodies.append(Array(text.utf8))
    case 1:
        let bytes = randomBytes(&input)
        do {
            try form.append(bytes, name: name, fileName: fileName)
        } catch {
            check(false, "a bytes part without a type was refused: \(error)")
        }
        expected.bodies.append(bytes)
    case 2:
        let bytes = randomBytes(&input)
        do {
            let body = MessageBody(length: .known(Int64(bytes.count))) { InputStream(data: Data(bytes)) }
            try form.append(body, name: name, fileName: fileName)
        } catch {
            check(false, "a stream part without a type was refused: \(error)")
        }
        expected.bodies.append(bytes)
    case 3:
        let bytes = randomBytes(&input)
        do {
            let headers = try HeaderFields(validating: [
                ("Content-Disposition", "form-data; name=\"h\""), ("X-Fuzz", input.string(maxPieces: 3)),
            ])
            form.append(headers: headers, body: MessageBody(bytes: bytes))
            expected.bodies.append(bytes)
        } catch {
            check(error.code == .invalidHeader || error.code == .invalidPart, "header error code \(error.code)")
        }
    default:
        do {
            try form.append(parameters: .dictionary(input.dictionary()), queryStyle: StandardQueryStyle.brackets)
            expected.isExact = false
        } catch let error as SerializationError {
            check(!error.reason.isEmpty, "empty error reason")
        } catch {
            check(false, "non-SerializationError thrown: \(error)")
        }
    }
}

/// The whole body, read at one read size (also used by the fixed-boundary mode).
func read(_ body: MessageBody, readSize: Int) throws -> [UInt8] {
    var reader = try body.makeReader()
    var output: [UInt8] = []
    var buffer = [UInt8](repeating: 0, count: readSize)
    while true {
        let count = try buffer.withUnsafeMutableBytes { try reader.read(into: $0) }
        if count == 0 { return output }
        output.append(contentsOf: buffer[0..<count])
    }
}

/// libFuzzer's entry point: one input, checked against the invariants above.
@_cdecl("LLVMFuzzerTestOneInput")
public func fuzz(_ data: UnsafePointer<UInt8>, _ size: Int) -> CInt {
    addressSanitizerCanary(size)
    var input = FuzzInput(UnsafeRawBufferPointer(start: data, count: size))
    // Half the inputs: a constant boundary whose delimiter the content may hold (FixedBoundary.swift).
    if input.byte() % 2 == 1 {
        fuzzFixedBoundary(&input)
        return 0
    }
    var form = MultipartForm(boundary: .random)
    var expected = Expected()
    for _ in 0..<input.int(below: 8) { appendPart(to: &form, expected: &expected, input: &input) }
    let readSize = [1, 7, 4096, 65524, 1 << 20, 1 + input.int(below: 9000)][Int(input.byte()) % 6]
    do {
        let bytes = try form.encodedBytes()
        let body = form.serializedBody
        check(body.body.length == .known(Int64(bytes.count)), "length \(body.body.length) but \(bytes.count) bytes")
        let streamed = try read(body.body, readSize: readSize)
        check(streamed == bytes, "reader at \(readSize) differs from in-memory bytes")
        let parts = MultipartParsing.parts(
            of: bytes, boundary: Array((body.contentType.parameter("boundary") ?? "").utf8))
        guard let parts else {
            check(false, "body does not parse: \(String(decoding: bytes.prefix(400), as: UTF8.self).debugDescription)")
            return 0
        }
        for part in parts {
            check(MultipartParsing.headersAreClean(part.headerLines), "unclean part headers \(part.headerLines)")
        }
        if expected.isExact {
            check(parts.map(\.body) == expected.bodies, "parts differ from what was appended")
        }
    } catch {
        check(false, "encoding an in-memory form failed: \(error)")
    }
    return 0
}
