#if canImport(FoundationEssentials)
    import FoundationEssentials
#else
    import Foundation
#endif

extension ValueEncoder {
    /// The encoder for one kind of sink: it owns the sink and passes each event to it.
    ///
    /// The engine itself is not generic, so its containers are generic over their key alone and run specialized
    /// code; each event costs one class-method call into this subclass, which is specialized for its sink.
    package final class SinkWriter<Sink: EncodingSink & ~Copyable>: ValueEncoder {
        // Only the engine's own synchronous calls touch the sink, one at a time: no runtime exclusivity checks.
        /// Where the events go.
        @exclusivity(unchecked) package var sink: Sink

        /// Creates an encoder that writes into a sink.
        /// - Parameters:
        ///   - sink: Where the events go.
        ///   - options: The strategies.
        ///   - maximumDepth: The deepest container allowed.
        package convenience init(
            sink: consuming Sink,
            options: ParameterValueEncoder,
            maximumDepth: Int = ParameterValue.maximumDepth
        ) {
            self.init(sink: sink, options: options, maximumDepth: maximumDepth, path: [], isNested: false, release: nil)
        }

        init(
            sink: consuming Sink,
            options: ParameterValueEncoder,
            maximumDepth: Int,
            path: [any CodingKey],
            isNested: Bool,
            release: ((ValueEncoder) -> Void)?
        ) {
            self.sink = sink
            super.init(options: options, maximumDepth: maximumDepth, path: path, isNested: isNested, release: release)
        }

        override func sendString(_ value: String) throws { try sink.string(value) }
        override func sendBool(_ value: Bool) throws { try sink.bool(value) }
        override func sendInteger(_ magnitude: UInt64, isNegative: Bool) throws {
            try sink.integer(magnitude, isNegative: isNegative)
        }
        override func sendNumber(_ value: ParameterNumber) throws { try sink.number(value) }
        override func sendDate(_ value: Date) throws { try sink.date(value) }
        override func sendData(_ value: Data) throws { try sink.data(value) }
        override func sendNull() throws { try sink.null() }
        override func sendKey(_ key: String) { sink.key(key) }
        override func sendBeginKeyed(sortsKeys: Bool) { sink.beginKeyed(sortsKeys: sortsKeys) }
        override func sendEndKeyed() { sink.endKeyed() }
        override func sendBeginUnkeyed(isSet: Bool) { sink.beginUnkeyed(isSet: isSet) }
        override func sendEndUnkeyed() { sink.endUnkeyed() }
    }
}
