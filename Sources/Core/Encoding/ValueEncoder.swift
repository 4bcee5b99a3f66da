#if canImport(FoundationEssentials)
    import FoundationEssentials
#else
    import Foundation
#endif

/// The one `Encoder` for `Encodable` input: it walks a value once and sends what it encodes to a sink, a query or
/// form writer, a parameter tree builder or a JSON writer (see ``EncodingSink``).
///
/// One encoder object serves the whole value; its coding path is a stack. Each value that encodes itself gets a
/// frame; its containers check that their frame is the current one and stream to the sink. What cannot be streamed
/// — a nested container asked for by key or position, a super encoder — turns the frame's container into a
/// ``PendingValue`` for the rest of the value, which goes to the sink when the value ends. A super encoder is a
/// second `ValueEncoder` building a tree; its value goes into its container when it is released, as in
/// `JSONEncoder`. A value's `encode(to:)` runs exactly once.
///
/// The ``ParameterValueEncoder`` strategies are applied here, once, whatever the sink.
package final class ValueEncoder: Encoder {
    /// One value being encoded.
    struct Frame {
        enum Kind {
            case empty
            case keyed
            case unkeyed
            case single
        }

        var id: Int
        var kind = Kind.empty
        /// Members or elements streamed (or, for a single value, whether it was written).
        var count = 0
        /// The value's type, to tell a Swift `Dictionary` or `Set` when it asks for a container.
        let valueType: Any.Type
        /// Whether the value is a Swift `Dictionary`, whose keys are data: never converted, and sorted.
        var keepsKeys = false
        /// The container holding the rest of the value once something could not be streamed.
        var pending: PendingValue? {
            didSet { isPending = pending != nil }
        }
        /// Whether ``pending`` is set, checked on every write without copying it.
        var isPending = false
    }

    // Only this encoder's own synchronous calls touch this state, one at a time: no runtime exclusivity checks
    // (with them, E1-W1 +8 %, E1-W2 +10 %, J2 +8 % instructions a call; Scripts/instruction-table).
    @exclusivity(unchecked) var frames = ValueStack<Frame>(capacity: 8)
    /// The coding path, as a stack; ``path`` is it as an array, made when asked for.
    @exclusivity(unchecked) var pathStack = ValueStack<any CodingKey>(firstCapacity: 8)
    /// The coding path.
    var path: [any CodingKey] { Array(pathStack.elements) }
    /// A member's key, sent just before the member's first event, so that a nil member can be left out.
    @exclusivity(unchecked) var pendingKey: String?  // unchecked: see the comment above `frames`
    /// The first error found where the `Encoder` API cannot throw; thrown by the next throwing call.
    @exclusivity(unchecked) var deferredError: SerializationError? {  // unchecked: see the comment above `frames`
        didSet { hasDeferredError = deferredError != nil }
    }
    /// Whether ``deferredError`` is set, checked on every write without copying it.
    @exclusivity(unchecked) private(set) var hasDeferredError = false  // unchecked: see the comment above `frames`
    @exclusivity(unchecked) private var nextFrameID = 0  // unchecked: see the comment above `frames`
    /// The containers open in the sink: the depth of the next one.
    @exclusivity(unchecked) var openContainers: Int  // unchecked: see the comment above `frames`

    /// Where the events go.
    let sink: any EncodingSinkBox
    let options: ParameterValueEncoder
    /// Whether keys are written as they are (``ParameterValueEncoder/KeyEncodingStrategy-swift.struct/useDefaultKeys``).
    let usesDefaultKeys: Bool
    /// The strategies' `userInfo`, made when an `encode(to:)` asks for it (few do), not for every encoder.
    package var userInfo: [CodingUserInfoKey: Any] {
        options.userInfo.isEmpty ? [:] : options.userInfo.mapValues { $0 as Any }
    }
    /// Containers nested deeper than this are an error.
    let maximumDepth: Int
    /// Whether a value that encodes nothing at the top becomes an empty dictionary (a nested encoder) rather than
    /// an error.
    private let isNested: Bool
    /// For a super encoder: puts its value into its container when it is released.
    private let release: ((ValueEncoder) -> Void)?

    /// Creates an encoder that writes into a sink.
    /// - Parameters:
    ///   - sink: Where the events go.
    ///   - options: The strategies.
    ///   - maximumDepth: The deepest container allowed.
    package convenience init(
        sink: any EncodingSinkBox,
        options: ParameterValueEncoder,
        maximumDepth: Int = ParameterValue.maximumDepth
    ) {
        self.init(sink: sink, options: options, maximumDepth: maximumDepth, path: [], isNested: false, release: nil)
    }

    init(
        sink: any EncodingSinkBox,
        options: ParameterValueEncoder,
        maximumDepth: Int,
        path: [any CodingKey],
        isNested: Bool,
        release: ((ValueEncoder) -> Void)?
    ) {
        self.sink = sink
        self.options = options
        if case .useDefaultKeys = options.keyEncodingStrategy.base {
            usesDefaultKeys = true
        } else {
            usesDefaultKeys = false
        }
        self.maximumDepth = maximumDepth
        for key in path { pathStack.append(key) }
        openContainers = path.count
        self.isNested = isNested
        self.release = release
        if release != nil {
            // A super encoder is itself the value: its first container request starts it.
            frames.append(Frame(id: 0, valueType: Void.self))
        }
    }

    deinit {
        guard let release, frames.count > 0 else { return }
        let root = frames.removeLast()
        try? finish(root)
        release(self)
    }

    // MARK: Events, sent to the sink

    func sendString(_ value: String) throws { try sink.string(value) }
    func sendBool(_ value: Bool) throws { try sink.bool(value) }
    func sendInteger(_ magnitude: UInt64, isNegative: Bool) throws {
        try sink.integer(magnitude, isNegative: isNegative)
    }
    func sendNumber(_ value: ParameterNumber) throws { try sink.number(value) }
    func sendDate(_ value: Date) throws { try sink.date(value) }
    func sendData(_ value: Data) throws { try sink.data(value) }
    func sendNull() throws { try sink.null() }
    func sendKey(_ key: String) { sink.key(key) }
    func sendBeginKeyed(sortsKeys: Bool) { sink.beginKeyed(sortsKeys: sortsKeys) }
    func sendEndKeyed() { sink.endKeyed() }
    func sendBeginUnkeyed(isSet: Bool) { sink.beginUnkeyed(isSet: isSet) }
    func sendEndUnkeyed() { sink.endUnkeyed() }

    package var codingPath: [any CodingKey] { path }

    // MARK: Values

    /// Encodes a top-level value.
    /// - Throws: ``SerializationError`` naming the coding path, or an error of the sink.
    package func encode<Value: Encodable>(_ value: Value) throws {
        try encodeValue(value)
        if let deferredError { throw deferredError }
    }

    /// Encodes any value: the types with a fixed spelling first, then the value's own `encode(to:)`.
    func encodeValue<Value: Encodable>(_ value: Value) throws {
        if try encodeKnown(value) { return }
        try encodeComposite(value)
    }

    /// Encodes a value that encodes itself through containers.
    func encodeComposite<Value: Encodable>(_ value: Value) throws {
        if let deferredError { throw deferredError }
        // Values deeper than this sit in a container past the limit; stop before a recursive type overflows the
        // stack.
        guard pathStack.count <= maximumDepth else { throw SerializationError.tooDeep(maximumDepth, at: path) }
        nextFrameID &+= 1
        frames.append(Frame(id: nextFrameID, valueType: Value.self))
        do {
            try value.encode(to: self)
        } catch {
            throw wrap(error)
        }
        if let deferredError { throw deferredError }
        try finish(frames.removeLast())
    }

    /// Ends a value: closes its container, after writing what was held back, or writes what an empty value is.
    private func finish(_ frame: Frame) throws {
        switch frame.kind {
        case .keyed, .unkeyed:
            if let pending = frame.pending {
                try replay(pending)
            }
            if frame.kind == .keyed { endKeyed() } else { endUnkeyed() }
        case .single where frame.count > 0:
            break
        case .empty, .single:
            guard isNested || frames.count > 0 else {
                throw SerializationError(
                    .serializerFailed,
                    "A top-level value of type '\(frame.valueType)' encoded nothing; it must encode at least an "
                        + "empty container"
                )
            }
            // A nested value that encodes nothing is an empty dictionary, as in JSONEncoder.
            beginKeyed(sortsKeys: false)
            endKeyed()
        }
    }

    /// Sends what a pending container holds: its members or elements, after those already streamed.
    private func replay(_ pending: PendingValue) throws {
        switch pending.finished {
        case .dictionary(let dictionary):
            for (key, value) in dictionary {
                sendKey(key)
                try emit(value)
            }
        case .array(let elements), .set(let elements):
            for element in elements { try emit(element) }
        default:
            break
        }
    }

    /// Sends a finished value: one whose strategies are applied already.
    func emit(_ value: ParameterValue) throws {
        flushKey()
        switch value {
        case .string(let string): try sendString(string)
        case .bool(let bool): try sendBool(bool)
        case .number(let number):
            if case .signed(let integer) = number.storage {
                try sendInteger(integer.magnitude, isNegative: integer < 0)
            } else if case .unsigned(let integer) = number.storage {
                try sendInteger(integer, isNegative: false)
            } else {
                try sendNumber(number)
            }
        case .null: try sendNull()
        case .date(let date): try sendDate(date)
        case .data(let data): try sendData(data)
        case .dictionary(let dictionary):
            beginKeyed(sortsKeys: false)
            try stopPastTheLimit()
            for (key, member) in dictionary {
                sendKey(key)
                try emit(member)
            }
            endKeyed()
        case .array(let elements), .set(let elements):
            beginUnkeyed(isSet: value.isSet)
            try stopPastTheLimit()
            for element in elements { try emit(element) }
            endUnkeyed()
        }
    }

    /// Throws the error recorded for a container past ``maximumDepth`` (or any recorded before it), before
    /// ``emit(_:)`` goes one level deeper: a finished value is as deep as whoever made it (a custom date or data
    /// strategy returns a tree), and the walk recursed to its bottom (issue 38).
    private func stopPastTheLimit() throws {
        if let deferredError { throw deferredError }
    }

    /// Puts a key on the coding path.
    func pushPath(_ key: some CodingKey) {
        pathStack.append(key)
    }

    /// Takes the last key off the coding path.
    func popPath() { pathStack.removeLast() }

    /// Sends the member key that waits for its value's first event.
    func flushKey() {
        if let key = pendingKey {
            pendingKey = nil
            sendKey(key)
        }
    }

    /// Sends nil, or nothing at all for a dictionary member under ``ParameterValueEncoder/NilEncodingStrategy/omitKeys``.
    func emitNull() throws {
        if pendingKey != nil, options.nilEncodingStrategy == .omitKeys {
            pendingKey = nil
            return
        }
        flushKey()
        try sendNull()
    }

    /// Records an error found where the `Encoder` API cannot throw; the first one wins.
    func record(_ error: SerializationError) {
        if deferredError == nil { deferredError = error }
    }

    /// Starts a dictionary in the sink, after the pending key; past ``maximumDepth`` an error is recorded.
    func beginKeyed(sortsKeys: Bool) {
        checkDepth()
        flushKey()
        sendBeginKeyed(sortsKeys: sortsKeys)
    }

    /// Starts an array in the sink, after the pending key; past ``maximumDepth`` an error is recorded.
    func beginUnkeyed(isSet: Bool) {
        checkDepth()
        flushKey()
        sendBeginUnkeyed(isSet: isSet)
    }

    func endKeyed() {
        openContainers &-= 1
        sendEndKeyed()
    }

    func endUnkeyed() {
        openContainers &-= 1
        sendEndUnkeyed()
    }

    /// Counts a container being opened; one nested past ``maximumDepth`` is an error.
    func checkDepth(naming key: String? = nil) {
        if openContainers >= maximumDepth {
            var components = ParameterPath(codingPath: path).components
            if let key { components.append(.key(key)) }
            record(
                SerializationError(
                    .unsupportedValue,
                    "Parameters nest deeper than \(maximumDepth) levels at '\(ParameterPath(components))'"))
        }
        openContainers &+= 1
    }
}

extension ParameterValue {
    /// Whether this is a set.
    fileprivate var isSet: Bool {
        if case .set = self { return true }
        return false
    }
}

extension SerializationError {
    /// The error for a tree nested deeper than 128 levels.
    package static func parametersNestTooDeep(at path: ParameterPath) -> SerializationError {
        SerializationError(
            .unsupportedValue,
            "Parameters nest deeper than \(ParameterValue.maximumDepth) levels at '\(path)'"
        )
    }

    /// The error for containers nested deeper than the limit.
    static func tooDeep(_ limit: Int, at codingPath: [any CodingKey]) -> SerializationError {
        SerializationError(
            .unsupportedValue,
            "Parameters nest deeper than \(limit) levels at "
                + "'\(ParameterPath(codingPath: codingPath))'"
        )
    }
}
