import Foundation
import Testing
import Wireform

#if canImport(Glibc)
    import Glibc
#elseif canImport(Darwin)
    import Darwin
#endif

/// `write(to:)` and ``AtomicFileWriter`` never destroy what they did not create: a FIFO stays a FIFO and receives the
/// bytes in place, a symbolic link stays a link and its target is replaced, and a link to nothing or a directory is
/// an error that says so.
@Suite struct AtomicFileWriterDestinationTests {
    private func temporaryDirectory() throws -> URL {
        let directory = FileManager.default.temporaryDirectory
            .appendingPathComponent("wireform-destination-\(UUID().uuidString)")
        try FileManager.default.createDirectory(at: directory, withIntermediateDirectories: true)
        return directory
    }

    private func entries(_ directory: URL) throws -> [String] {
        try FileManager.default.contentsOfDirectory(atPath: directory.path).sorted()
    }

    /// The entry's type bits and inode, not following a symbolic link.
    private func entry(_ url: URL) -> (type: mode_t, inode: UInt64) {
        var info = stat()
        guard lstat(url.path, &info) == 0 else { return (0, 0) }
        return (info.st_mode & S_IFMT, UInt64(info.st_ino))
    }

    private func makeFIFO(_ url: URL) throws {
        guard mkfifo(url.path, 0o600) == 0 else { throw POSIXError(.EIO) }
    }

    @Test func fifoStaysAFIFOAndReceivesTheBytes() async throws {
        let directory = try temporaryDirectory()
        defer { try? FileManager.default.removeItem(at: directory) }
        let fifo = directory.appendingPathComponent("fifo")
        try makeFIFO(fifo)
        let before = entry(fifo)
        let bytes = (0..<300_000).map { UInt8(truncatingIfNeeded: $0 &* 7) }
        let reader = try FIFOReader(fifo, expecting: bytes.count)
        try await MessageBody(bytes: bytes).write(to: fifo, chunkSize: 65_536)
        let received = reader.collect()
        #expect(received.count == bytes.count)
        // Compared apart from the expectation, which would print both arrays of 300,000 bytes on a failure.
        let isSame = received == bytes
        #expect(isSame)
        #expect(entry(fifo).type == S_IFIFO)
        #expect(entry(fifo).inode == before.inode)
        #expect(try entries(directory) == ["fifo"])
    }

    @Test func failedWriteIntoAFIFOLeavesIt() async throws {
        let directory = try temporaryDirectory()
        defer { try? FileManager.default.removeItem(at: directory) }
        let fifo = directory.appendingPathComponent("fifo")
        try makeFIFO(fifo)
        let before = entry(fifo)
        let reader = try FIFOReader(fifo, expecting: 3)
        let short = MessageBody(length: .known(10)) { FixedChunks(chunks: [[1, 2, 3]]) }
        await expectSerializationError(.lengthMismatch) { try await short.write(to: fifo) }
        // Bytes already written into a FIFO cannot be taken back; the FIFO itself is kept.
        #expect(reader.collect() == [1, 2, 3])
        #expect(entry(fifo).type == S_IFIFO)
        #expect(entry(fifo).inode == before.inode)
        #expect(try entries(directory) == ["fifo"])
    }

    @Test func writerDiscardClosesAFIFOWithoutRemovingIt() throws {
        let directory = try temporaryDirectory()
        defer { try? FileManager.default.removeItem(at: directory) }
        let fifo = directory.appendingPathComponent("fifo")
        try makeFIFO(fifo)
        let reader = try FIFOReader(fifo, expecting: 2)
        let file = try AtomicFileWriter(destination: fifo)
        try file.write([4, 5])
        file.discard()
        #expect(reader.collect() == [4, 5])
        #expect(entry(fifo).type == S_IFIFO)
        #expect(try entries(directory) == ["fifo"])
    }

