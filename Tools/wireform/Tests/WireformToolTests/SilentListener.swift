import Foundation

#if canImport(Glibc)
    import Glibc
#elseif canImport(Darwin)
    import Darwin
#endif

/// A TCP listener on 127.0.0.1 that accepts connections and never reads or answers: a `--send` to it waits until it
/// is stopped.
///
/// Accepting is the tests' readiness signal: the tool opens its `-o` output before it connects, so once
/// ``waitForConnection()`` returns, the output (and any temporary file) is open, with no sleep and no guess.
final class SilentListener {
    let port: UInt16
    private let listener: Int32
    private var connections: [Int32] = []

    init() throws {
        let listener = socket(AF_INET, Int32(SOCK_STREAM.rawValue), 0)
        guard listener >= 0 else { throw POSIXError(POSIXErrorCode(rawValue: errno) ?? .EIO) }
        var address = sockaddr_in()
        address.sin_family = sa_family_t(AF_INET)
        address.sin_addr.s_addr = inet_addr("127.0.0.1")
        address.sin_port = 0
        var length = socklen_t(MemoryLayout<sockaddr_in>.size)
        let bound = withUnsafeMutablePointer(to: &address) { pointer in
            pointer.withMemoryRebound(to: sockaddr.self, capacity: 1) { address in
                bind(listener, address, length) == 0 && listen(listener, 16) == 0
                    && getsockname(listener, address, &length) == 0
            }
        }
        guard bound else {
            close(listener)
            throw POSIXError(POSIXErrorCode(rawValue: errno) ?? .EIO)
        }
        self.listener = listener
        port = UInt16(bigEndian: address.sin_port)
    }

    deinit {
        connections.forEach { close($0) }
        close(listener)
    }

    /// The URL to send to.
    var url: String { "http://127.0.0.1:\(port)/" }

    /// Waits until the tool connects (at most 30 seconds, a bound for a broken test, not a pause); returns whether
    /// it did.
    @discardableResult
    func waitForConnection() -> Bool {
        var descriptor = pollfd(fd: listener, events: Int16(POLLIN), revents: 0)
        while true {
            let ready = poll(&descriptor, 1, 30_000)
            if ready < 0 && errno == EINTR { continue }
            guard ready > 0 else { return false }
            let connection = accept(listener, nil, nil)
            guard connection >= 0 else { return false }
            connections.append(connection)
            return true
        }
    }
}
