import Foundation
import Testing
import Wireform
import WireformFoundation
import WireformMultipart

#if canImport(Glibc)
    import Glibc
#elseif canImport(Darwin)
    import Darwin
#endif

/// Every way a part can fail ends the body with a typed error, never with a short body.
@Suite struct MultipartFaultTests {
    private func form(with content: MessageBody) throws -> MultipartForm {
        var form = try pinnedForm()
        form.append("before", name: "a")
        form.append(
            headers: try HeaderFields(validating: [("Content-Disposition", "form-data; name=\"s\"")]), body: content)
        form.append("after", name: "b")
        return form
    }

    /// Reads through an `InputStream` and returns the stream's error, checking the stream ended in `.error`.
    private func streamError(of body: MessageBody, readSize: Int = 65524) throws -> SerializationError? {
        let stream = try body.makeInputStream()
        stream.open()
        var buffer = [UInt8](repeating: 0, count: readSize)
        while true {
            let count = buffer.withUnsafeMutableBufferPointer { stream.read($0.baseAddress!, maxLength: readSize) }
            if count == 0 { return nil }
            if count < 0 {
                #expect(stream.streamStatus == .error)
                return stream.streamError as? SerializationError
            }
        }
    }

    @Test func streamThatThrowsMidwayFails() throws {
        let body = try form(with: MessageBody(length: .known(100)) { FaultyReader(.throwsAfter(50)) }).serializedBody
            .body
        expectError(.streamFailed, "The stream for part 1 failed") { _ = try readAll(body, readSize: 7) }
        let error = try streamError(of: body)
        #expect(error?.code == .streamFailed)
        #expect(error?.underlyingError is FaultyReader.Failure)
    }

    @Test func streamThatEndsEarlyFails() throws {
        let body = try form(with: MessageBody(length: .known(100)) { FaultyReader(.endsAfter(60)) }).serializedBody.body
        expectError(.lengthMismatch, "Part 1: The body ended after 60 of the 100 bytes it declared") {
            _ = try readAll(body, readSize: 4096)
        }
        #expect(try streamError(of: body)?.code == .lengthMismatch)
    }

    @Test func streamThatYieldsMoreThanDeclaredFails() throws {
        let body = try form(with: MessageBody(length: .known(10)) { FaultyReader(.endsAfter(11)) }).serializedBody.body
        expectError(.lengthMismatch, "Part 1: The body produced more than the 10 bytes it declared (at least 11)") {
            _ = try readAll(body, readSize: 1)
        }
        #expect(try streamError(of: body)?.code == .lengthMismatch)
    }

    @Test func inputStreamLongerOrShorterThanDeclaredFails() throws {
        var long = try pinnedForm()
        try long.append(MessageBody(length: .known(2)) { InputStream(data: Data("abc".utf8)) }, name: "s")
        expectError(.lengthMismatch, "Part 's': The body produced more than the 2 bytes it declared (at least 3)") {
            _ = try long.encodedBytes()
        }
        var short = try pinnedForm()
        try short.append(MessageBody(length: .known(4)) { InputStream(data: Data("abc".utf8)) }, name: "s")
        expectError(.lengthMismatch, "Part 's': The body ended after 3 of the 4 bytes it declared") {
            _ = try short.encodedBytes()
        }
    }

    @Test func inputStreamThatCannotOpenFails() throws {
        var form = try pinnedForm()
        let missing = URL(fileURLWithPath: "/nonexistent/wireform")
        try form.append(MessageBody(length: .known(4)) { InputStream(url: missing)! }, name: "s")
        expectError(.streamFailed) { _ = try form.encodedBytes() }
    }

    @Test func readerThatOverreportsFails() throws {
        let body = try form(with: MessageBody(length: .unknown) { FaultyReader(.overreports) }).serializedBody.body
        expectError(.streamFailed) { _ = try readAll(body, readSize: 8) }
    }

    @Test func failingStreamFactoryFails() throws {
        let body = try form(with: MessageBody(length: .known(1), makeReader: { throw FaultyReader.Failure() }))
            .serializedBody.body
        expectError(.streamFailed, "Making the stream for part 1 failed") { _ = try readAll(body, readSize: 8) }
    }

