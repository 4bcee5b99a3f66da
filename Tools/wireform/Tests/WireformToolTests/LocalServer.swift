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
final class LocalServer {
    enum Mode: String {
        case record
        case silent
        case stall
        case reset
    }

    static let script = #"""
        import json, os, signal, socket, struct, sys, threading, time, urllib.parse
        signal.pthread_sigmask(signal.SIG_UNBLOCK, [signal.SIGTERM])
        mode, directory = sys.argv[1], sys.argv[2]
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
            if mode == "reset":
                connection.recv(65536)
                connection.setsockopt(socket.SOL_SOCKET, socket.SO_LINGER, struct.pack("ii", 1, 0))
                connection.close()
                return
            stream = connection.makefile("rb")
            while True:
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
                if target == "/malformed":
                    connection.sendall(b"HTP/1.1 200 OK\r\nContent-Length: 0\r\n\r\n")
                body = read_body(stream, headers)
                with lock:
                    counter[0] += 1
                    name = "body-%d" % counter[0]
                with open(os.path.join(directory, name), "wb") as handle:
                    handle.write(body)
                record = json.dumps({"method": method, "target": target, "headers": headers, "body": name})
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
    private let process = Process()
    private let scriptPath: String

    /// Starts the server; `record` mode saves bodies in `directory`.
    init(_ mode: Mode, directory: String) throws {
        scriptPath = directory + "/.server.py"
        try Data(Self.script.utf8).write(to: URL(fileURLWithPath: scriptPath))
        process.executableURL = URL(fileURLWithPath: "/usr/bin/env")
        process.arguments = ["python3", scriptPath, mode.rawValue, directory]
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

    /// `http://127.0.0.1:PORT` followed by the path.
    func url(_ path: String = "/") -> String { "http://127.0.0.1:\(port)\(path)" }

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

    /// The values of a header, compared case-insensitively by name.
    func values(of name: String) -> [String] {
        headers.filter { $0.first?.lowercased() == name.lowercased() }.compactMap { $0.last }
    }
}
