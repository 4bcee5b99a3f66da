import Foundation

#if canImport(Glibc)
    import Glibc
#elseif canImport(Darwin)
    import Darwin
#endif

/// A small HTTP proxy in Python on 127.0.0.1 for `--proxy` tests: `CONNECT host:port` opens a tunnel, and a request
/// with an absolute URL is passed on to its host in origin form. Every request line it reads is appended to
/// `proxy.log` in its directory.
final class LocalProxy {
    /// The proxy: `python3 SCRIPT DIRECTORY` prints its port, then serves.
    static let script = #"""
        import os, signal, socket, sys, threading, urllib.parse
        signal.pthread_sigmask(signal.SIG_UNBLOCK, [signal.SIGTERM])
        directory = sys.argv[1]
        listener = socket.socket()
        listener.bind(("127.0.0.1", 0))
        listener.listen(16)
        print(listener.getsockname()[1], flush=True)
        lock = threading.Lock()

        def pipe(source, target):
            try:
                while True:
                    data = source.recv(65536)
                    if not data:
                        break
                    target.sendall(data)
            except OSError:
                pass
            finally:
                try:
                    target.shutdown(socket.SHUT_WR)
                except OSError:
                    pass

        def serve(client):
            head = b""
            while b"\r\n\r\n" not in head:
                data = client.recv(65536)
                if not data:
                    return
                head += data
            head, rest = head.split(b"\r\n\r\n", 1)
            line, _, fields = head.partition(b"\r\n")
            with lock:
                with open(os.path.join(directory, "proxy.log"), "ab") as log:
                    log.write(line + b"\n")
            method, target, version = line.decode("latin-1").split(" ")
            if method == "CONNECT":
                host, port = target.rsplit(":", 1)
                upstream = socket.create_connection((host, int(port)))
                client.sendall(b"HTTP/1.1 200 Connection Established\r\n\r\n")
                upstream.sendall(rest)
            else:
                url = urllib.parse.urlsplit(target)
                upstream = socket.create_connection((url.hostname, url.port or 80))
                path = (url.path or "/") + ("?" + url.query if url.query else "")
                upstream.sendall(("%s %s %s\r\n" % (method, path, version)).encode() + fields + b"\r\n\r\n" + rest)
            threading.Thread(target=pipe, args=(upstream, client), daemon=True).start()
            pipe(client, upstream)

        while True:
            connection, _ = listener.accept()
            threading.Thread(target=serve, args=(connection,), daemon=True).start()
        """#

    /// The port it listens on.
    let port: Int
    /// Where `proxy.log` is written.
    let directory: String
    /// The Python process.
    private let process = Process()

    /// Starts the proxy; it logs to `directory`.
    init(directory: String) throws {
        self.directory = directory
        let scriptPath = directory + "/.proxy.py"
        try Data(Self.script.utf8).write(to: URL(fileURLWithPath: scriptPath))
        process.executableURL = URL(fileURLWithPath: "/usr/bin/env")
        process.arguments = ["python3", scriptPath, directory]
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

    /// `http://127.0.0.1:PORT`.
    var url: String { "http://127.0.0.1:\(port)" }

    /// The request lines the proxy has read so far.
    var requestLines: [String] {
        let text = (try? String(contentsOfFile: directory + "/proxy.log", encoding: .utf8)) ?? ""
        return text.split(separator: "\n").map(String.init)
    }

    /// Stops the proxy.
    func stop() {
        guard process.isRunning else { return }
        kill(process.processIdentifier, SIGKILL)
        process.waitUntilExit()
    }
}
