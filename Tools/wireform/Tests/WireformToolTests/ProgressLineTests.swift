import Foundation
import Testing

/// A long `-o` write or `--send` upload shows one progress line on standard error when it is a terminal (seen here
/// through a pseudo-terminal made by Python's `pty` module), cleared at the end; never through a pipe.
@Suite(.serialized)
struct ProgressLineTests {
    /// Runs the tool with a pseudo-terminal as standard input, output and error; returns what the terminal showed
    /// and the exit status.
    private func runOnTerminal(_ arguments: [String], in directory: String) throws -> (status: Int32, screen: String) {
        let script = """
            import os, pty, sys
            pid, fd = pty.fork()
            if pid == 0:
                os.execv(sys.argv[1], sys.argv[1:])
            screen = b""
            while True:
                try:
                    data = os.read(fd, 65536)
                except OSError:
                    break
                if not data:
                    break
                screen += data
            _, status = os.waitpid(pid, 0)
            sys.stdout.buffer.write(screen)
            sys.exit(os.waitstatus_to_exitcode(status))
            """
        let process = Process()
        process.executableURL = URL(fileURLWithPath: "/usr/bin/env")
        process.arguments = ["python3", "-c", script, ToolProcess.binaryPath] + arguments
        process.currentDirectoryURL = URL(fileURLWithPath: directory)
        let output = Pipe()
        process.standardOutput = output
        try process.run()
        let screen = output.fileHandleForReading.readDataToEndOfFile()
        process.waitUntilExit()
        return (process.terminationStatus, String(decoding: screen, as: UTF8.self))
    }

    @Test func largeOutputFileShowsAProgressLineOnATerminal() throws {
        let directory = try TestDirectory()
        try directory.write("big.bin", [UInt8](repeating: 0x61, count: 3 << 20))
        let (status, screen) = try runOnTerminal(
            ["POST", "http://e.com/", "--file", "f=@big.bin", "-o", "out"], in: directory.path)
        #expect(status == 0)
        #expect(screen.contains("\r\u{1B}[Kwireform: wrote "))
        #expect(screen.contains(" of 3.0 MiB ("))
        #expect(screen.hasSuffix("\r\u{1B}[K"))
    }

    @Test func largeUploadShowsAProgressLineOnATerminal() throws {
        let directory = try TestDirectory()
        try directory.write("big.bin", [UInt8](repeating: 0x62, count: 3 << 20))
        let serverDirectory = try TestDirectory()
        let server = try LocalServer(.record, directory: serverDirectory.path)
        defer { server.stop() }
        let (status, screen) = try runOnTerminal(
            ["POST", server.url(), "--file", "f=@big.bin", "--send", "-o", "out"], in: directory.path)
        #expect(status == 0)
        #expect(screen.contains("\r\u{1B}[Kwireform: sent "))
        #expect(screen.contains(" of 3.0 MiB ("))
        #expect(screen.hasSuffix("\r\u{1B}[K"))
    }

    @Test func noProgressLineOnATerminalWithNoProgressOrForASmallBody() throws {
        let directory = try TestDirectory()
        try directory.write("big.bin", [UInt8](repeating: 0x61, count: 3 << 20))
        try directory.write("small.bin", "hello")
        let quiet = try runOnTerminal(
            ["POST", "http://e.com/", "--file", "f=@big.bin", "-o", "out", "--no-progress"], in: directory.path)
        #expect(quiet.status == 0)
        #expect(quiet.screen == "")
        let small = try runOnTerminal(
            ["POST", "http://e.com/", "--file", "f=@small.bin", "-o", "out"], in: directory.path)
        #expect(small.screen == "")
    }

    @Test func noProgressLineThroughAPipeUnlessForced() throws {
        let directory = try TestDirectory()
        try directory.write("big.bin", [UInt8](repeating: 0x61, count: 3 << 20))
        let piped = try ToolProcess.run(
            ["POST", "http://e.com/", "--file", "f=@big.bin", "-o", "out"], in: directory.path)
        #expect(piped.status == 0)
        #expect(piped.standardError == "")
        let forced = try ToolProcess.run(
            ["POST", "http://e.com/", "--file", "f=@big.bin", "-o", "out", "--progress"], in: directory.path)
        #expect(forced.standardError.contains("wireform: wrote "))
    }
}
