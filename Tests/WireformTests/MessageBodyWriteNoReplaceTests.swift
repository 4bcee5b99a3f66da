import Foundation
import Testing
import Wireform

/// `write(to:replacingExisting: false)`: AFNetworking callers that must not overwrite get an error, and whatever is
/// at the destination is left exactly as it was.
@Suite struct MessageBodyWriteNoReplaceTests {
    private func temporaryDirectory() throws -> URL {
        let directory = FileManager.default.temporaryDirectory
            .appendingPathComponent("wireform-no-replace-\(UUID().uuidString)")
        try FileManager.default.createDirectory(at: directory, withIntermediateDirectories: true)
        return directory
    }

    private func entries(_ directory: URL) throws -> [String] {
        try FileManager.default.contentsOfDirectory(atPath: directory.path).sorted()
    }

    @Test func newFileIsWrittenExactly() async throws {
        let directory = try temporaryDirectory()
        defer { try? FileManager.default.removeItem(at: directory) }
        let destination = directory.appendingPathComponent("body")
        let bytes = (0..<300_000).map { UInt8(truncatingIfNeeded: $0 &* 31) }
        try await MessageBody(bytes: bytes).write(to: destination, chunkSize: 4096, replacingExisting: false)
        #expect(try [UInt8](Data(contentsOf: destination)) == bytes)
        #expect(try entries(directory) == ["body"])
    }

    @Test func existingFileIsAnErrorAndIsKept() async throws {
        let directory = try temporaryDirectory()
        defer { try? FileManager.default.removeItem(at: directory) }
        let destination = directory.appendingPathComponent("body")
        try Data("old".utf8).write(to: destination)
        await expectSerializationError(
            .writeFailed,
            "Not writing '\(destination.path)': a file exists there and replacingExisting is false"
        ) {
            try await MessageBody(bytes: [1, 2, 3]).write(to: destination, replacingExisting: false)
        }
        #expect(try Data(contentsOf: destination) == Data("old".utf8))
        #expect(try entries(directory) == ["body"])
    }

    @Test func existingDirectoryOrDanglingLinkIsAnError() async throws {
        let directory = try temporaryDirectory()
        defer { try? FileManager.default.removeItem(at: directory) }
        let subdirectory = directory.appendingPathComponent("sub")
        try FileManager.default.createDirectory(at: subdirectory, withIntermediateDirectories: false)
        let link = directory.appendingPathComponent("link")
        try FileManager.default.createSymbolicLink(atPath: link.path, withDestinationPath: "missing-target")
        for destination in [subdirectory, link] {
            await expectSerializationError(.writeFailed) {
                try await MessageBody(bytes: [1]).write(to: destination, replacingExisting: false)
            }
        }
        #expect(try entries(directory) == ["link", "sub"])
        #expect(!FileManager.default.fileExists(atPath: directory.appendingPathComponent("missing-target").path))
    }

    @Test func fileThatAppearsWhileWritingIsKept() async throws {
        let directory = try temporaryDirectory()
        defer { try? FileManager.default.removeItem(at: directory) }
        let destination = directory.appendingPathComponent("body")
        // The body's producer creates the destination after the up-front check: link(2) must still refuse.
        let body = MessageBody(length: .known(3)) {
            _ = FileManager.default.createFile(atPath: destination.path, contents: Data("racer".utf8))
            return FixedChunks(chunks: [[7, 8, 9]])
        }
        await expectSerializationError(
            .writeFailed,
            "Not writing '\(destination.path)': a file exists there and replacingExisting is false"
        ) {
            try await body.write(to: destination, replacingExisting: false)
        }
        #expect(try Data(contentsOf: destination) == Data("racer".utf8))
        #expect(try entries(directory) == ["body"])
    }

    @Test func replacingIsStillTheDefault() async throws {
        let directory = try temporaryDirectory()
        defer { try? FileManager.default.removeItem(at: directory) }
        let destination = directory.appendingPathComponent("body")
        try Data("old".utf8).write(to: destination)
        try await MessageBody(bytes: [1, 2]).write(to: destination)
        #expect(try [UInt8](Data(contentsOf: destination)) == [1, 2])
    }
}
