#if canImport(Darwin)
    import Darwin
#elseif canImport(Glibc)
    import Glibc
#endif

/// One TCP connection to an HTTP server, used for one request and closed afterwards.
///
/// Every wait is bounded by the idle timeout (`poll(2)`), so a silent server ends the request instead of hanging it.
/// While the request is being written the connection also watches for a response: a server may answer before it
/// has read the whole body (an error, a redirect), and then the rest of the body is not sent.
final class HTTPConnection {
    /// Why the connection could not carry on.
    enum Failure: Error, Equatable {
        /// Nothing happened for the whole idle timeout.
        case timedOut
        /// The peer closed or reset the connection.
        case closed
        /// The server started its response while the request was still being written.
        case responseStarted
    }

    /// Bytes the server sent that the response reader has not consumed yet.
    var received: [UInt8] = []
    private let descriptor: Int32
    private let timeoutMilliseconds: Int32

    /// Connects to `host:port`, trying each address the name resolves to in turn.
    /// - Parameters:
    ///   - host: A host name or an IP address (IPv6 without brackets).
    ///   - port: The TCP port.
    ///   - timeout: The idle timeout, in seconds.
    /// - Throws: ``ConnectError``: the name was not found, no address accepted the connection, or the timeout
    ///   passed.
    init(host: String, port: Int, timeout: Double) throws(ConnectError) {
        timeoutMilliseconds = Int32(min(max((timeout * 1000).rounded(.up), 1), Double(Int32.max)))
        var hints = addrinfo()
        hints.ai_socktype = streamSocketType
        hints.ai_family = AF_UNSPEC
        hints.ai_flags = AI_ADDRCONFIG
        var list: UnsafeMutablePointer<addrinfo>?
        let resolved = getaddrinfo(host, String(port), &hints, &list)
        guard resolved == 0, let first = list else { throw .hostNotFound }
        defer { freeaddrinfo(list) }
        var lastFailure = ConnectError.refused
        var candidate: UnsafeMutablePointer<addrinfo>? = first
        while let address = candidate {
            candidate = address.pointee.ai_next
            let socket = openStreamSocket(family: address.pointee.ai_family)
            guard socket >= 0 else { continue }
            switch Self.connectBounded(socket, to: address.pointee, timeoutMilliseconds: timeoutMilliseconds) {
            case nil:
                descriptor = socket
                var one: Int32 = 1
                _ = setsockopt(socket, Int32(IPPROTO_TCP), TCP_NODELAY, &one, socklen_t(MemoryLayout<Int32>.size))
                return
            case let failure?:
                _ = close(socket)
                lastFailure = failure
            }
        }
        throw lastFailure
    }

    deinit { _ = close(descriptor) }

    /// Why a connection could not be opened.
    enum ConnectError: Error {
        case hostNotFound
        case refused
        case timedOut
    }

    /// A non-blocking connect bounded by the timeout; `nil` when connected.
    private static func connectBounded(
        _ socket: Int32, to address: addrinfo, timeoutMilliseconds: Int32
    ) -> ConnectError? {
        _ = fcntl(socket, F_SETFL, fcntl(socket, F_GETFL) | O_NONBLOCK)
        if connect(socket, address.ai_addr, address.ai_addrlen) == 0 { return nil }
        guard errno == EINPROGRESS || errno == EINTR else { return .refused }
        var entry = pollfd(fd: socket, events: Int16(POLLOUT), revents: 0)
        let ready = pollRetryingInterrupts(&entry, timeoutMilliseconds: timeoutMilliseconds)
        guard ready > 0 else { return ready == 0 ? .timedOut : .refused }
        var error: Int32 = 0
        var size = socklen_t(MemoryLayout<Int32>.size)
        guard getsockopt(socket, SOL_SOCKET, SO_ERROR, &error, &size) == 0, error == 0 else { return .refused }
        return nil
    }

