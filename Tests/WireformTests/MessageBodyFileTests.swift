import Foundation
import Testing
import Wireform
import WireformFoundation

#if canImport(Glibc)
    import Glibc
#elseif canImport(Darwin)
    import Darwin
#endif

/// `MessageBody(fileAt:)`: the file's size is the body's length, the file is read in full at any read size, and a
/// file that changes while the body is read fails with an error naming the file.
@Suite struct MessageBodyFileTests {
    private static func pattern(_ count: Int) -> [UInt8] { (0..<count).map { UInt8(truncatingIfNeeded: $0 &* 31) } }

    /// A temporary directory holding `body.bin` with these bytes.
    private func file(_ bytes: [UInt8]) throws -> (directory: URL, file: URL) {
        let directory = FileManager.default.temporaryDirectory
            .appendingPathComponent("wireform-file-body-\(UUID().uuidString)")
        try FileManager.default.createDirectory(at: directory, withIntermediateDirectories: true)
        let file = directory.appendingPathComponent("body.bin")
        try Data(bytes).write(to: file)
        return (directory, file)
    }

    private func read(_ body: MessageBody, readSize: Int) throws -> [UInt8] {
        var reader = try body.makeReader()
        var result: [UInt8] = []
        var buffer = [UInt8](repeating: 0, count: readSize)
        while true {
            let count = try buffer.withUnsafeMutableBytes { try reader.read(into: $0) }
            if count == 0 { return result }
            result += buffer[0..<count]
        }
    }

    @Test(arguments: [1, 7, 4096, 65524, 1 << 20])
    func fileIsReadInFullAtEveryReadSize(readSize: Int) throws {
        let bytes = Self.pattern(600 * 1024 + 3)
        let (directory, url) = try file(bytes)
        defer { try? FileManager.default.removeItem(at: directory) }
        let body = try MessageBody(fileAt: url)
        #expect(body.length == .known(Int64(bytes.count)))
        #expect(body.bytes == nil)
        #expect(body.bytes == nil)
        #expect(try read(body, readSize: readSize) == bytes)
        // Replayable: a second reader reads the file again.
        #expect(try read(body, readSize: readSize) == bytes)
    }

    @Test func fileIsReadAsChunksAndAnInputStream() async throws {
        let bytes = Self.pattern(300 * 1024)
        let (directory, url) = try file(bytes)
        defer { try? FileManager.default.removeItem(at: directory) }
        let body = try MessageBody(fileAt: url)
        var collected: [UInt8] = []
        for try await chunk in body.chunks(chunkSize: 100_000) { collected += chunk }
        #expect(collected == bytes)
        #expect(try await body.collect(upTo: bytes.count) == bytes)
        #expect(readAll(try body.makeInputStream(), maxLength: 65524) == bytes)
    }

    @Test func emptyFileIsAnEmptyBody() throws {
        let (directory, url) = try file([])
        defer { try? FileManager.default.removeItem(at: directory) }
        let body = try MessageBody(fileAt: url)
        #expect(body.length == .known(0))
        #expect(try read(body, readSize: 16).isEmpty)
    }

    @Test func unusableFilesAreRejectedWhenTheBodyIsMade() throws {
        let (directory, _) = try file([1])
        defer { try? FileManager.default.removeItem(at: directory) }
        let missing = directory.appendingPathComponent("missing.bin")
        expectSerializationError(.fileUnavailable, "Cannot read '\(missing.path)': No such file or directory") {
            _ = try MessageBody(fileAt: missing)
        }
        expectSerializationError(.fileUnavailable, "Cannot read '\(directory.path)': it is a directory") {
            _ = try MessageBody(fileAt: directory)
        }
        expectSerializationError(.fileUnavailable, "Cannot read 'https://example.com/a.bin': not a file URL") {
            _ = try MessageBody(fileAt: try url("https://example.com/a.bin"))
        }
        let fifo = directory.appendingPathComponent("fifo")
        #expect(mkfifo(fifo.path, 0o600) == 0)
        expectSerializationError(.fileUnavailable, "Cannot read '\(fifo.path)': not a regular file") {
            _ = try MessageBody(fileAt: fifo)
        }
    }

