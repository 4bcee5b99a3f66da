import Foundation
import Testing
import Wireform

/// A file body read again (a 307 or 308 redirect, an authentication retry) must be the file its first reading read:
/// one edited in place to the same size, or replaced by another file, fails with `fileChanged` naming the file
/// instead of giving other bytes (issue 30, H7; before, the replay silently gave the edited bytes).
@Suite struct MessageBodyFileReplayTests {
    /// A temporary directory holding `body.bin` with 4096 bytes of `A`, last modified in 2001, so that an edit now
    /// changes its modification time whatever the file system's clock tick.
    static func file() throws -> (directory: URL, file: URL) {
        let directory = FileManager.default.temporaryDirectory
            .appendingPathComponent("wireform-file-replay-\(UUID().uuidString)")
        try FileManager.default.createDirectory(at: directory, withIntermediateDirectories: true)
        let file = directory.appendingPathComponent("body.bin")
        try Data(repeating: 65, count: 4096).write(to: file)
        try FileManager.default.setAttributes(
            [.modificationDate: Date(timeIntervalSince1970: 1_000_000_000)], ofItemAtPath: file.path)
        return (directory, file)
    }

    /// Writes 4096 bytes of `B` over the file, in place.
    static func editInPlace(_ url: URL) throws {
        let handle = try FileHandle(forWritingTo: url)
        try handle.write(contentsOf: Data(repeating: 66, count: 4096))
        try handle.close()
    }

    @Test func fileEditedInPlaceToTheSameSizeIsNotReadAgain() async throws {
        let (directory, url) = try Self.file()
        defer { try? FileManager.default.removeItem(at: directory) }
        let body = try MessageBody(fileAt: url)
        #expect(try await body.collect(upTo: 1 << 20) == [UInt8](repeating: 65, count: 4096))
        try Self.editInPlace(url)
        await expectSerializationError(
            .fileChanged,
            "The file '\(url.path)' was modified since the body first read it, so the same body cannot be produced "
                + "again"
        ) { _ = try await body.collect(upTo: 1 << 20) }
        // Every copy of the body shares its first reading: the synchronous reader refuses too.
        let copy = body
        let error = #expect(throws: SerializationError.self) {
            var reader = try copy.makeReader()
            var buffer = [UInt8](repeating: 0, count: 8192)
            _ = try buffer.withUnsafeMutableBytes { try reader.read(into: $0) }
        }
        #expect(error?.code == .fileChanged)
    }

    @Test func fileReplacedByAnotherOfTheSameSizeIsNotReadAgain() async throws {
        let (directory, url) = try Self.file()
        defer { try? FileManager.default.removeItem(at: directory) }
        let body = try MessageBody(fileAt: url)
        #expect(try await body.collect(upTo: 1 << 20).count == 4096)
        let other = directory.appendingPathComponent("other.bin")
        try Data(repeating: 66, count: 4096).write(to: other)
        try FileManager.default.setAttributes(
            [.modificationDate: Date(timeIntervalSince1970: 1_000_000_000)], ofItemAtPath: other.path)
        try FileManager.default.removeItem(at: url)
        try FileManager.default.moveItem(at: other, to: url)
        await expectSerializationError(
            .fileChanged,
            "The file '\(url.path)' was replaced since the body first read it, so the same body cannot be produced "
                + "again"
        ) { _ = try await body.collect(upTo: 1 << 20) }
    }

    @Test func unchangedFileIsReadAgainAndAFreshBodyReadsTheEditedFile() async throws {
        let (directory, url) = try Self.file()
        defer { try? FileManager.default.removeItem(at: directory) }
        let body = try MessageBody(fileAt: url)
        for _ in 0..<3 { #expect(try await body.collect(upTo: 1 << 20) == [UInt8](repeating: 65, count: 4096)) }
        try Self.editInPlace(url)
        // The check belongs to one body: a body made again reads the file as it is now.
        #expect(try await MessageBody(fileAt: url).collect(upTo: 1 << 20) == [UInt8](repeating: 66, count: 4096))
    }

    /// The file is the one the first reading opened, not the one the body was made from: a file edited before it
    /// is first read is sent as it is then.
    @Test func fileEditedBeforeItsFirstReadingIsRead() async throws {
        let (directory, url) = try Self.file()
        defer { try? FileManager.default.removeItem(at: directory) }
        let body = try MessageBody(fileAt: url)
        try Self.editInPlace(url)
        #expect(try await body.collect(upTo: 1 << 20) == [UInt8](repeating: 66, count: 4096))
        #expect(try await body.collect(upTo: 1 << 20) == [UInt8](repeating: 66, count: 4096))
    }
}
