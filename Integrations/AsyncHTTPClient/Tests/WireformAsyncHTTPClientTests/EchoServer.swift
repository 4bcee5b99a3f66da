import Foundation

#if canImport(Glibc)
    import Glibc
#elseif canImport(Darwin)
    import Darwin
#endif

/// A plain socket server in Python on 127.0.0.1 that reads each request by its framing (`Content-Length` or
/// chunked) and answers 200 with the exact bytes it read, head and body, framing included.
final class EchoServer {
    /// The server's program.
    static let script = #"""
        import signal, socket, threading

        # Spawned from a dispatch thread, this process may start with SIGTERM blocked.
        signal.pthread_sigmask(signal.SIG_UNBLOCK, [signal.SIGTERM])
        listener = socket.socket()
        listener.bind(("127.0.0.1", 0))
        listener.listen(16)
        print(listener.getsockname()[1], flush=True)

        def read_line(stream, seen):
            line = stream.readline()
            seen += line
            return line

        def serve(connection):
            stream = connection.makefile("rb")
            with connection:
                while True:
                    seen, headers = bytearray(), {}
                    if not read_line(stream, seen):
                        return
                    while True:
                        line = read_line(stream, seen)
                        if line in (b"\r\n", b"\n", b""):
                            break
                        name, _, value = line.decode("latin-1").partition(":")
                        headers[name.strip().lower()] = value.strip()
                    if headers.get("transfer-encoding", "").lower() == "chunked":
                        while True:
                            size = int(read_line(stream, seen).split(b";")[0].strip() or b"0", 16)
                            if size == 0:
                                while read_line(stream, seen) not in (b"\r\n", b"\n", b""):
                                    pass
                                break
                            seen += stream.read(size + 2)
                    else:
                        seen += stream.read(int(headers.get("content-length", "0")))
                    head = b"HTTP/1.1 200 OK\r\nContent-Length: %d\r\n\r\n" % len(seen)
                    connection.sendall(head + bytes(seen))

        while True:
            connection, _ = listener.accept()
            threading.Thread(target=serve, args=(connection,), daemon=True).start()
        """#

    /// The port it listens on.
    let port: Int
    private let process: Process
    private let scriptURL: URL

    /// Starts the server; throws when python3 is missing or the server does not start.
    init() throws {
        guard let python = SinkServer.pythonPath else { throw CocoaError(.executableNotLoadable) }
        scriptURL = FileManager.default.temporaryDirectory.appendingPathComponent("wireform-echo-\(UUID()).py")
        try Data(Self.script.utf8).write(to: scriptURL)
        process = Process()
        process.executableURL = URL(fileURLWithPath: python)
        process.arguments = [scriptURL.path]
        let output = Pipe()
        process.standardOutput = output
        process.standardError = FileHandle.nullDevice
        process.standardInput = FileHandle.nullDevice
        try process.run()
        let line = String(decoding: output.fileHandleForReading.readLine(), as: UTF8.self)
        guard let port = Int(line) else {
            kill(process.processIdentifier, SIGKILL)
            process.waitUntilExit()
            throw CocoaError(.fileReadCorruptFile)
        }
        self.port = port
    }

    /// The URL of a path on the server.
    func url(_ path: String) -> String { "http://127.0.0.1:\(port)\(path)" }

    /// Stops the server and removes its script.
    func stop() {
        // SIGKILL: a child spawned from a dispatch thread may have SIGTERM blocked.
        kill(process.processIdentifier, SIGKILL)
        process.waitUntilExit()
        try? FileManager.default.removeItem(at: scriptURL)
    }
}

extension FileHandle {
    /// The bytes up to the next newline (without it) or the end.
    fileprivate func readLine() -> [UInt8] {
        var line: [UInt8] = []
        while let byte = readData(ofLength: 1).first, byte != UInt8(ascii: "\n") { line.append(byte) }
        return line
    }
}
