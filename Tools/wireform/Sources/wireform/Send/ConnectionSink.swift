/// Writes a request to an ``HTTPConnection`` for ``HTTPMessageWriter``.
struct ConnectionSink: MessageSink {
    let connection: HTTPConnection

    /// Writes all of the bytes.
    /// - Throws: ``HTTPConnection/Failure``.
    func write(_ bytes: some Collection<UInt8>) throws {
        let result = bytes.withContiguousStorageIfAvailable { buffer in
            Result { () throws(HTTPConnection.Failure) in try connection.write(UnsafeRawBufferPointer(buffer)) }
        }
        try
            (result
            ?? Array(bytes).withUnsafeBytes { buffer in
                Result { () throws(HTTPConnection.Failure) in try connection.write(buffer) }
            }).get()
    }
}
