import Foundation

#if canImport(Glibc)
    import Glibc
#elseif canImport(Darwin)
    import Darwin
#endif

/// A small HTTP server in Python on 127.0.0.1 for `--send` tests, in one of three modes:
///
/// - `record`: reads each request (`Content-Length` or chunked), saves its body as `body-N` in a directory, and
///   answers 200 with JSON: `{"method": …, "target": …, "headers": [[name, value], …], "body": "body-N"}`; it also
///   appends that JSON as one line to `requests.jsonl` in the directory. A target `/redirect/NNN?to=URL` is recorded
///   the same way and answered `NNN` with `Location: URL` (percent-decoded); `/early/NNN?to=URL` is answered so
///   before the body is read (the body is read and recorded afterwards); `/malformed` is answered with a status
///   line that is not HTTP; `/chunked` with a `103` interim response, then a chunked body with an extension and a
///   trailer; `/bad-length` with two different `Content-Length` fields;
/// - `silent`: accepts connections and never reads or answers;
/// - `stall`: reads the request head, answers a head announcing 1,000,000 body bytes, sends 10 of them and stops;
/// - `reset`: reads the start of the request and resets the connection.
///
/// In `record` mode a few more targets play a hostile server: `/raw` saves the request exactly as received (head and
/// body, framing included) as `raw-N` and reports its SHA-256 as `sha256`; `/chunk?size=TEXT` answers a chunked
/// body whose first chunk size line is `TEXT`; `/location-latin1` redirects (302) to `/final/caf\xE9`;
/// `/edit/NNN?file=PATH&to=URL` reads the body, then rewrites the file at `PATH` in place with other bytes of the
/// same size, and redirects; `/interim-flood` answers a `100 Continue` head that never ends, without reading the
/// body, until the client goes away (at most 256 MiB or 60 seconds), and saves how many bytes it sent as
/// `flood-sent`.
///
/// With a ``TLSFiles`` the server speaks TLS (HTTP/1.1 by ALPN) with that certificate.
final class LocalServer {
    enum Mode: String {
        case record
        case silent
        case stall
        case reset
    }

    static let script = #"""
        import hashlib, json, os, signal, socket, ssl, struct, sys, threading, time, urllib.parse
        signal.pthread_sigmask(signal.SIG_UNBLOCK, [signal.SIGTERM])
        mode, directory = sys.argv[1], sys.argv[2]
        context = None
        if len(sys.argv) > 4:
            context = ssl.SSLContext(ssl.PROTOCOL_TLS_SERVER)
            context.load_cert_chain(sys.argv[3], sys.argv[4])
            context.set_alpn_protocols(["http/1.1"])

        class Recorder:
            """Wraps a socket file and keeps every byte read through it."""
            def __init__(self, stream):
                self.stream, self.seen = stream, bytearray()
            def readline(self):
                line = self.stream.readline()
                self.seen += line
                return line
            def read(self, count):
                data = self.stream.read(count)
                self.seen += data
                return data
        listener = socket.socket()
        listener.bind(("127.0.0.1", 0))
        listener.listen(16)
        print(listener.getsockname()[1], flush=True)
        counter = [0]
        lock = threading.Lock()

        def read_head(stream):
            lines = []
            while True:
                line = stream.readline()
                if line in (b"\r\n", b"\n", b""):
                    return lines
                lines.append(line.decode("latin-1").rstrip("\r\n"))

        def read_body(stream, headers):
            names = {k.lower(): v for k, v in headers}
            if names.get("transfer-encoding", "").lower() == "chunked":
                body = b""
                while True:
                    size = int(stream.readline().split(b";")[0].strip(), 16)
                    if size == 0:
                        read_head(stream)
                        return body
                    body += stream.read(size)
                    stream.readline()
            return stream.read(int(names.get("content-length", "0")))