    @Test func asyncPartFaultsFail() async throws {
        let long = try form(with: chunkBody(length: .known(3)) { ChunkSequence(chunks: [[1, 2], [3, 4]]) })
            .serializedBody.body
        await expectError(.lengthMismatch, "Part 1: The body produced more than the 3 bytes it declared (at least 4)") {
            _ = try await collectChunks(long)
        }
        let short = try form(with: chunkBody(length: .known(5)) { ChunkSequence(chunks: [[1, 2], [3, 4]]) })
            .serializedBody.body
        await expectError(.lengthMismatch, "Part 1: The body ended after 4 of the 5 bytes it declared") {
            _ = try await collectChunks(short)
        }
        let failing = try form(
            with: chunkBody(length: .known(4)) { ChunkSequence(chunks: [[1, 2]], failsAtEnd: true) }
        )
        .serializedBody.body
        await expectError(.streamFailed, "The async sequence for part 1 failed") {
            _ = try await collectChunks(failing)
        }
    }

    // MARK: Files

    private func file(_ bytes: [UInt8]) throws -> (directory: URL, file: URL) {
        let directory = try makeTemporaryDirectory()
        let file = directory.appendingPathComponent("part.bin")
        try Data(bytes).write(to: file)
        return (directory, file)
    }

    /// Issue 30, H7: a file part read again (a redirect replays the form) must be the file the first reading read;
    /// one edited in place to the same size fails instead of framing other bytes.
    @Test func filePartEditedInPlaceBeforeAReplayFails() throws {
        let (directory, url) = try file(patternBytes(1000))
        defer { try? FileManager.default.removeItem(at: directory) }
        // Modified in 2001, so that the edit below changes the time whatever the file system's clock tick.
        try FileManager.default.setAttributes(
            [.modificationDate: Date(timeIntervalSince1970: 1_000_000_000)], ofItemAtPath: url.path)
        var form = try pinnedForm()
        try form.append(fileAt: url, name: "f")
        #expect(try form.encodedBytes().count > 1000)
        let handle = try FileHandle(forWritingTo: url)
        try handle.write(contentsOf: Data(repeating: 0, count: 1000))
        try handle.close()
        expectError(
            .fileChanged,
            "Part 'f': The file '\(url.path)' was modified since the body first read it, so the same body cannot be "
                + "produced again"
        ) { _ = try form.encodedBytes() }
    }

    @Test func fileThatGrowsAfterAppendFails() throws {
        let (directory, url) = try file(patternBytes(1000))
        defer { try? FileManager.default.removeItem(at: directory) }
        var form = try pinnedForm()
        try form.append(fileAt: url, name: "f")
        try Data(patternBytes(1001)).write(to: url)
        expectError(
            .lengthMismatch,
            "Part 'f': The file '\(url.path)' changed size since the body was made (1000 → 1001 bytes)"
        ) { _ = try form.encodedBytes() }
    }

    @Test func fileThatShrinksAfterAppendFails() throws {
        let (directory, url) = try file(patternBytes(1000))
        defer { try? FileManager.default.removeItem(at: directory) }
        var form = try pinnedForm()
        try form.append(fileAt: url, name: "f")
        try Data(patternBytes(10)).write(to: url)
        expectError(.lengthMismatch) { _ = try readAll(form.serializedBody.body, readSize: 65524) }
        #expect(try streamError(of: form.serializedBody.body)?.code == .lengthMismatch)
    }

    @Test func fileThatDisappearsAfterAppendFails() throws {
        let (directory, url) = try file(patternBytes(1000))
        defer { try? FileManager.default.removeItem(at: directory) }
        var form = try pinnedForm()
        try form.append(fileAt: url, name: "f")
        try FileManager.default.removeItem(at: url)
        expectError(.fileUnavailable, "Part 'f': Cannot read '\(url.path)': No such file or directory") {
            _ = try form.encodedBytes()
        }
    }

