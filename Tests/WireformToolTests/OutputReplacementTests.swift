import Foundation
import Testing

#if canImport(Glibc)
    import Glibc
#elseif canImport(Darwin)
    import Darwin
#endif

/// `-o PATH` for a regular file: written to a temporary file next to it and renamed over it only on success; on any
/// failure or interruption the temporary file is removed and an existing file is untouched (same inode, same bytes).
@Suite(.serialized)
struct OutputReplacementTests {
    static let precious: [UInt8] = Array("precious data\n".utf8)

    /// A directory holding `out` with ``precious`` bytes; returns the directory and the inode of `out`.
    func directoryWithExistingOutput() throws -> (TestDirectory, UInt64?) {
        let directory = try TestDirectory()
        try directory.write("out", Self.precious)
        return (directory, directory.inode("out"))
    }

    /// `out` is still the same file with the same bytes, and nothing else was left next to it.
    func expectUntouched(
        _ directory: TestDirectory, inode: UInt64?, others: [String] = [],
        sourceLocation: SourceLocation = #_sourceLocation
    ) throws {
        #expect(directory.inode("out") == inode, sourceLocation: sourceLocation)
        #expect(try directory.contents("out") == Self.precious, sourceLocation: sourceLocation)
        #expect(try directory.names() == (["out"] + others).sorted(), sourceLocation: sourceLocation)
    }

    @Test func refusedConnectionKeepsExistingOutput() throws {
        let (directory, inode) = try directoryWithExistingOutput()
        let result = try ToolProcess.run(["GET", "http://127.0.0.1:1/", "--send", "-o", "out"], in: directory.path)
        #expect(result.status == 3)
        try expectUntouched(directory, inode: inode)
    }

    #if os(Linux)
        /// `/proc/self/status` is a regular file whose size is 0 but which has content: the body fails after the
        /// head and the part's headers were written.
        @Test func bodyThatFailsMidwayKeepsExistingOutput() throws {
            let (directory, inode) = try directoryWithExistingOutput()
            let result = try ToolProcess.run(
                ["POST", "http://e.com/", "--file", "f=@/proc/self/status", "-o", "out"], in: directory.path)
            #expect(result.status == 1)
            #expect(result.standardError.contains("grew past the 0 bytes"))
            try expectUntouched(directory, inode: inode)
        }
    #endif

    /// A write error (here the file-size limit, which would otherwise kill the process with SIGXFSZ).
    @Test(.disabled(if: isThreadSanitizerActive, "ThreadSanitizer's runtime dies with SIGBUS under ulimit -f 1"))
    func writeErrorKeepsExistingOutput() throws {
        let (directory, inode) = try directoryWithExistingOutput()
        try directory.write("big.bin", [UInt8](repeating: 0x61, count: 8192))
        let result = try ToolProcess.run(
            ["POST", "http://e.com/", "--file", "f=@big.bin", "-o", "out"], in: directory.path,
            shellPrefix: "ulimit -f 1;")
        #expect(result.status == 1)
        #expect(result.standardError.hasPrefix("wireform: Cannot write to output file 'out': File too large"))
        try expectUntouched(directory, inode: inode, others: ["big.bin"])
    }

    @Test(arguments: [(SIGINT, Int32(130)), (SIGTERM, Int32(143)), (SIGHUP, Int32(129))])
    func interruptionKeepsExistingOutput(signal: Int32, status: Int32) throws {
        let (directory, inode) = try directoryWithExistingOutput()
        let serverDirectory = try TestDirectory()
        let server = try LocalServer(.stall, directory: serverDirectory.path)
        defer { server.stop() }
        let tool = try ToolProcess(["GET", server.url(), "--send", "-o", "out"], in: directory.path)
        // Wait until the response head is being written: a temporary file appears (or, before the fix, `out`
        // itself changes).
        let deadline = Date().addingTimeInterval(10)
        while Date() < deadline {
            let names = (try? directory.names()) ?? []
            if names.count > 1 || (try? directory.contents("out")) != Self.precious { break }
            usleep(20_000)
        }
        usleep(200_000)
        tool.send(signal)
        let result = tool.wait()
        // Exited through the handler, not killed by the signal.
        #expect(result.signal == nil)
        #expect(result.status == status)
        try expectUntouched(directory, inode: inode)
    }

    @Test func successReplacesOutputAndKeepsItsPermissions() throws {
        let (directory, _) = try directoryWithExistingOutput()
        chmod(directory.file("out"), 0o640)
        let arguments = ["POST", "http://e.com/", "-p", #"{"a": 1}"#]
        let expected = try ToolProcess.run(arguments, in: directory.path).standardOutput
        let result = try ToolProcess.run(arguments + ["-o", "out"], in: directory.path)
        #expect(result.status == 0)
        #expect(result.standardOutput.isEmpty)
        #expect(try directory.contents("out") == expected)
        #expect(directory.permissions("out") == 0o640)
        #expect(try directory.names() == ["out"])
    }

    @Test func newOutputGetsPermissionsFromTheUmask() throws {
        let directory = try TestDirectory()
        let mask = umask(0o022)
        umask(mask)
        let result = try ToolProcess.run(["GET", "http://e.com/", "-o", "new"], in: directory.path)
        #expect(result.status == 0)
        #expect(directory.permissions("new") == 0o666 & ~mask)
        #expect(try directory.names() == ["new"])
    }
}
