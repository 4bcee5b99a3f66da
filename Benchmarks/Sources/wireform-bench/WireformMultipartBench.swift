import Foundation
import Wireform
import WireformMultipart

/// Wireform's M1 and M2 entries.
enum WireformMultipartBench {
    static let isAvailable = true

    /// The M1 form: with the default random boundary (the reference row: what users send, no delimiter check
    /// needed), or with the constant boundary multipart-kit is given, whose parts Wireform checks for the delimiter.
    static func buildForm(_ input: MultipartInput, constant: Bool = false) throws -> MultipartForm {
        var form = try constant ? MultipartForm(boundary: .constant(MultipartInput.boundary)) : MultipartForm()
        for (name, value) in zip(input.fieldNames, input.fieldValues) { form.append(value, name: name) }
        for index in input.fileContents.indices {
            try form.append(
                input.fileContents[index], name: input.fileNames[index], fileName: input.fileFilenames[index],
                contentType: .mediaType(.octetStream))
        }
        return form
    }

    static func m1(_ input: MultipartInput, constant: Bool = false) throws -> Int {
        try buildForm(input, constant: constant).encodedBytes().count
    }

    /// Wireform's M1 rows, each checked byte for byte against multipart-kit's body first (the random boundary
    /// replaced by multipart-kit's for the comparison).
    static func candidatesM1(input: MultipartInput) throws -> [Candidate] {
        let kitBytes = try MultipartBenchmarks.multipartKitBytes(input)
        let randomForm = try buildForm(input)
        let randomBoundary = randomForm.serializedBody.contentType.parameter("boundary") ?? ""
        let normalized = replacing(
            Array(randomBoundary.utf8), with: Array(MultipartInput.boundary.utf8), in: try randomForm.encodedBytes())
        check(normalized == kitBytes, "M1: Wireform (random boundary) and multipart-kit bodies differ")
        let constantBytes = try buildForm(input, constant: true).encodedBytes()
        check(constantBytes == kitBytes, "M1: Wireform (constant boundary) and multipart-kit bodies differ")
        let size = kitBytes.count
        return [
            Candidate(
                implementation: "Wireform MultipartForm.encodedBytes() (random boundary, the default)",
                unit: .megabytesPerSecond, bytesPerOp: size, isReference: true
            ) { try m1(input) },
            Candidate(
                implementation: "Wireform, constant boundary (parts checked for the delimiter)",
                unit: .megabytesPerSecond, bytesPerOp: size
            ) { try m1(input, constant: true) },
        ]
    }

    /// Every occurrence of `needle` replaced by `replacement` (the same length or not).
    private static func replacing(_ needle: [UInt8], with replacement: [UInt8], in bytes: [UInt8]) -> [UInt8] {
        guard !needle.isEmpty else { return bytes }
        var result: [UInt8] = []
        result.reserveCapacity(bytes.count)
        var index = 0
        while index < bytes.count {
            if bytes[index] == needle[0], index + needle.count <= bytes.count,
                bytes[index..<index + needle.count].elementsEqual(needle)
            {
                result += replacement
                index += needle.count
            } else {
                result.append(bytes[index])
                index += 1
            }
        }
        return result
    }

    static func fileForm(_ input: String, constant: Bool = false) throws -> MultipartForm {
        var form = try constant ? MultipartForm(boundary: .constant(MultipartInput.boundary)) : MultipartForm()
        form.append(StreamingBenchmarks.textFieldValue, name: StreamingBenchmarks.textFieldName)
        try form.append(fileAt: URL(fileURLWithPath: input), name: "file", contentType: .mediaType(.octetStream))
        return form
    }

    /// Runs a Wireform M2 case in a child process; `nil` when the case is unknown.
    static func runStreamingCase(_ name: String, input: String, output: String) async throws -> Int? {
        switch name {
        case "wireform-sink", "wireform-sink-constant":
            var reader = try fileForm(input, constant: name == "wireform-sink-constant").serializedBody.body
                .makeReader()
            let buffer = UnsafeMutableRawBufferPointer.allocate(byteCount: 256 << 10, alignment: 16)
            defer { buffer.deallocate() }
            var total = 0
            while true {
                let count = try reader.read(into: buffer)
                if count == 0 { break }
                total += count
            }
            return total
        case "wireform-sink-async":
            var total = 0
            for try await chunk in try fileForm(input).serializedBody.body.chunks() { total += chunk.count }
            return total
        case "wireform-file", "wireform-file-constant":
            try await fileForm(input, constant: name == "wireform-file-constant").serializedBody.body.write(
                to: URL(fileURLWithPath: output))
            let attributes = try FileManager.default.attributesOfItem(atPath: output)
            return (attributes[.size] as? NSNumber)?.intValue ?? 0
        default:
            return nil
        }
    }
}
