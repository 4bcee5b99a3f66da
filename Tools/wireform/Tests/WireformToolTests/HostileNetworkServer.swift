import Foundation

#if canImport(Glibc)
    import Glibc
#elseif canImport(Darwin)
    import Darwin
#endif

/// A raw-socket server in Python on 127.0.0.1 that plays the hostile networks of issue 39, one mode each:
///
/// - `continue-flood`: reads the request head (never its body) and sends `HTTP/1.1 100 Continue` heads, one every
///   20 ms, until the client goes away (at most 60 seconds);
/// - `tls11`: speaks only TLS 1.0 and 1.1 (with the ``TLSFiles`` certificate) and answers 200;
/// - `close-after-redirect`: on each connection, answers the first request with `REDIRECT_STATUS` to `/final` (no
///   `Connection: close`), reads the next request and closes without a byte of response; a request for `/final` as
///   the first of its connection is answered 200 `final`;
/// - `change-file`: reads the first request with its body, changes the file at `?file=PATH` as `?change=` says
///   (`grow`, `shrink`, `delete`, `replace`), and answers 307 to `/final`; then records the head of every later
///   request in `seen` in the directory, and answers 200.
///
/// Every request line it reads is appended to `lines` in the directory.
final class HostileNetworkServer {
    static let script = #"""
        import os, signal, socket, ssl, sys, threading, time, urllib.parse
        signal.pthread_sigmask(signal.SIG_UNBLOCK, [signal.SIGTERM])
        mode, directory = sys.argv[1], sys.argv[2]
        context = None
        if mode == "tls11":
            context = ssl.SSLContext(ssl.PROTOCOL_TLS_SERVER)
            context.load_cert_chain(sys.argv[3], sys.argv[4])
            context.set_ciphers("DEFAULT:@SECLEVEL=0")
            context.minimum_version = ssl.TLSVersion.TLSv1
            context.maximum_version = ssl.TLSVersion.TLSv1_1
        listener = socket.socket()
        listener.bind(("127.0.0.1", 0))
        listener.listen(16)
        print(listener.getsockname()[1], flush=True)
        lock = threading.Lock()

        def note(name, text):
            with lock:
                with open(os.path.join(directory, name), "a") as handle:
                    handle.write(text + "\n")

        def read_head(stream):
            lines = []
            while True:
                line = stream.readline()
                if line in (b"\r\n", b"\n", b""):
                    return lines
                lines.append(line.decode("latin-1").rstrip("\r\n"))

        def length(lines):
            for line in lines[1:]:
                name, _, value = line.partition(":")
                if name.strip().lower() == "content-length":
                    return int(value.strip())
            return 0

        def answer(connection, text):
            connection.sendall(b"HTTP/1.1 200 OK\r\nContent-Length: %d\r\n\r\n%s" % (len(text), text))

        def serve(connection):
            if context is not None:
                try:
                    connection = context.wrap_socket(connection, server_side=True)
                except (OSError, ssl.SSLError):
                    connection.close()
                    return
            stream = connection.makefile("rb")
            lines = read_head(stream)
            if not lines:
                connection.close()
                return
            note("lines", lines[0])
            target = lines[0].split(" ")[1]
            if mode == "continue-flood":
                started = time.time()
                try:
                    while time.time() - started < 60:
                        connection.sendall(b"HTTP/1.1 100 Continue\r\n\r\n")
                        time.sleep(0.02)
                except OSError:
                    pass
                connection.close()
                return
            if mode == "tls11":
                stream.read(length(lines))
                answer(connection, b"old tls")
                connection.close()
                return
            if mode == "close-after-redirect":
                if target.startswith("/final"):
                    stream.read(length(lines))
                    answer(connection, b"final")
                    connection.close()
                    return
                stream.read(length(lines))
                status = sys.argv[3]
                connection.sendall(("HTTP/1.1 %s Redirect\r\nLocation: /final\r\nContent-Length: 0\r\n\r\n"
                                    % status).encode())
                second = read_head(stream)
                if second:
                    note("lines", second[0])
                    stream.read(length(second))
                connection.close()
                return
            if mode == "change-file":
                if target.startswith("/final"):
                    note("seen", lines[0])
                    stream.read(length(lines))
                    answer(connection, b"final")
                    connection.close()
                    return
                stream.read(length(lines))
                query = urllib.parse.parse_qs(target.split("?", 1)[1])
                path, change = query["file"][0], query["change"][0]
                if change == "grow":
                    with open(path, "ab") as handle:
                        handle.write(b"more")
                elif change == "shrink":
                    with open(path, "r+b") as handle:
                        handle.truncate(1)
                elif change == "delete":
                    os.remove(path)
                elif change == "replace":
                    with open(path + ".new", "wb") as handle:
                        handle.write(b"B" * 4096)
                    os.replace(path + ".new", path)
                connection.sendall(b"HTTP/1.1 307 Redirect\r\nLocation: /final\r\nContent-Length: 0\r\n"
                                   b"Connection: close\r\n\r\n")
                connection.close()
                return

        while True:
            connection, _ = listener.accept()
            threading.Thread(target=serve, args=(connection,), daemon=True).start()
        """#

    let port: Int
    /// Where the server writes `lines` and `seen`.
    let directory: TestDirectory
    private let process = Process()

    /// Starts the server in a mode, with its extra arguments (a redirect status; the TLS files).
    init(_ mode: String, arguments: [String] = []) throws {
        directory = try TestDirectory()
        let scriptPath = directory.file(".server.py")
        try Data(Self.script.utf8).write(to: URL(fileURLWithPath: scriptPath))
        process.executableURL = URL(fileURLWithPath: "/usr/bin/env")
        process.arguments = ["python3", scriptPath, mode, directory.path] + arguments
        let output = Pipe()
        process.standardOutput = output
        process.standardError = FileHandle.nullDevice
        process.standardInput = FileHandle.nullDevice
        try process.run()
        var line: [UInt8] = []
        while true {
            let byte = output.fileHandleForReading.readData(ofLength: 1)
            guard let first = byte.first, first != UInt8(ascii: "\n") else { break }
            line.append(first)
        }
        guard let port = Int(String(decoding: line, as: UTF8.self)) else {
            kill(process.processIdentifier, SIGKILL)
            process.waitUntilExit()
            throw CocoaError(.fileReadCorruptFile)
        }
        self.port = port
    }

    deinit { stop() }

    /// `http://127.0.0.1:PORT` followed by the path.
    func url(_ path: String = "/", scheme: String = "http") -> String { "\(scheme)://127.0.0.1:\(port)\(path)" }

    /// The lines of a file the server wrote in its directory (`lines`, `seen`).
    func lines(_ name: String) -> [String] {
        let text = (try? String(contentsOfFile: directory.file(name), encoding: .utf8)) ?? ""
        return text.split(separator: "\n").map(String.init)
    }

    /// Stops the server (SIGKILL: a child spawned from a dispatch thread may have SIGTERM blocked).
    func stop() {
        guard process.isRunning else { return }
        kill(process.processIdentifier, SIGKILL)
        process.waitUntilExit()
    }
}
