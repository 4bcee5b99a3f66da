import Foundation
import HTTPTypes
import Wireform

#if canImport(Glibc)
    import Glibc
#elseif canImport(Darwin)
    import Darwin
#endif

/// Writes an `HTTPRequest` and its body to 127.0.0.1 as HTTP/1.1 bytes, exactly as given, and reads the response
/// body; tests only. swift-http-types has no client of its own, so this shows what its fields put on the wire.
enum RawHTTPClient {
    struct Failure: Error { var step: String }

    static func send(_ request: HTTPRequest, body: MessageBody?, port: Int) async throws -> Data {
        var head = "\(request.method.rawValue) \(request.path ?? "/") HTTP/1.1\r\n"
        head += "Host: \(request.authority ?? "127.0.0.1")\r\n"
        for field in request.headerFields { head += "\(field.name.rawName): \(field.value)\r\n" }
        head += "Connection: close\r\n\r\n"
        let fd = socket(AF_INET, Int32(SOCK_STREAM.rawValue), 0)
        guard fd >= 0 else { throw Failure(step: "socket") }
        defer { close(fd) }
        var address = sockaddr_in()
        address.sin_family = sa_family_t(AF_INET)
        address.sin_port = in_port_t(UInt16(port).bigEndian)
        address.sin_addr.s_addr = inet_addr("127.0.0.1")
        let connected = withUnsafePointer(to: &address) {
            $0.withMemoryRebound(to: sockaddr.self, capacity: 1) {
                connect(fd, $0, socklen_t(MemoryLayout<sockaddr_in>.size))
            }
        }
        guard connected == 0 else { throw Failure(step: "connect") }
        try writeAll(Array(head.utf8), to: fd)
        if let body {
            for try await chunk in body.chunks() { try writeAll(Array(chunk), to: fd) }
        }
        var response: [UInt8] = []
        var buffer = [UInt8](repeating: 0, count: 65536)
        while true {
            let count = buffer.withUnsafeMutableBytes { read(fd, $0.baseAddress, $0.count) }
            guard count > 0 else { break }
            response += buffer[0..<count]
        }
        let separator = Array("\r\n\r\n".utf8)
        guard let end = (0..<response.count).first(where: { response[$0...].starts(with: separator) }) else {
            throw Failure(step: "response head")
        }
        return Data(response[(end + 4)...])
    }

    private static func writeAll(_ bytes: [UInt8], to fd: Int32) throws {
        var offset = 0
        while offset < bytes.count {
            let written = bytes[offset...].withUnsafeBytes { write(fd, $0.baseAddress, $0.count) }
            guard written > 0 else { throw Failure(step: "write") }
            offset += written
        }
    }
}