    /// Writes all of `bytes`, unless the server starts its response first.
    ///
    /// Interim `1xx` responses that arrive meanwhile (`100 Continue`) are dropped and writing goes on.
    /// - Throws: ``Failure``: `.responseStarted` when a final response began (it stays in ``received``),
    ///   `.closed` when the peer closed or reset the connection, `.timedOut`.
    func write(_ bytes: UnsafeRawBufferPointer) throws(Failure) {
        var offset = 0
        while offset < bytes.count {
            var entry = pollfd(fd: descriptor, events: Int16(POLLOUT | POLLIN), revents: 0)
            let ready = pollRetryingInterrupts(&entry, timeoutMilliseconds: timeoutMilliseconds)
            guard ready > 0 else { throw ready == 0 ? .timedOut : .closed }
            if entry.revents & Int16(POLLIN) != 0 {
                guard try receiveAvailable() else { throw .closed }
                InterimResponses.drop(from: &received)
                if !received.isEmpty && !InterimResponses.mayBeInterim(received) { throw .responseStarted }
                continue
            }
            if entry.revents & Int16(POLLERR | POLLHUP) != 0 && entry.revents & Int16(POLLOUT) == 0 { throw .closed }
            let sent = send(descriptor, bytes.baseAddress! + offset, bytes.count - offset, noSignalFlag)
            if sent < 0 {
                if errno == EINTR || errno == EAGAIN || errno == EWOULDBLOCK { continue }
                throw .closed
            }
            offset += sent
        }
    }

    /// Reads what is already waiting, without blocking, and says whether the server has sent the start of a final
    /// response: after a failed write, whether there is an answer to read.
    func receiveWaitingResponseStart() -> Bool {
        _ = try? receiveAvailable()
        InterimResponses.drop(from: &received)
        return received.starts(with: "HTTP/".utf8)
    }

    /// Reads what the server sent next into ``received``, waiting at most the idle timeout.
    /// - Returns: `false` at the end of the stream (the server closed the connection).
    /// - Throws: ``Failure``: `.timedOut`, or `.closed` for a reset.
    @discardableResult
    func receive() throws(Failure) -> Bool {
        var entry = pollfd(fd: descriptor, events: Int16(POLLIN), revents: 0)
        let ready = pollRetryingInterrupts(&entry, timeoutMilliseconds: timeoutMilliseconds)
        guard ready > 0 else { throw ready == 0 ? .timedOut : .closed }
        return try receiveAvailable()
    }

    /// Reads the bytes available now; `false` at the end of the stream.
    private func receiveAvailable() throws(Failure) -> Bool {
        let chunk = 64 * 1024
        let start = received.count
        received.append(contentsOf: repeatElement(0, count: chunk))
        while true {
            let count = received.withUnsafeMutableBytes { buffer in
                recv(descriptor, buffer.baseAddress! + start, chunk, 0)
            }
            if count >= 0 {
                received.removeLast(chunk - count)
                return count > 0
            }
            if errno == EINTR { continue }
            received.removeLast(chunk)
            if errno == EAGAIN || errno == EWOULDBLOCK { return true }
            throw .closed
        }
    }
}

#if canImport(Glibc)
    private let streamSocketType = Int32(SOCK_STREAM.rawValue)
    /// `send(2)` flags: no `SIGPIPE` for a closed connection (the tool ignores it too).
    private let noSignalFlag = Int32(MSG_NOSIGNAL)

    private func openStreamSocket(family: Int32) -> Int32 {
        socket(family, streamSocketType | Int32(SOCK_CLOEXEC.rawValue), 0)
    }
#else
    private let streamSocketType = SOCK_STREAM
    private let noSignalFlag: Int32 = 0

    private func openStreamSocket(family: Int32) -> Int32 {
        let descriptor = socket(family, SOCK_STREAM, 0)
        if descriptor >= 0 {
            _ = fcntl(descriptor, F_SETFD, FD_CLOEXEC)
            var one: Int32 = 1
            _ = setsockopt(descriptor, SOL_SOCKET, SO_NOSIGPIPE, &one, socklen_t(MemoryLayout<Int32>.size))
        }
        return descriptor
    }
#endif

/// `poll(2)` on one descriptor, retried when a signal interrupts it (with the full timeout: a signal that the tool
/// handles ends the process, so retries are rare and bounded).
private func pollRetryingInterrupts(_ entry: inout pollfd, timeoutMilliseconds: Int32) -> Int32 {
    while true {
        let ready = poll(&entry, 1, timeoutMilliseconds)
        if ready >= 0 || errno != EINTR { return ready }
    }
}
