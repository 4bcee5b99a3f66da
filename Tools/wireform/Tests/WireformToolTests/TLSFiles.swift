import Foundation

/// A self-signed certificate for `localhost` and `127.0.0.1` and its key, made once per test run with Debian's
/// `openssl req -x509`, for the TLS ``LocalServer``; the certificate is its own authority, given to the tool with
/// `--cacert`.
struct TLSFiles: Sendable {
    /// The certificate (PEM).
    let certificate: String
    /// The private key (PEM).
    let key: String

    /// The files, made on first use.
    static let shared: TLSFiles? = try? make()

    /// The files, or a test failure that says why they could not be made.
    static func require() throws -> TLSFiles {
        guard let shared else { throw CocoaError(.fileWriteUnknown, userInfo: ["reason": "openssl req failed"]) }
        return shared
    }

    /// Runs `openssl req -x509` into a directory of this test process.
    private static func make() throws -> TLSFiles {
        let directory = FileManager.default.temporaryDirectory
            .appendingPathComponent("wireform-tls-\(ProcessInfo.processInfo.processIdentifier)").path
        try FileManager.default.createDirectory(atPath: directory, withIntermediateDirectories: true)
        let files = TLSFiles(certificate: directory + "/cert.pem", key: directory + "/key.pem")
        let process = Process()
        process.executableURL = URL(fileURLWithPath: "/usr/bin/env")
        process.arguments = [
            "openssl", "req", "-x509", "-newkey", "rsa:2048", "-nodes", "-days", "2", "-subj", "/CN=localhost",
            "-addext", "subjectAltName=DNS:localhost,IP:127.0.0.1", "-keyout", files.key, "-out", files.certificate,
        ]
        process.standardOutput = FileHandle.nullDevice
        process.standardError = FileHandle.nullDevice
        process.standardInput = FileHandle.nullDevice
        try process.run()
        process.waitUntilExit()
        guard process.terminationStatus == 0 else { throw CocoaError(.fileWriteUnknown) }
        return files
    }
}
