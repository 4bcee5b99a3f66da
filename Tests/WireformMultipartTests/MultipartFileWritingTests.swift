import Foundation
import Testing
import Wireform
import WireformMultipart

#if canImport(Glibc)
    import Glibc
#elseif canImport(Darwin)
    import Darwin
#endif

/// Writing a form to a file: exact bytes on success, and nothing left behind on failure.
@Suite struct MultipartFileWritingTests {
    private func contents(of directory: URL) throws -> [String] {
        try FileManager.default.contentsOfDirectory(atPath: directory.path).sorted()
    }

    @Test func writesTheExactBodyAndNoTemporaryFile() async throws {
        let directory = try makeTemporaryDirectory()
        defer { try? FileManager.default.removeItem(at: directory) }
        let source = directory.appendingPathComponent("source.bin")
        try Data(patternBytes(3 << 20)).write(to: source)
        var form = try pinnedForm()
        form.append("x", name: "a")
        try form.append(fileAt: source, name: "f")
        let destination = directory.appendingPathComponent("body.multipart")
        try await form.serializedBody.body.write(to: destination)
        #expect(try Data(contentsOf: destination) == Data(try form.encodedBytes()))
        #expect(try contents(of: directory) == ["body.multipart", "source.bin"])
        try await form.serializedBody.body.write(to: destination, chunkSize: 7919)
        #expect(try Data(contentsOf: destination) == Data(try form.encodedBytes()))
    }

    @Test func asyncFormIsWrittenToo() async throws {
        let directory = try makeTemporaryDirectory()
        defer { try? FileManager.default.removeItem(at: directory) }
        var form = try pinnedForm()
        try form.append(
            MessageBody(length: .known(4)) { ChunkSequence(chunks: [[1, 2], [3, 4]]).map { ArraySlice($0) } }, name: "c"
        )
        let destination = directory.appendingPathComponent("out")
        try await form.serializedBody.body.write(to: destination)
        #expect(
            try [UInt8](Data(contentsOf: destination)) == (try await form.serializedBody.body.collect(upTo: 1 << 20)))
    }

    @Test func failingPartLeavesNoFileAndKeepsTheOldOne() async throws {
        let directory = try makeTemporaryDirectory()
        defer { try? FileManager.default.removeItem(at: directory) }
        let destination = directory.appendingPathComponent("out")
        try Data("old".utf8).write(to: destination)
        var form = try pinnedForm()
        form.append(
            headers: HeaderFields(), body: MessageBody(length: .known(5 << 20)) { FaultyReader(.endsAfter(3 << 20)) })
        await expectError(.lengthMismatch) { try await form.serializedBody.body.write(to: destination) }
        #expect(try contents(of: directory) == ["out"])
        #expect(try Data(contentsOf: destination) == Data("old".utf8))
    }

    @Test func missingDirectoryIsAWriteFailure() async throws {
        let destination = URL(fileURLWithPath: "/nonexistent-wireform-dir/out")
        await expectError(.writeFailed) { try await MessageBody(bytes: [1]).write(to: destination) }
        await expectError(.writeFailed, "Cannot write to 'https://example.com/x': not a file URL") {
            try await MessageBody(bytes: [1]).write(to: URL(string: "https://example.com/x")!)
        }
    }

    @Test func cancellationMidwayLeavesNoFile() async throws {
        let directory = try makeTemporaryDirectory()
        defer { try? FileManager.default.removeItem(at: directory) }
        let destination = directory.appendingPathComponent("out")
        var form = try pinnedForm()
        try form.append(MessageBody(length: .known(4)) { CancellingSequence().map { ArraySlice($0) } }, name: "c")
        let task = Task { try await form.serializedBody.body.write(to: destination) }
        do {
            try await task.value
            Issue.record("Expected cancellation")
        } catch let error as SerializationError {
            #expect(error.code == .cancelled)
        }
        #expect(try contents(of: directory).isEmpty)
    }

    #if os(Linux)
        /// Runs ``fileSizeLimitChild()`` in a child process limited by `RLIMIT_FSIZE`.
        @Test func fullDestinationIsAWriteFailureAndLeavesNoFile() throws {
            let directory = try makeTemporaryDirectory()
            defer { try? FileManager.default.removeItem(at: directory) }
            let process = Process()
            process.executableURL = URL(fileURLWithPath: CommandLine.arguments[0])
            process.arguments = ["--testing-library", "swift-testing", "--filter", "fileSizeLimitChild"]
            var environment = ProcessInfo.processInfo.environment
            environment[Self.childVariable] = directory.path
            process.environment = environment
            let output = Pipe()
            process.standardOutput = output
            process.standardError = output
            try process.run()
            let text = String(decoding: output.fileHandleForReading.readDataToEndOfFile(), as: UTF8.self)
            process.waitUntilExit()
            #expect(process.terminationStatus == 0, "\(text)")
            #expect(text.contains("fileSizeLimitChild() passed"), "\(text)")
            #expect(try contents(of: directory).isEmpty)
        }
    #endif

    static let childVariable = "WIREFORM_FILE_SIZE_LIMIT_CHILD"

    /// In the child process only: a 64 KiB file-size limit with `SIGXFSZ` ignored, then a 1 MiB body.
    @Test(.enabled(if: ProcessInfo.processInfo.environment[childVariable] != nil, "runs only in a child process"))
    func fileSizeLimitChild() async throws {
        let directory = URL(fileURLWithPath: try #require(ProcessInfo.processInfo.environment[Self.childVariable]))
        signal(SIGXFSZ, SIG_IGN)
        var limit = rlimit(rlim_cur: 64 * 1024, rlim_max: 64 * 1024)
        #expect(setrlimit(RLIMIT_FSIZE_VALUE, &limit) == 0)
        var form = try pinnedForm()
        try form.append(Data(patternBytes(1 << 20)), name: "big")
        await expectError(.writeFailed, "Writing '\(directory.path)/out' failed: File too large") {
            try await form.serializedBody.body.write(to: directory.appendingPathComponent("out"), chunkSize: 48 * 1024)
        }
        #expect(try contents(of: directory).isEmpty)
    }
}

#if canImport(Glibc)
    let RLIMIT_FSIZE_VALUE = __rlimit_resource_t(RLIMIT_FSIZE.rawValue)
#else
    let RLIMIT_FSIZE_VALUE = RLIMIT_FSIZE
#endif

/// Yields one chunk, cancels the task that iterates it, then yields another.
struct CancellingSequence: AsyncSequence, Sendable {
    typealias Element = [UInt8]

    struct AsyncIterator: AsyncIteratorProtocol {
        var step = 0
        mutating func next() async -> [UInt8]? {
            step += 1
            switch step {
            case 1: return [1, 2]
            case 2:
                withUnsafeCurrentTask { $0?.cancel() }
                return [3, 4]
            default: return nil
            }
        }
    }

    func makeAsyncIterator() -> AsyncIterator { AsyncIterator() }
}
