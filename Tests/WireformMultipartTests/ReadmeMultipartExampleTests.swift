import Foundation
import Testing
import Wireform
import WireformMultipart

/// The README's multipart example, without the network: every way out gives the same bytes as the length says.
@Suite struct ReadmeMultipartExampleTests {
    @Test func readmeExample() async throws {
        let directory = try makeTemporaryDirectory()
        defer { try? FileManager.default.removeItem(at: directory) }
        let avatar = directory.appending(path: "avatar.png")
        let logURL = directory.appending(path: "log.txt")
        try Data(patternBytes(3000)).write(to: avatar)
        try Data("log line\n".utf8).write(to: logURL)
        let size = Int64(9)

        var form = try MultipartForm(parameters: ["user": ["name": "bang"]])
        try form.append(fileAt: avatar, name: "avatar")
        form.append(name: "log", fileName: "log.txt", length: .known(size)) { InputStream(url: logURL)! }

        let bytes = try form.encodedBytes()
        #expect(form.length == .known(Int64(bytes.count)))
        #expect(String(decoding: bytes, as: UTF8.self).contains("filename=\"avatar.png\"\r\nContent-Type: image/png"))
        #expect(try await collectChunks(form.body) == bytes)
        #expect(try readAll(form.body.makeInputStream(), readSize: 65524) == bytes)

        let output = directory.appending(path: "body.bin")
        let reports = ProgressLog()
        try await form.body.throttled().reportingProgress { reports.append($0) }.write(to: output)
        #expect(try Data(contentsOf: output) == Data(bytes))
        #expect(reports.last?.fractionCompleted == 1)
    }
}

/// Progress reports collected from another thread.
private final class ProgressLog: @unchecked Sendable {
    private let lock = NSLock()
    private var reports: [BodyProgress] = []

    func append(_ report: BodyProgress) { lock.withLock { reports.append(report) } }

    var last: BodyProgress? { lock.withLock { reports.last } }
}
