import AsyncHTTPClient
import Foundation
import NIOCore
import NIOHTTP1
import NIOSSL
import Testing
import Wireform
import WireformAsyncHTTPClient
import WireformMultipart

#if canImport(Glibc)
    import Glibc
#elseif canImport(Darwin)
    import Darwin
#endif

/// Wireform's idle deadline (issue 39, R4 and R5): `HTTPClient.send(_:idleTimeout:…)` and
/// `execute(_:idleTimeout:…)` end a request that makes no progress, where AsyncHTTPClient's own timers wait forever:
/// a server that accepts an upload and never reads it, and one that sends interim `100 Continue` heads forever.
@Suite(.serialized)
struct IdleTimeoutTests {
    /// A raw-socket server in Python: `silent` accepts and never reads; `flood` reads the request head and sends
    /// `100 Continue` heads every 20 ms (at most 60 seconds); `stall-body` answers a head announcing 1,000,000 body
    /// bytes, sends 10 of them and stops.
    final class HostileServer {
        static let script = #"""
            import signal, socket, sys, threading, time
            signal.pthread_sigmask(signal.SIG_UNBLOCK, [signal.SIGTERM])
            mode = sys.argv[1]
            listener = socket.socket()
            listener.bind(("127.0.0.1", 0))
            listener.listen(16)
            print(listener.getsockname()[1], flush=True)
            held = []

            def serve(connection):
                stream = connection.makefile("rb")
                while stream.readline() not in (b"\r\n", b"\n", b""):
                    pass
                started = time.time()
                try:
                    if mode == "stall-body":
                        connection.sendall(b"HTTP/1.1 200 OK\r\nContent-Length: 1000000\r\n\r\n0123456789")
                        time.sleep(60)
                    while time.time() - started < 60:
                        connection.sendall(b"HTTP/1.1 100 Continue\r\n\r\n")
                        time.sleep(0.02)
                except OSError:
                    pass
                connection.close()

            while True:
                connection, _ = listener.accept()
                held.append(connection)
                if mode != "silent":
                    threading.Thread(target=serve, args=(connection,), daemon=True).start()
            """#

        let port: Int
        private let process = Process()
        private let scriptURL: URL

        init(_ mode: String) throws {
            guard let python = SinkServer.pythonPath else { throw CocoaError(.executableNotLoadable) }
            scriptURL = FileManager.default.temporaryDirectory.appendingPathComponent("wireform-idle-\(UUID()).py")
            try Data(Self.script.utf8).write(to: scriptURL)
            process.executableURL = URL(fileURLWithPath: python)
            process.arguments = [scriptURL.path, mode]
            let output = Pipe()
            process.standardOutput = output
            process.standardError = FileHandle.nullDevice
            process.standardInput = FileHandle.nullDevice
            try process.run()
            var line: [UInt8] = []
            while let byte = output.fileHandleForReading.readData(ofLength: 1).first, byte != UInt8(ascii: "\n") {
                line.append(byte)
            }
            guard let port = Int(String(decoding: line, as: UTF8.self)) else {
                kill(process.processIdentifier, SIGKILL)
                process.waitUntilExit()
                throw CocoaError(.fileReadCorruptFile)
            }
            self.port = port
        }

        func url(_ path: String) -> String { "http://127.0.0.1:\(port)\(path)" }

        func stop() {
            kill(process.processIdentifier, SIGKILL)
            process.waitUntilExit()
            try? FileManager.default.removeItem(at: scriptURL)
        }
    }

    /// Runs `body` with a client and a server in `mode`, then shuts both down.
    private func withServer(_ mode: String, _ body: (HTTPClient, HostileServer) async throws -> Void) async throws {
        guard SinkServer.pythonPath != nil else {
            Issue.record("python3 is required for the end-to-end tests (apt-get install python3)")
            return
        }
        let server = try HostileServer(mode)
        defer { server.stop() }
        let client = HTTPClient(eventLoopGroupProvider: .singleton)
        do {
            try await body(client, server)
        } catch {
            try await client.shutdown()
            throw error
        }
        try await client.shutdown()
    }

    /// A 10 MiB multipart upload of a file.
    private func upload(to url: String) throws -> (SerializedRequest, URL) {
        // Written in one call: `makeFile`'s pattern, computed byte by byte in a debug build, would hold a thread of
        // the cooperative pool for seconds and slow the tests that run beside this one.
        let file = FileManager.default.temporaryDirectory.appendingPathComponent("wireform-idle-\(UUID()).bin")
        try Data(repeating: 7, count: 10 << 20).write(to: file)
        var form = MultipartForm()
        try form.append(fileAt: file, name: "f")
        return (try RequestSerializer().serializedRequest(method: .post, url: url, body: form.serializedBody), file)
    }

    @Test func uploadToAServerThatNeverReadsEnds() async throws {
        try await withServer("silent") { client, server in
            let (request, file) = try upload(to: server.url("/"))
            defer { try? FileManager.default.removeItem(at: file) }
            let started = Date()
            let error = await #expect(throws: HTTPClientError.self) {
                _ = try await client.send(request, idleTimeout: .seconds(1))
            }
            #expect(error == .deadlineExceeded)
            // A bound for a hang, not a measure: the idle timeout is 1 second, the machine may be loaded.
            #expect(Date().timeIntervalSince(started) < 60)
        }
    }

    @Test(arguments: [false, true])
    func interimResponsesForeverEnd(upload isUpload: Bool) async throws {
        try await withServer("flood") { client, server in
            var request = try SerializedRequest(method: .get, url: server.url("/"))
            var file: URL? = nil
            if isUpload {
                let made = try upload(to: server.url("/"))
                request = made.0
                file = made.1
            }
            defer { if let file { try? FileManager.default.removeItem(at: file) } }
            let started = Date()
            let error = await #expect(throws: HTTPClientError.self) {
                _ = try await client.execute(request, idleTimeout: .seconds(1))
            }
            #expect(error == .deadlineExceeded)
            // A bound for a hang, not a measure: the idle timeout is 1 second, the machine may be loaded.
            #expect(Date().timeIntervalSince(started) < 60)
        }
    }

    @Test func responseBodyThatStallsEnds() async throws {
        try await withServer("stall-body") { client, server in
            let request = try SerializedRequest(method: .get, url: server.url("/"))
            let response = try await client.send(request, idleTimeout: .seconds(1))
            #expect(response.status == .ok)
            let started = Date()
            let error = await #expect(throws: HTTPClientError.self) {
                _ = try await response.body.collect(upTo: 2 << 20)
            }
            #expect(error == .deadlineExceeded)
            // A bound for a hang, not a measure: the idle timeout is 1 second, the machine may be loaded.
            #expect(Date().timeIntervalSince(started) < 60)
        }
    }

    /// R1: the configuration Wireform recommends refuses TLS 1.0 and 1.1 (the tool's tests try a TLS 1.1 server).
    @Test func wireformClientConfigurationRequiresTLS12() {
        let configuration = TLSConfiguration.makeWireformClientConfiguration()
        #expect(configuration.minimumTLSVersion == .tlsv12)
        #expect(
            configuration.certificateVerification == TLSConfiguration.makeClientConfiguration().certificateVerification)
    }
}