    @Test func fileThatChangedSizeBeforeReadingFails() throws {
        let (directory, url) = try file(Self.pattern(1000))
        defer { try? FileManager.default.removeItem(at: directory) }
        let body = try MessageBody(fileAt: url)
        try Data(Self.pattern(1001)).write(to: url)
        expectSerializationError(
            .lengthMismatch, "The file '\(url.path)' changed size since the body was made (1000 → 1001 bytes)"
        ) { _ = try read(body, readSize: 4096) }
    }

    @Test func fileThatGrowsWhileReadFails() throws {
        let size = 600 * 1024
        let (directory, url) = try file(Self.pattern(size))
        defer { try? FileManager.default.removeItem(at: directory) }
        var reader = try MessageBody(fileAt: url).makeReader()
        var buffer = [UInt8](repeating: 0, count: 4096)
        _ = try buffer.withUnsafeMutableBytes { try reader.read(into: $0) }
        let handle = try FileHandle(forWritingTo: url)
        handle.seekToEndOfFile()
        handle.write(Data([1, 2, 3]))
        try handle.close()
        let message = "The file '\(url.path)' grew past the \(size) bytes it had when the body was made"
        expectSerializationError(.lengthMismatch, message) {
            while try buffer.withUnsafeMutableBytes({ try reader.read(into: $0) }) > 0 {}
        }
        // The reader never goes on past the error.
        expectSerializationError(.lengthMismatch, message) {
            _ = try buffer.withUnsafeMutableBytes { try reader.read(into: $0) }
        }
    }

    /// A consumer that stops once it has the declared length (a client that has sent `Content-Length` bytes)
    /// must still learn that the file grew: the read that would deliver the last bytes fails instead.
    @Test func fileThatGrewFailsBeforeItsLastBytesAreDelivered() throws {
        let size = 256 * 1024
        let (directory, url) = try file(Self.pattern(size))
        defer { try? FileManager.default.removeItem(at: directory) }
        var reader = try MessageBody(fileAt: url).makeReader()
        var buffer = [UInt8](repeating: 0, count: size / 2)
        #expect(try buffer.withUnsafeMutableBytes { try reader.read(into: $0) } == size / 2)
        let handle = try FileHandle(forWritingTo: url)
        handle.seekToEndOfFile()
        handle.write(Data([1]))
        try handle.close()
        expectSerializationError(
            .lengthMismatch, "The file '\(url.path)' grew past the \(size) bytes it had when the body was made"
        ) { _ = try buffer.withUnsafeMutableBytes { try reader.read(into: $0) } }
    }

    @Test func fileThatShrinksWhileReadFails() throws {
        let size = 600 * 1024
        let (directory, url) = try file(Self.pattern(size))
        defer { try? FileManager.default.removeItem(at: directory) }
        var reader = try MessageBody(fileAt: url).makeReader()
        var buffer = [UInt8](repeating: 0, count: 4096)
        _ = try buffer.withUnsafeMutableBytes { try reader.read(into: $0) }
        #expect(truncate(url.path, 300 * 1024) == 0)
        expectSerializationError(.lengthMismatch, "The file '\(url.path)' ended after \(300 * 1024) of \(size) bytes") {
            while try buffer.withUnsafeMutableBytes({ try reader.read(into: $0) }) > 0 {}
        }
    }

    @Test func fileThatDisappearsOrStopsBeingRegularFails() throws {
        let (directory, url) = try file(Self.pattern(10))
        defer { try? FileManager.default.removeItem(at: directory) }
        let body = try MessageBody(fileAt: url)
        try FileManager.default.removeItem(at: url)
        expectSerializationError(.fileUnavailable, "Cannot read '\(url.path)': No such file or directory") {
            _ = try read(body, readSize: 4096)
        }
        try FileManager.default.createDirectory(at: url, withIntermediateDirectories: false)
        expectSerializationError(.fileUnavailable, "Cannot read '\(url.path)': it is no longer a regular file") {
            _ = try read(body, readSize: 4096)
        }
    }
}
