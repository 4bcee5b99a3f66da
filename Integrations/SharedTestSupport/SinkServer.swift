import Foundation

#if canImport(Glibc)
    import Glibc
#elseif canImport(Darwin)
    import Darwin
#endif

/// A small HTTP/1.1 server in Python on 127.0.0.1 that streams each request body into a SHA-256 without storing it.
///
/// Every request is answered with JSON (method, target, headers, size, sha256) and recorded; `GET /log` returns the
/// records. `/redirect/NNN` (301, 302, 303, 307, 308) reads the body, then redirects with that status to `/sink`, or
/// to the URL given as `?to=` (percent-encoded).
///
/// `@unchecked Sendable`: every stored property is set once, in `init`, and the process is only signalled and
/// waited for after that.
final class SinkServer: @unchecked Sendable {
    /// One request as the server saw it.
    struct Record: Decodable, Sendable, Equatable {
        var method: String
        var target: String
        var headers: [[String]]
        var size: Int
        var sha256: String
        var complete: Bool

        /// The values of a header, by case-insensitive name.
        func values(_ name: String) -> [String] {
            headers.filter { $0.first?.lowercased() == name.lowercased() }.compactMap { $0.last }
        }
    }

    static let pythonPath: String? = {
        for directory in ["/usr/bin", "/usr/local/bin", "/opt/homebrew/bin", "/bin"] {
            let path = directory + "/python3"
            if FileManager.default.isExecutableFile(atPath: path) { return path }
        }
        return nil
    }()

    static let script = #"""
        import hashlib, json, signal, threading, urllib.parse
        from http.server import BaseHTTPRequestHandler, ThreadingHTTPServer

        # Spawned from a dispatch thread, this process may start with SIGTERM blocked.
        signal.pthread_sigmask(signal.SIG_UNBLOCK, [signal.SIGTERM])
        records, lock = [], threading.Lock()

        class Handler(BaseHTTPRequestHandler):
            protocol_version = "HTTP/1.1"

            def log_message(self, *args):
                pass

            def read_body(self, consume):
                if self.headers.get("Transfer-Encoding", "").lower() == "chunked":
                    while True:
                        line = self.rfile.readline()
                        if not line:
                            return False
                        size = int(line.split(b";")[0].strip(), 16)
                        if size == 0:
                            while self.rfile.readline() not in (b"\r\n", b"\n", b""):
                                pass
                            return True
                        if not self.read_exactly(size, consume):
                            return False
                        self.rfile.readline()
                return self.read_exactly(int(self.headers.get("Content-Length", "0")), consume)

            def read_exactly(self, remaining, consume):
                while remaining:
                    chunk = self.rfile.read(min(remaining, 1 << 20))
                    if not chunk:
                        return False
                    consume(chunk)
                    remaining -= len(chunk)
                return True

            def handle_any(self):
                if self.command == "GET" and self.path == "/log":
                    with lock:
                        return self.answer(200, json.dumps(records).encode())
                digest, size = hashlib.sha256(), 0

                def consume(chunk):
                    nonlocal size
                    digest.update(chunk)
                    size += len(chunk)

                complete = self.read_body(consume)
                record = {
                    "method": self.command, "target": self.path, "headers": [list(h) for h in self.headers.items()],
                    "size": size, "sha256": digest.hexdigest(), "complete": complete,
                }
                with lock:
                    records.append(record)
                if not complete:
                    self.close_connection = True
                    return
                path, _, query = self.path.partition("?to=")
                if path in ("/redirect/301", "/redirect/302", "/redirect/303", "/redirect/307", "/redirect/308"):
                    self.send_response(int(path[-3:]))
                    self.send_header("Location", urllib.parse.unquote(query) or "/sink")
                    self.send_header("Content-Length", "0")
                    self.end_headers()
                    return
                self.answer(200, json.dumps(record).encode())

            def answer(self, status, body):
                self.send_response(status)
                self.send_header("Content-Type", "application/json")
                self.send_header("Content-Length", str(len(body)))
                self.end_headers()
                self.wfile.write(body)

            do_GET = do_POST = do_PUT = do_PATCH = do_DELETE = do_QUERY = handle_any

        server = ThreadingHTTPServer(("127.0.0.1", 0), Handler)
        print(server.server_address[1], flush=True)
        server.serve_forever()
        """#

    let port: Int
    private let process: Process
    private let scriptURL: URL

    /// Starts the server; throws when python3 is missing or the server does not start.
    init() throws {
        guard let python = Self.pythonPath else { throw CocoaError(.executableNotLoadable) }
        scriptURL = FileManager.default.temporaryDirectory.appendingPathComponent("wireform-sink-\(UUID()).py")
        try Data(Self.script.utf8).write(to: scriptURL)
        process = Process()
        process.executableURL = URL(fileURLWithPath: python)
        process.arguments = [scriptURL.path]
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
            process.terminate()
            throw CocoaError(.fileReadCorruptFile)
        }
        self.port = port
    }

    /// Starts a server from a thread of its own. Starting Python and reading its port blocks for as long as Python
    /// takes to start (seconds on a loaded machine), and an async test that blocks one of the cooperative pool's
    /// threads (two on a two-core machine) stalls every other test's awaits: a request with a 10 s deadline in
    /// another test timed out that way.
    static func started() async throws -> SinkServer {
        try await withCheckedThrowingContinuation { continuation in
            Thread { continuation.resume(with: Result { try SinkServer() }) }.start()
        }
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