        def serve(connection):
            if context is not None:
                try:
                    connection = context.wrap_socket(connection, server_side=True)
                except (OSError, ssl.SSLError):
                    connection.close()
                    return
            if mode == "reset":
                connection.recv(65536)
                connection.setsockopt(socket.SOL_SOCKET, socket.SO_LINGER, struct.pack("ii", 1, 0))
                connection.close()
                return
            stream = Recorder(connection.makefile("rb"))
            while True:
                stream.seen = bytearray()
                lines = read_head(stream)
                if not lines:
                    return
                headers = [tuple(part.strip() for part in line.split(":", 1)) for line in lines[1:]]
                if any(k.lower() == "expect" and v.lower() == "100-continue" for k, v in headers):
                    connection.sendall(b"HTTP/1.1 100 Continue\r\n\r\n")
                if mode == "stall":
                    connection.sendall(b"HTTP/1.1 200 OK\r\nContent-Length: 1000000\r\n\r\n0123456789")
                    time.sleep(3600)
                method, target = lines[0].split(" ")[0], lines[0].split(" ")[1]
                redirect = None
                if target.startswith("/redirect/") or target.startswith("/early/"):
                    status = target.split("/")[2].split("?")[0]
                    location = urllib.parse.unquote(target.split("to=", 1)[1])
                    redirect = ("HTTP/1.1 %s Redirect\r\nLocation: %s\r\nContent-Length: 0\r\n\r\n"
                                % (status, location)).encode()
                    if target.startswith("/early/"):
                        connection.sendall(redirect)
                        redirect = b""
                if target == "/chunked":
                    connection.sendall(b"HTTP/1.1 103 Early Hints\r\nLink: </a.css>\r\n\r\n"
                                       b"HTTP/1.1 200 OK\r\nTransfer-Encoding: chunked\r\n\r\n"
                                       b"7;ext=1\r\nHello, \r\n5\r\nworld\r\n0\r\nX-Trailer: t\r\n\r\n")
                    read_body(stream, headers)
                    continue
                if target == "/bad-length":
                    connection.sendall(b"HTTP/1.1 200 OK\r\nContent-Length: 5\r\nContent-Length: 6\r\n\r\nhello!")
                    read_body(stream, headers)
                    continue
                if target == "/interim-flood":
                    sent, started = 0, time.time()
                    try:
                        connection.sendall(b"HTTP/1.1 100 Continue\r\n")
                        while sent < (256 << 20) and time.time() - started < 60:
                            connection.sendall(b"X-Filler: " + b"a" * 65000 + b"\r\n")
                            sent += 65012
                    except OSError:
                        pass
                    with open(os.path.join(directory, "flood-sent"), "w") as handle:
                        handle.write(str(sent))
                    connection.close()
                    return
                if target.startswith("/chunk?size="):
                    size = urllib.parse.unquote(target.split("=", 1)[1]).encode()
                    connection.sendall(b"HTTP/1.1 200 OK\r\nTransfer-Encoding: chunked\r\n\r\n" + size
                                       + b"\r\nhello\r\n0\r\n\r\n")
                    read_body(stream, headers)
                    continue
                if target == "/location-latin1":
                    read_body(stream, headers)
                    connection.sendall(b"HTTP/1.1 302 Found\r\nLocation: /final/caf\xe9\r\nContent-Length: 0\r\n\r\n")
                    continue
                if target.startswith("/edit/"):
                    query = urllib.parse.parse_qs(target.split("?", 1)[1])
                    read_body(stream, headers)
                    with open(query["file"][0], "r+b") as handle:
                        data = handle.read()
                        handle.seek(0)
                        handle.write(bytes(255 - byte for byte in data))
                    connection.sendall(("HTTP/1.1 %s Redirect\r\nLocation: %s\r\nContent-Length: 0\r\n\r\n"
                                        % (target.split("/")[2].split("?")[0], query["to"][0])).encode())
                    continue
                if target == "/malformed":
                    connection.sendall(b"HTP/1.1 200 OK\r\nContent-Length: 0\r\n\r\n")
                body = read_body(stream, headers)
                with lock:
                    counter[0] += 1
                    name = "body-%d" % counter[0]
                with open(os.path.join(directory, name), "wb") as handle:
                    handle.write(body)
                fields = {"method": method, "target": target, "headers": headers, "body": name}
                if target.split("?")[0] == "/raw":
                    with open(os.path.join(directory, "raw-%d" % counter[0]), "wb") as handle:
                        handle.write(stream.seen)
                    fields["raw"] = "raw-%d" % counter[0]
                    fields["sha256"] = hashlib.sha256(stream.seen).hexdigest()
                record = json.dumps(fields)
                with lock:
                    with open(os.path.join(directory, "requests.jsonl"), "a") as log:
                        log.write(record + "\n")
                if redirect is not None:
                    connection.sendall(redirect)
                    continue
                answer = record.encode()
                connection.sendall(b"HTTP/1.1 200 OK\r\nContent-Type: application/json\r\nContent-Length: "
                                   + str(len(answer)).encode() + b"\r\n\r\n" + answer)

        connections = []
        while True:
            connection, _ = listener.accept()
            connections.append(connection)
            if mode != "silent":
                threading.Thread(target=serve, args=(connection,), daemon=True).start()
        """#

    let port: Int
    /// `https` with TLS, otherwise `http`.
    let scheme: String
    private let process = Process()
    private let scriptPath: String

    /// Starts the server; `record` mode saves bodies in `directory`; with `tls`, it speaks TLS.
    init(_ mode: Mode, directory: String, tls: TLSFiles? = nil) throws {
        scriptPath = directory + "/.server.py"
        scheme = tls == nil ? "http" : "https"
        try Data(Self.script.utf8).write(to: URL(fileURLWithPath: scriptPath))
        process.executableURL = URL(fileURLWithPath: "/usr/bin/env")
        process.arguments =
            ["python3", scriptPath, mode.rawValue, directory] + (tls.map { [$0.certificate, $0.key] } ?? [])
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
            throw CocoaError(.fileReadCorruptFile)
        }
        self.port = port
    }

    deinit { stop() }

    /// `http://127.0.0.1:PORT` (or `https://`) followed by the path.
    func url(_ path: String = "/") -> String { "\(scheme)://127.0.0.1:\(port)\(path)" }

    /// The same URL with `localhost` as host: another origin on the same server.
    func localhostURL(_ path: String = "/") -> String { "\(scheme)://localhost:\(port)\(path)" }

    /// Every request the `record` server has read so far, in order (from `requests.jsonl` in `directory`).
    static func requests(in directory: String) -> [RecordedRequest] {
        guard let text = try? String(contentsOfFile: directory + "/requests.jsonl", encoding: .utf8) else { return [] }
        return text.split(separator: "\n").compactMap {
            try? JSONDecoder().decode(RecordedRequest.self, from: Data($0.utf8))
        }
    }

    /// Stops the server (SIGKILL: a child spawned from a dispatch thread may have SIGTERM blocked).
    func stop() {
        guard process.isRunning else { return }
        kill(process.processIdentifier, SIGKILL)
        process.waitUntilExit()
        try? FileManager.default.removeItem(atPath: scriptPath)
    }
}

/// What the `record` server reported about one request.
struct RecordedRequest: Decodable {
    var method: String?
    var target: String
    var headers: [[String]]
    var body: String
    var raw: String?
    var sha256: String?

    /// The values of a header, compared case-insensitively by name.
    func values(of name: String) -> [String] {
        headers.filter { $0.first?.lowercased() == name.lowercased() }.compactMap { $0.last }
    }
}
