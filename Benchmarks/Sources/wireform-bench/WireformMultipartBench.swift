import Foundation
import Wireform
import WireformMultipart

/// Wireform's M1 and M2 entries.
enum WireformMultipartBench {
    static let isAvailable = true

    static func buildForm(_ input: MultipartInput) throws -> MultipartForm {
        var form = try MultipartForm(boundary: .constant(MultipartInput.boundary))
        for (name, value) in zip(input.fieldNames, input.fieldValues) { form.append(value, name: name) }
        for index in input.fileContents.indices {
            form.append(
                input.fileContents[index], name: input.fileNames[index], fileName: input.fileFilenames[index],
                mimeType: .octetStream)
        }
        return form
    }

    static func m1(_ input: MultipartInput) throws -> Int { try buildForm(input).encodedBytes().count }

    static func candidateM1(input: MultipartInput) throws -> Candidate? {
        let size = try m1(input)
        let wireformBytes = try buildForm(input).encodedBytes()
        let kitBytes = try MultipartBenchmarks.multipartKitBytes(input)
        check(
            wireformBytes == kitBytes,
            "M1: Wireform and multipart-kit bodies differ (\(size) vs \(kitBytes.count) bytes)")
        return Candidate(
            implementation: "Wireform MultipartForm.encodedBytes()", unit: .megabytesPerSecond, bytesPerOp: size,
            isReference: true
        ) { try m1(input) }
    }

    static func fileForm(_ input: String) throws -> MultipartForm {
        var form = try MultipartForm(boundary: .constant(MultipartInput.boundary))
        try form.append(fileAt: URL(fileURLWithPath: input), name: "file", mimeType: .octetStream)
        return form
    }

    /// Runs a Wireform M2 case in a child process; `nil` when the case is unknown.
    static func runStreamingCase(_ name: String, input: String, output: String) async throws -> Int? {
        switch name {
        case "wireform-sink":
            var reader = try fileForm(input).body.makeReader()
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
            for try await chunk in try fileForm(input).body.chunks() { total += chunk.count }
            return total
        case "wireform-file":
            try await fileForm(input).body.write(to: URL(fileURLWithPath: output))
            let attributes = try FileManager.default.attributesOfItem(atPath: output)
            return (attributes[.size] as? NSNumber)?.intValue ?? 0
        default:
            return nil
        }
    }
}