    @Test func symbolicLinkIsFollowedAndKept() async throws {
        let directory = try temporaryDirectory()
        defer { try? FileManager.default.removeItem(at: directory) }
        let subdirectory = directory.appendingPathComponent("sub")
        try FileManager.default.createDirectory(at: subdirectory, withIntermediateDirectories: false)
        let target = subdirectory.appendingPathComponent("target")
        try Data("old".utf8).write(to: target)
        chmod(target.path, 0o640)
        let link = directory.appendingPathComponent("link")
        try FileManager.default.createSymbolicLink(atPath: link.path, withDestinationPath: "sub/target")
        try await MessageBody(bytes: [1, 2, 3]).write(to: link)
        #expect(entry(link).type == S_IFLNK)
        #expect(try FileManager.default.destinationOfSymbolicLink(atPath: link.path) == "sub/target")
        #expect(try [UInt8](Data(contentsOf: target)) == [1, 2, 3])
        #expect(try entries(directory) == ["link", "sub"])
        #expect(try entries(subdirectory) == ["target"])
        var info = stat()
        #expect(stat(target.path, &info) == 0 && info.st_mode & 0o777 == 0o640)
    }

    @Test func danglingSymbolicLinkIsAnErrorThatSaysSo() async throws {
        let directory = try temporaryDirectory()
        defer { try? FileManager.default.removeItem(at: directory) }
        let link = directory.appendingPathComponent("link")
        try FileManager.default.createSymbolicLink(atPath: link.path, withDestinationPath: "missing")
        await expectSerializationError(
            .writeFailed,
            "Cannot write to '\(link.path)': it is a symbolic link to a file that does not exist; create the file "
                + "or write to the target's path"
        ) {
            try await MessageBody(bytes: [1]).write(to: link)
        }
        #expect(entry(link).type == S_IFLNK)
        #expect(try entries(directory) == ["link"])
    }

    @Test func directoryIsAnErrorThatSaysSo() async throws {
        let directory = try temporaryDirectory()
        defer { try? FileManager.default.removeItem(at: directory) }
        let subdirectory = directory.appendingPathComponent("sub")
        try FileManager.default.createDirectory(at: subdirectory, withIntermediateDirectories: false)
        await expectSerializationError(.writeFailed, "Cannot write to '\(subdirectory.path)': it is a directory") {
            try await MessageBody(bytes: [1]).write(to: subdirectory)
        }
        #expect(try entries(directory) == ["sub"])
    }
}

/// Holds a FIFO open for reading (`O_RDWR`, so that opening it for writing never waits) and drains it on a thread
/// of its own while the writer works. Once the writer is done (``collect()``), it stops at the first silence: a writer
/// that replaced the FIFO instead of writing into it fails the test instead of hanging it.
final class FIFOReader: @unchecked Sendable {
    private let descriptor: Int32
    private let done = DispatchSemaphore(value: 0)
    /// Guards `isWriterDone`.
    private let lock = NSLock()
    /// Set by ``collect()``: from then on, silence means nothing more is coming.
    private var isWriterDone = false
    /// Written by the reading thread only, read after `done` is signalled.
    private var bytes: [UInt8] = []

    init(_ url: URL, expecting count: Int) throws {
        descriptor = open(url.path, O_RDWR | O_NONBLOCK | O_CLOEXEC)
        guard descriptor >= 0 else { throw POSIXError(.EIO) }
        // A thread of its own, not a Dispatch or cooperative one: the writer under test may block a pool thread in
        // write(2) until this thread drains the FIFO, and a 2-core machine's pools have two threads.
        Thread { [self] in
            var chunk = [UInt8](repeating: 0, count: 65_536)
            var poller = pollfd(fd: descriptor, events: Int16(POLLIN), revents: 0)
            while bytes.count < count {
                if poll(&poller, 1, 100) > 0 {
                    let got = read(descriptor, &chunk, chunk.count)
                    if got > 0 { bytes += chunk[..<got] }
                } else if lock.withLock({ isWriterDone }) {
                    break
                }
            }
            done.signal()
        }.start()
    }

    deinit { close(descriptor) }

    /// The bytes read; call it once the writer is done.
    func collect() -> [UInt8] {
        lock.withLock { isWriterDone = true }
        done.wait()
        return bytes
    }
}
