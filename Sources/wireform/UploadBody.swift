import Foundation
import Wireform

#if canImport(Darwin)
    import Darwin
#elseif canImport(Glibc)
    import Glibc
#endif

/// The body of a `--send` request in the form URLSession sends with exactly the framing the offline output shows.
///
/// URLSession on Linux sends every `httpBodyStream` chunked, without `Content-Length`. So a body of known length
/// is never given to it as a stream: up to ``inMemoryLimit`` bytes it is collected into `httpBody`; above that it
/// is written (by the same code that writes `--body-only` output) to a file in a private temporary directory and
/// sent with `uploadTask(with:fromFile:)`, which sends the file's size as `Content-Length`. The file and directory
/// are removed by ``remove()``, or by ``InterruptCleanup`` when a signal ends the tool. Only a body of unknown
/// length is streamed, chunked, as the offline output shows it.
struct UploadBody {
    /// Bodies up to this size are sent from memory.
    static let inMemoryLimit: Int64 = 4 << 20

    /// The request to send: without a body when ``file`` holds it.
    let request: SerializedRequest
    /// The file holding the body, for `uploadTask(with:fromFile:)`.
    let file: URL?
    private let directory: String?
    private let cleanupSlots: [Int?]

    /// Prepares a request's body for sending.
    /// - Throws: ``Wireform/SerializationError`` when the body fails or does not have its announced length,
    ///   ``OutputSink/WriteError`` when the temporary file cannot be written.
    static func prepare(_ request: SerializedRequest) async throws -> UploadBody {
        guard let body = request.body, body.bytes == nil, case .known(let length) = body.length else {
            return UploadBody(request: request, file: nil, directory: nil, cleanupSlots: [])
        }
        if length <= inMemoryLimit {
            var bytes: [UInt8] = []
            bytes.reserveCapacity(Int(length))
            for try await chunk in body.chunks(chunkSize: HTTPMessageWriter.chunkSize) { bytes += chunk }
            try checkLength(Int64(bytes.count), expected: length)
            var inMemory = request
            inMemory.body = RequestBody(bytes: bytes)
            return UploadBody(request: inMemory, file: nil, directory: nil, cleanupSlots: [])
        }
        return try await writeToFile(request, body: body, length: length)
    }

    private static func writeToFile(
        _ request: SerializedRequest, body: RequestBody, length: Int64
    ) async throws -> UploadBody {
        let directory = try makePrivateDirectory()
        let path = directory + "/body"
        let slots = [InterruptCleanup.register(path, as: .file), InterruptCleanup.register(directory, as: .directory)]
        var withoutBody = request
        withoutBody.body = nil
        let upload = UploadBody(
            request: withoutBody, file: URL(fileURLWithPath: path), directory: directory, cleanupSlots: slots)
        do {
            let sink = try OutputSink.open(.regularFile(.init(displayPath: path, path: path, existing: nil)))
            do {
                var bodyOnly = request
                bodyOnly.headers = HTTPHeaders()
                try await HTTPMessageWriter.write(bodyOnly, to: sink, bodyOnly: true)
                try sink.commit()
            } catch {
                sink.discard()
                throw error
            }
            try checkLength(FileIdentity.size(ofPath: path) ?? -1, expected: length)
        } catch {
            upload.remove()
            throw error
        }
        return upload
    }

    /// Removes the temporary file and directory, if any.
    func remove() {
        if let directory {
            _ = unlink(directory + "/body")
            _ = rmdir(directory)
        }
        for slot in cleanupSlots { InterruptCleanup.unregister(slot) }
    }

    /// A new directory only this user can read, in `TMPDIR` (or `/tmp`).
    private static func makePrivateDirectory() throws(OutputSink.WriteError) -> String {
        var base = ProcessInfo.processInfo.environment["TMPDIR"] ?? "/tmp"
        while base.count > 1 && base.hasSuffix("/") { base.removeLast() }
        var template = Array("\(base)/wireform-upload-XXXXXX".utf8CString)
        guard template.withUnsafeMutableBufferPointer({ mkdtemp($0.baseAddress!) }) != nil else {
            throw OutputSink.WriteError(
                message: "Cannot create a temporary directory in \(quoted(base)) for the upload: \(systemMessage())")
        }
        return String(decoding: template.dropLast().map { UInt8(bitPattern: $0) }, as: UTF8.self)
    }

    private static func checkLength(_ written: Int64, expected: Int64) throws(SerializationError) {
        guard written == expected else {
            throw SerializationError(
                .lengthMismatch, "The body produced \(written) bytes instead of the \(expected) it announced")
        }
    }
}
