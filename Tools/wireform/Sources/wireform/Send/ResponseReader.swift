/// Reads one HTTP/1.1 response from an ``HTTPConnection``: the head (skipping interim `1xx` responses), then the
/// body, delivered in the chunks it arrives in, with chunked transfer coding removed.
enum ResponseReader {
    /// Why a response could not be read.
    enum Failure: Error {
        /// The connection failed or timed out.
        case connection(HTTPConnection.Failure)
        /// The server closed the connection before the response was complete.
        case incomplete
        /// The response is not valid HTTP/1.1.
        case malformed(ResponseHead.Malformed)
    }

    /// Reads the final response's head.
    /// - Throws: ``Failure``.
    static func readHead(from connection: HTTPConnection) throws(Failure) -> ResponseHead {
        while true {
            InterimResponses.drop(from: &connection.received)
            if let end = ResponseHead.endOfHead(in: connection.received) {
                let head = Array(connection.received[..<end])
                connection.received.removeFirst(end)
                do {
                    return try ResponseHead(parsing: head)
                } catch {
                    throw .malformed(error)
                }
            }
            if !connection.received.isEmpty
                && !connection.received.starts(with: "HTTP/".utf8.prefix(connection.received.count))
            {
                throw .malformed(.init(reason: "it does not start with a status line"))
            }
            guard connection.received.count <= ResponseHead.maximumSize else {
                throw .malformed(.init(reason: "its header section is larger than 1 MiB"))
            }
            guard try receive(connection) else { throw .incomplete }
        }
    }

    /// Reads the body and hands it over chunk by chunk.
    /// - Parameters:
    ///   - framing: How the body is delimited.
    ///   - connection: The connection, positioned after the head.
    ///   - deliver: Takes each piece of the body, in order.
    /// - Throws: ``Failure``, or what `deliver` throws.
    static func readBody(
        _ framing: ResponseHead.Framing, from connection: HTTPConnection,
        deliver: (ArraySlice<UInt8>) throws -> Void
    ) throws {
        switch framing {
        case .none:
            return
        case .length(let length):
            try readExactly(length, from: connection, deliver: deliver)
        case .untilClose:
            while true {
                if !connection.received.isEmpty {
                    try deliver(connection.received[...])
                    connection.received.removeAll(keepingCapacity: true)
                }
                guard try receive(connection) else { return }
            }
        case .chunked:
            while true {
                let line = try readLine(from: connection)
                let sizeText = line.prefix { $0 != UInt8(ascii: ";") }.filter { $0 != 0x20 && $0 != 0x09 }
                guard !sizeText.isEmpty, sizeText.count <= 15,
                    let size = Int64(String(decoding: sizeText, as: UTF8.self), radix: 16)
                else { throw Failure.malformed(.init(reason: "a chunk size is not a hexadecimal number")) }
                if size == 0 {
                    // Trailer fields, up to the empty line; they are not part of the body.
                    while !(try readLine(from: connection)).isEmpty {}
                    return
                }
                try readExactly(size, from: connection, deliver: deliver)
                guard (try readLine(from: connection)).isEmpty else {
                    throw Failure.malformed(.init(reason: "a chunk is longer than its size"))
                }
            }
        }
    }

    private static func readExactly(
        _ length: Int64, from connection: HTTPConnection, deliver: (ArraySlice<UInt8>) throws -> Void
    ) throws {
        var remaining = length
        while remaining > 0 {
            if connection.received.isEmpty {
                guard try receive(connection) else { throw Failure.incomplete }
                continue
            }
            let count = Int(min(Int64(connection.received.count), remaining))
            try deliver(connection.received[..<count])
            connection.received.removeFirst(count)
            remaining -= Int64(count)
        }
    }

    /// One line without its line ending.
    private static func readLine(from connection: HTTPConnection) throws(Failure) -> [UInt8] {
        while true {
            if let newline = connection.received.firstIndex(of: UInt8(ascii: "\n")) {
                var line = Array(connection.received[..<newline])
                connection.received.removeFirst(newline + 1)
                if line.last == UInt8(ascii: "\r") { line.removeLast() }
                return line
            }
            guard connection.received.count <= 64 * 1024 else {
                throw .malformed(.init(reason: "a chunk line is longer than 64 KiB"))
            }
            guard try receive(connection) else { throw .incomplete }
        }
    }

    private static func receive(_ connection: HTTPConnection) throws(Failure) -> Bool {
        do {
            return try connection.receive()
        } catch {
            throw .connection(error)
        }
    }
}
