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

    /// Starts `--send -o out` to a server that never answers and returns once the tool has connected: the output
    /// is opened before the request is sent, so the temporary file exists (or, with `O_TMPFILE`, is open) by then.
    func startSlowOutput(in directory: TestDirectory, listener: SilentListener, shellPrefix: String? = nil) throws
        -> ToolProcess
    {
        let tool = try ToolProcess(
            ["GET", listener.url, "--send", "-o", "out"], in: directory.path, shellPrefix: shellPrefix)
        #expect(listener.waitForConnection())
        return tool
    }

    /// Every catchable signal whose default action ends the process removes the temporary file and exits with
    /// `128 + signal`.
    @Test(arguments: [SIGINT, SIGTERM, SIGHUP, SIGALRM, SIGUSR1, SIGUSR2, SIGVTALRM, SIGPROF, SIGIO])
    func signalKeepsExistingOutput(signal: Int32) throws {
        let (directory, inode) = try directoryWithExistingOutput()
        let listener = try SilentListener()
        let tool = try startSlowOutput(in: directory, listener: listener)
        tool.send(signal)
        let result = tool.wait()
        // Exited through the handler, not killed by the signal.
        #expect(result.signal == nil)
        #expect(result.status == 128 + signal)
        try expectUntouched(directory, inode: inode)
    }

    #if os(Linux)
        /// The Linux-only terminating signals and the real-time signals (whose default action is to terminate too).
        @Test(arguments: [
            SIGSTKFLT, SIGPWR, __libc_current_sigrtmin(), __libc_current_sigrtmin() + 1, __libc_current_sigrtmax(),
        ])
        func linuxSignalKeepsExistingOutput(signal: Int32) throws {
            let (directory, inode) = try directoryWithExistingOutput()
            let listener = try SilentListener()
            let tool = try startSlowOutput(in: directory, listener: listener)
            tool.send(signal)
            let result = tool.wait()
            #expect(result.signal == nil)
            #expect(result.status == 128 + signal)
            try expectUntouched(directory, inode: inode)
        }
    #endif

    /// A signal whose default action dumps core still does, after the temporary file is removed.
    @Test(arguments: [SIGQUIT, SIGXCPU, SIGSYS, SIGTRAP, SIGABRT])
    func coreDumpingSignalKeepsExistingOutput(signal: Int32) throws {
        let (directory, inode) = try directoryWithExistingOutput()
        let listener = try SilentListener()
        let tool = try startSlowOutput(in: directory, listener: listener, shellPrefix: "ulimit -c 0;")
        tool.send(signal)
        let result = tool.wait()
        #expect(result.signal == signal)
        try expectUntouched(directory, inode: inode)
    }

    #if os(Linux)
        /// The temporary file has no name until it is complete (`O_TMPFILE`), so even `SIGKILL` leaves nothing.
        @Test func killKeepsExistingOutput() throws {
            let (directory, inode) = try directoryWithExistingOutput()
            let listener = try SilentListener()
            let tool = try startSlowOutput(in: directory, listener: listener)
            tool.send(SIGKILL)
            let result = tool.wait()
            #expect(result.signal == SIGKILL)
            try expectUntouched(directory, inode: inode)
        }
    #endif

    /// A signal ignored when the tool starts (`nohup`, `trap '' USR1`) stays ignored: only the later `SIGTERM`
    /// ends it. Both are sent at once; Linux delivers the lower-numbered `SIGUSR1` first, so a handled `SIGUSR1`
    /// would show as status 138.
    @Test func ignoredSignalStaysIgnored() throws {
        let (directory, inode) = try directoryWithExistingOutput()
        let listener = try SilentListener()
        let tool = try startSlowOutput(in: directory, listener: listener, shellPrefix: "trap '' USR1;")
        tool.send(SIGUSR1)
        tool.send(SIGTERM)
        let result = tool.wait()
        #expect(result.signal == nil)
        #expect(result.status == 128 + SIGTERM)
        try expectUntouched(directory, inode: inode)
    }

    /// Work that cancellation cannot interrupt (here opening a FIFO that nothing writes to, for `--params-file`)
    /// still ends with the signal's status, a moment later, and the existing output is untouched.
    @Test func signalEndsTheToolWhenItsWorkCannotBeCancelled() throws {
        let (directory, inode) = try directoryWithExistingOutput()
        try directory.makeFIFO("params")
        let tool = try ToolProcess(
            ["POST", "http://e.com/", "--params-file", "params", "-o", "out"], in: directory.path)
        // Long enough for the tool to install its handlers and block in open(2).
        usleep(1_000_000)
        tool.send(SIGINT)
        let result = tool.wait()
        #expect(result.signal == nil)
        #expect(result.status == 128 + SIGINT)
        try expectUntouched(directory, inode: inode, others: ["params"])
    }

    /// A new output: nothing is left behind either.
    @Test func signalLeavesNoNewOutput() throws {
        let directory = try TestDirectory()
        let listener = try SilentListener()
        let tool = try startSlowOutput(in: directory, listener: listener)
        tool.send(SIGUSR1)
        let result = tool.wait()
        #expect(result.status == 128 + SIGUSR1)
        #expect(try directory.names() == [])
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
