import Foundation
import Testing
import Wireform

#if canImport(Glibc)
    import Glibc
#elseif canImport(Darwin)
    import Darwin
#endif

/// ``AtomicFileWriter``: bytes of the caller's own (a head, then chunks) reach the destination only on `commit()`,
/// with the permissions the shell's `>` would give; everything else leaves the destination as it was.
@Suite struct AtomicFileWriterTests {
    private func temporaryDirectory() throws -> URL {
        let directory = FileManager.default.temporaryDirectory
            .appendingPathComponent("wireform-atomic-\(UUID().uuidString)")
        try FileManager.default.createDirectory(at: directory, withIntermediateDirectories: true)
        return directory
    }

    private func entries(_ directory: URL) throws -> [String] {
        try FileManager.default.contentsOfDirectory(atPath: directory.path).sorted()
    }

    private func permissions(_ url: URL) -> mode_t {
        var info = stat()
        _ = stat(url.path, &info)
        return info.st_mode & 0o777
    }

    @Test func headThenChunksReplaceTheFileOnlyOnCommit() throws {
        let directory = try temporaryDirectory()
        defer { try? FileManager.default.removeItem(at: directory) }
        let destination = directory.appendingPathComponent("out")
        try Data("old".utf8).write(to: destination)
        chmod(destination.path, 0o640)
        let file = try AtomicFileWriter(destination: destination)
        try file.write(Array("HEAD\r\n\r\n".utf8))
        try file.write([UInt8](repeating: 0x61, count: 100_000)[...])
        #expect(try Data(contentsOf: destination) == Data("old".utf8))
        #if os(Linux)
            // O_TMPFILE: the file being written has no name.
            #expect(try entries(directory) == ["out"])
        #endif
        try file.commit()
        #expect(try Data(contentsOf: destination) == Data("HEAD\r\n\r\n".utf8) + Data(repeating: 0x61, count: 100_000))
        #expect(permissions(destination) == 0o640)
        #expect(try entries(directory) == ["out"])
    }

    @Test func newFileGetsPermissionsFromTheUmask() throws {
        let directory = try temporaryDirectory()
        defer { try? FileManager.default.removeItem(at: directory) }
        let destination = directory.appendingPathComponent("new")
        let mask = umask(0o022)
        umask(mask)
        let file = try AtomicFileWriter(destination: destination)
        try file.write([1, 2, 3])
        try file.commit()
        #expect(permissions(destination) == 0o666 & ~mask)
        #expect(try entries(directory) == ["new"])
    }

    @Test func discardAndDroppingLeaveTheDestinationAsItWas() throws {
        let directory = try temporaryDirectory()
        defer { try? FileManager.default.removeItem(at: directory) }
        let destination = directory.appendingPathComponent("out")
        try Data("old".utf8).write(to: destination)
        let discarded = try AtomicFileWriter(destination: destination)
        try discarded.write([1, 2, 3])
        discarded.discard()
        do {
            let dropped = try AtomicFileWriter(destination: destination)
            try dropped.write([4, 5, 6])
        }
        #expect(try Data(contentsOf: destination) == Data("old".utf8))
        #expect(try entries(directory) == ["out"])
    }

    @Test func pathThatIsNotUTF8IsWrittenExactly() throws {
        let directory = try temporaryDirectory()
        defer { try? FileManager.default.removeItem(at: directory) }
        let path = Array(directory.path.utf8) + Array("/o".utf8) + [0xFF]
        let file = try AtomicFileWriter(fileSystemPath: path)
        try file.write([7])
        try file.commit()
        let opened = open(path.map { CChar(bitPattern: $0) } + [0], O_RDONLY)
        #expect(opened >= 0)
        var byte: UInt8 = 0
        #expect(read(opened, &byte, 1) == 1 && byte == 7)
        close(opened)
        // Nothing else, in particular no U+FFFD-repaired name.
        #expect(try FileManager.default.contentsOfDirectory(atPath: directory.path).count == 1)
    }

    @Test func cancelledTaskNeitherWritesNorCommits() async throws {
        let directory = try temporaryDirectory()
        defer { try? FileManager.default.removeItem(at: directory) }
        let destination = directory.appendingPathComponent("out")
        let file = try AtomicFileWriter(destination: destination)
        try file.write([1])
        let task = Task { () -> [SerializationError.Code?] in
            withUnsafeCurrentTask { $0?.cancel() }
            var codes: [SerializationError.Code?] = []
            do { try file.write([2]) } catch { codes.append((error as? SerializationError)?.code) }
            do { try file.commit() } catch { codes.append((error as? SerializationError)?.code) }
            return codes
        }
        let codes = await task.value
        #expect(codes == [SerializationError.Code.cancelled, .cancelled])
        #expect(try entries(directory) == [])
    }

    @Test func writeFailureCarriesTheSystemError() throws {
        let directory = try temporaryDirectory()
        defer { try? FileManager.default.removeItem(at: directory) }
        let destination = directory.appendingPathComponent("missing/out")
        do {
            _ = try AtomicFileWriter(destination: destination)
            Issue.record("Expected a failure")
        } catch {
            #expect(error.code == .writeFailed)
            #expect((error.underlyingError as? POSIXError)?.code == .ENOENT)
            #expect(
                error.reason
                    == "Cannot create a temporary file for '\(destination.path)': No such file or directory")
        }
    }
}