    @Test func fileThatGrowsWhileReadFails() throws {
        let size = 600 * 1024
        let (directory, url) = try file(patternBytes(size))
        defer { try? FileManager.default.removeItem(at: directory) }
        var form = try pinnedForm()
        try form.append(fileAt: url, name: "f")
        var reader = try form.serializedBody.body.makeReader()
        var buffer = [UInt8](repeating: 0, count: 4096)
        _ = try buffer.withUnsafeMutableBytes { try reader.read(into: $0) }
        let handle = try FileHandle(forWritingTo: url)
        handle.seekToEndOfFile()
        handle.write(Data([1, 2, 3]))
        try handle.close()
        expectError(
            .lengthMismatch,
            "Part 'f': The file '\(url.path)' grew past the \(size) bytes it had when the body was made"
        ) {
            while try buffer.withUnsafeMutableBytes({ try reader.read(into: $0) }) > 0 {}
        }
    }

    @Test func fileThatShrinksWhileReadFails() throws {
        let size = 600 * 1024
        let (directory, url) = try file(patternBytes(size))
        defer { try? FileManager.default.removeItem(at: directory) }
        var form = try pinnedForm()
        try form.append(fileAt: url, name: "f")
        var reader = try form.serializedBody.body.makeReader()
        var buffer = [UInt8](repeating: 0, count: 4096)
        _ = try buffer.withUnsafeMutableBytes { try reader.read(into: $0) }
        #expect(truncate(url.path, 300 * 1024) == 0)
        expectError(
            .lengthMismatch,
            "Part 'f': The file '\(url.path)' ended after \(300 * 1024) of \(size) bytes"
        ) {
            while try buffer.withUnsafeMutableBytes({ try reader.read(into: $0) }) > 0 {}
        }
    }

    @Test func appendRejectsUnusableFiles() throws {
        let directory = try makeTemporaryDirectory()
        defer { try? FileManager.default.removeItem(at: directory) }
        var form = try pinnedForm()
        let missing = directory.appendingPathComponent("missing.txt")
        expectError(.fileUnavailable, "Cannot read '\(missing.path)': No such file or directory") {
            try form.append(fileAt: missing, name: "f")
        }
        expectError(.fileUnavailable, "Cannot read '\(directory.path)': it is a directory") {
            try form.append(fileAt: directory, name: "f")
        }
        expectError(.fileUnavailable, "Cannot read 'https://example.com/a.png': not a file URL") {
            try form.append(fileAt: URL(string: "https://example.com/a.png")!, name: "f")
        }
        expectError(.fileUnavailable, "Cannot read '/dev/null': not a regular file") {
            try form.append(fileAt: URL(fileURLWithPath: "/dev/null"), name: "f")
        }
        #expect(try form.encodedBytes() == crlf("--B--", ""))
    }

    @Test(.enabled(if: geteuid() != 0, "root can read files without read permission"))
    func appendRejectsUnreadableFile() throws {
        let (directory, url) = try file([1])
        defer { try? FileManager.default.removeItem(at: directory) }
        #expect(chmod(url.path, 0) == 0)
        var form = try pinnedForm()
        expectError(.fileUnavailable, "Cannot read '\(url.path)': Permission denied") {
            try form.append(fileAt: url, name: "f")
        }
    }

    @Test func fileNameAndTypeComeFromThePath() throws {
        let directory = try makeTemporaryDirectory()
        defer { try? FileManager.default.removeItem(at: directory) }
        let url = directory.appendingPathComponent("Photo.JPG")
        try Data([0xFF, 0xD8]).write(to: url)
        var form = try pinnedForm()
        try form.append(fileAt: url, name: "avatar")
        var expected = crlf(
            "--B", "Content-Disposition: form-data; name=\"avatar\"; filename=\"Photo.JPG\"",
            "Content-Type: image/jpeg",
            "", "")
        expected += [0xFF, 0xD8]
        expected += crlf("", "--B--", "")
        #expect(try form.encodedBytes() == expected)
        #expect(form.serializedBody.body.length == .known(Int64(expected.count)))
    }
}
