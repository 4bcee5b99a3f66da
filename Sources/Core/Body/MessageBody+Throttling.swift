extension MessageBody {
    /// The same body, produced in packets of at most `packetSize` bytes with a pause between them: AFNetworking's
    /// `throttleBandwidthWithPacketSize:delay:` for slow or metered links.
    ///
    /// The pause is a `Task.sleep`, so no thread is blocked. The throttled body is produced only asynchronously,
    /// through ``chunks(chunkSize:)``: an `InputStream` must never sleep inside `read` (on Linux every URLSession
    /// shares one queue), so `makeInputStream()` (WireformFoundation) throws ``SerializationError/Code/unsupportedBody`` for it.
    ///
    /// ```swift
    /// for try await packet in form.serializedBody.body.throttled().chunks() { try await connection.write(packet) }
    /// ```
    /// - Parameters:
    ///   - packetSize: The largest packet, in bytes (at least 1); 16 KiB by default.
    ///   - delay: The pause between packets; 0.2 s by default.
    /// - Returns: The throttled body; a cancelled task ends it with ``SerializationError/Code/cancelled``.
    public func throttled(packetSize: Int = 16 * 1024, delay: Duration = .milliseconds(200)) -> MessageBody {
        let body = self
        let packetSize = max(1, packetSize)
        return MessageBody(length: length) { ThrottledChunks(body: body, packetSize: packetSize, delay: delay) }
            .inheritingReplayability(from: [self])
    }
}

/// A body's chunks cut into packets with a pause between them.
private struct ThrottledChunks: AsyncSequence, Sendable {
    typealias Element = ArraySlice<UInt8>

    let body: MessageBody
    let packetSize: Int
    let delay: Duration

    func makeAsyncIterator() -> Iterator {
        Iterator(base: body.chunks(chunkSize: packetSize).makeAsyncIterator(), packetSize: packetSize, delay: delay)
    }

    struct Iterator: AsyncIteratorProtocol {
        var base: MessageBody.Chunks.Iterator
        let packetSize: Int
        let delay: Duration
        var pending: ArraySlice<UInt8> = []
        var hasSentPacket = false

        init(base: MessageBody.Chunks.Iterator, packetSize: Int, delay: Duration) {
            self.base = base
            self.packetSize = packetSize
            self.delay = delay
        }

        mutating func next() async throws -> ArraySlice<UInt8>? {
            if pending.isEmpty {
                guard let chunk = try await base.next() else { return nil }
                pending = chunk
            }
            if hasSentPacket {
                do {
                    try await Task.sleep(for: delay)
                } catch {
                    throw SerializationError(.cancelled, "The throttled body was cancelled", underlyingError: error)
                }
            }
            hasSentPacket = true
            let packet = pending.prefix(packetSize)
            pending = pending.dropFirst(packet.count)
            return packet
        }
    }
}
