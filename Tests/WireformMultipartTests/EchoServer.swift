import Foundation

#if canImport(Glibc)
    import Glibc
#elseif canImport(Darwin)
    import Darwin
#endif

/// A tiny HTTP server in Python on 127.0.0.1 that answers every POST with the exact body bytes it received, and
/// redirects `/redirect` to `/echo` with 307 so the client must send the body again.
///
/// Response headers report what the request carried: `X-Content-Length` (or `none`), `X-Transfer-Encoding`,
/// `X-Content-Type`, `X-Content-Encoding`, `X-Method`, `X-Authorization` and `X-Cookie`.
final class EchoServer {
    static let pythonPath: String? = {
        for directory in ["/usr/bin", "/usr/local/bin", "/opt/homebrew/bin", "/bin"] {
            let path = directory + "/python3"
            if FileManager.default.isExecutableFile(atPath: path) { return path }
        }
        return nil
    }()

    static let script = #"""
        import http.server, signal, sys, urllib.parse

        # Spawned from a dispatch thread, this process may start with SIGTERM blocked.
        signal.pthread_sigmask(signal.SIG_UNBLOCK, [signal.SIGTERM])

        class Handler(http.server.BaseHTTPRequestHandler):
            protocol_version = "HTTP/1.1"

            def log_message(self, *args):
                pass

            def read_body(self):
                if self.headers.get("Transfer-Encoding", "").lower() == "chunked":
                    body = b""
                    while True:
                        size = int(self.rfile.readline().split(b";")[0].strip(), 16)
                        if size == 0:
                            while self.rfile.readline() not in (b"\r\n", b"\n", b""):
                                pass
                            return body
                        body += self.rfile.read(size)
                        self.rfile.readline()
                return self.rfile.read(int(self.headers.get("Content-Length", "0")))

            def do_GET(self):
                self.do_POST()

            def do_POST(self):
                body = self.read_body()
                if self.path.startswith("/r/"):
                    # /r/STATUS/LOCATION (percent-encoded): redirect there.
                    status, location = self.path[3:].split("/", 1)
                    self.send_response(int(status))
                    self.send_header("Location", urllib.parse.unquote(location))
                    self.send_header("Content-Length", "0")
                    self.end_headers()
                    return
                if self.path == "/redirect":
                    self.send_response(307)
                    self.send_header("Location", "/echo")
                    self.send_header("Content-Length", "0")
                    self.end_headers()
                    return
                self.send_response(200)
                self.send_header("Content-Type", "application/octet-stream")
                self.send_header("Content-Length", str(len(body)))
                self.send_header("X-Content-Length", self.headers.get("Content-Length", "none"))
                self.send_header("X-Transfer-Encoding", self.headers.get("Transfer-Encoding", "none"))
                self.send_header("X-Content-Type", self.headers.get("Content-Type", "none"))
                self.send_header("X-Method", self.command)
                self.send_header("X-Authorization", self.headers.get("Authorization", "none"))
                self.send_header("X-Cookie", self.headers.get("Cookie", "none"))
                self.send_header("X-Content-Encoding", self.headers.get("Content-Encoding", "none"))
                self.end_headers()
                self.wfile.write(body)

        server = http.server.ThreadingHTTPServer(("127.0.0.1", 0), Handler)
        print(server.server_address[1], flush=True)
        server.serve_forever()
        """#

    let process = Process()
    let port: Int
    private let scriptURL: URL

    init() throws {
        guard let python = Self.pythonPath else { throw CocoaError(.executableNotLoadable) }
        scriptURL = FileManager.default.temporaryDirectory.appendingPathComponent("wireform-echo-\(UUID()).py")
        try Data(Self.script.utf8).write(to: scriptURL)
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

    func url(_ path: String) -> URL { URL(string: "http://127.0.0.1:\(port)\(path)")! }

    func stop() {
        // SIGKILL: a child spawned from a dispatch thread may have SIGTERM blocked.
        kill(process.processIdentifier, SIGKILL)
        process.waitUntilExit()
        try? FileManager.default.removeItem(at: scriptURL)
    }
}
