#if canImport(FoundationEssentials)
    import FoundationEssentials
#else
    import Foundation
#endif

// The `Encoder` requirements, and what the containers share: finding where a write goes (the sink, or a pending
// container once the value could not be streamed), nested containers and super encoders.
extension ValueEncoder {
    package func container<Key: CodingKey>(keyedBy type: Key.Type) -> KeyedEncodingContainer<Key> {
        guard let index = frames.lastIndex else { return detachedKeyed() }
        switch frames[index].kind {
        case .empty:
            let keepsKeys = Self.isDictionary(keyedBy: type)
            frames[index].kind = .keyed
            frames[index].keepsKeys = keepsKeys
            beginKeyed(sortsKeys: keepsKeys)
        case .keyed:
            // A class and its superclass may both ask for a keyed container; they share it.
            break
        case .unkeyed, .single:
            record(misuse("a keyed container"))
            return detachedKeyed()
        }
        let frame = frames[index]
        return KeyedEncodingContainer(
            KeyedContainer<Key>(encoder: self, id: frame.id, members: nil, keepsKeys: frame.keepsKeys))
    }

    package func unkeyedContainer() -> any UnkeyedEncodingContainer {
        guard let index = frames.lastIndex else { return UnkeyedContainer(encoder: self, id: -1, list: nil) }
        switch frames[index].kind {
        case .empty:
            let isSet = Self.isSet(frames[index].valueType)
            frames[index].kind = .unkeyed
            beginUnkeyed(isSet: isSet)
        case .unkeyed:
            break
        case .keyed, .single:
            record(misuse("an unkeyed container"))
            return UnkeyedContainer(encoder: self, id: -1, list: detachedList())
        }
        return UnkeyedContainer(encoder: self, id: frames[index].id, list: nil)
    }

    package func singleValueContainer() -> any SingleValueEncodingContainer {
        guard let index = frames.lastIndex else { return SingleValueContainer(encoder: self, id: -1) }
        if frames[index].kind == .empty { frames[index].kind = .single }
        return SingleValueContainer(encoder: self, id: frames[index].id)
    }

    // MARK: Where writes go

    /// The pending dictionary a keyed container writes to, or `nil` when it streams to the sink.
    /// - Throws: The deferred error, or an error when the container's value is no longer the current one.
    @inline(__always)  // The 14 in ValueEncoder+*: E1-W1 -7.7 %, J2 -7.9 % (instruction-table)
    func pendingMembers(id: Int, _ members: PendingValue.Members?) throws -> PendingValue.Members? {
        if let members { return members }
        let index = try currentFrame(id)
        guard frames[index].isPending, case .members(let pending)? = frames[index].pending else { return nil }
        return pending
    }

    /// The pending array an unkeyed container writes to, or `nil` when it streams to the sink.
    @inline(__always)  // The 14 in ValueEncoder+*: E1-W1 -7.7 %, J2 -7.9 % (instruction-table)
    func pendingList(id: Int, _ list: PendingValue.List?) throws -> PendingValue.List? {
        if let list { return list }
        let index = try currentFrame(id)
        guard frames[index].isPending, case .list(let pending)? = frames[index].pending else { return nil }
        return pending
    }

    /// The index of frame `id`, which must be the current one.
    @inline(__always)  // The 14 in ValueEncoder+*: E1-W1 -7.7 %, J2 -7.9 % (instruction-table)
    func currentFrame(_ id: Int) throws -> Int {
        if hasDeferredError, let deferredError { throw deferredError }
        let index = frames.count &- 1
        guard index >= 0, frames[index].id == id else { throw outOfOrder() }
        return index
    }

    private func outOfOrder() -> SerializationError {
        SerializationError(
            .serializerFailed,
            "An encode(to:) implementation wrote to a container at '\(ParameterPath(codingPath: path))' after its "
                + "value was finished"
        )
    }

    /// Makes frame `id`'s keyed container pending from now on (a nested container or a super encoder was asked
    /// for), and returns it.
    func makePendingMembers(id: Int, _ members: PendingValue.Members?) -> PendingValue.Members {
        if let members { return members }
        guard let index = frames.lastIndex, frames[index].id == id else {
            record(outOfOrder())
            return PendingValue.Members(keepsKeys: false, codingPath: path)
        }
        if case .members(let pending)? = frames[index].pending { return pending }
        let pending = PendingValue.Members(keepsKeys: frames[index].keepsKeys, codingPath: path)
        frames[index].pending = .members(pending)
        return pending
    }

    /// Makes frame `id`'s unkeyed container pending from now on, and returns it with the number of elements
    /// already streamed.
    func makePendingList(id: Int, _ list: PendingValue.List?) -> (list: PendingValue.List, streamed: Int) {
        if let list { return (list, 0) }
        guard let index = frames.lastIndex, frames[index].id == id else {
            record(outOfOrder())
            return (detachedList(), 0)
        }
        if case .list(let pending)? = frames[index].pending { return (pending, frames[index].count) }
        let pending = PendingValue.List(isSet: false, codingPath: path)
        frames[index].pending = .list(pending)
        return (pending, frames[index].count)
    }

    /// A container that writes nowhere, after a misuse was recorded.
    private func detachedKeyed<Key: CodingKey>() -> KeyedEncodingContainer<Key> {
        let members = PendingValue.Members(keepsKeys: false, codingPath: path)
        return KeyedEncodingContainer(KeyedContainer<Key>(encoder: self, id: -1, members: members, keepsKeys: false))
    }

    private func detachedList() -> PendingValue.List {
        PendingValue.List(isSet: false, codingPath: path)
    }

    // MARK: Pending values

    /// A value as a finished tree, encoded by a nested encoder that shares the strategies.
    func tree<Value: Encodable>(of value: Value, at codingPath: [any CodingKey]) throws -> ParameterValue {
        if let deferredError { throw deferredError }
        let tree = ParameterTreeSink.Box()
        let nested = ValueEncoder(
            sink: tree, options: options, maximumDepth: maximumDepth, path: codingPath, isNested: true, release: nil)
        try nested.encode(value)
        return tree.sink.result ?? .dictionary(ParameterDictionary())
    }

    /// A nested dictionary for a key of a pending dictionary; one already there is shared. Past ``maximumDepth`` the
    /// error is recorded and the container is a detached one with its parent's coding path: a loop that nests
    /// containers a million levels deep builds no chain as deep (releasing one recursed once a level) and copies no
    /// coding path a million keys long at every level (issue 38); the error is thrown when the value ends.
    func nestedMembers(in members: PendingValue.Members, key: some CodingKey) -> PendingValue.Members {
        if members.codingPath.count + 1 >= maximumDepth {
            // The error once: a loop past the limit would make its message again at every level.
            if deferredError == nil { record(.tooDeep(maximumDepth, at: members.codingPath + [key])) }
            return PendingValue.Members(keepsKeys: false, codingPath: members.codingPath)
        }
        let codingPath = members.codingPath + [key]
        let name = outputKey(for: key, keepsKeys: members.keepsKeys, in: members.codingPath)
        if case .members(let existing)? = members[name] { return existing }
        let nested = PendingValue.Members(keepsKeys: false, codingPath: codingPath)
        members.set(.members(nested), for: name)
        return nested
    }

    /// A nested array for a key of a pending dictionary; one already there is shared; past ``maximumDepth``, a
    /// detached one (see ``nestedMembers(in:key:)``).
    func nestedList(in members: PendingValue.Members, key: some CodingKey) -> PendingValue.List {
        if members.codingPath.count + 1 >= maximumDepth {
            // The error once: a loop past the limit would make its message again at every level.
            if deferredError == nil { record(.tooDeep(maximumDepth, at: members.codingPath + [key])) }
            return PendingValue.List(isSet: false, codingPath: members.codingPath)
        }
        let codingPath = members.codingPath + [key]
        let name = outputKey(for: key, keepsKeys: members.keepsKeys, in: members.codingPath)
        if case .list(let existing)? = members[name] { return existing }
        let nested = PendingValue.List(isSet: false, codingPath: codingPath)
        members.set(.list(nested), for: name)
        return nested
    }

    /// An encoder for `superEncoder()`: it builds a tree, which `store` puts into its container when the encoder is
    /// released, as `JSONEncoder` does.
    func makeSuperEncoder(at codingPath: [any CodingKey], store: @escaping (ParameterValue) -> Void) -> any Encoder {
        if codingPath.count > maximumDepth { record(.tooDeep(maximumDepth, at: codingPath)) }
        let tree = ParameterTreeSink.Box()
        return ValueEncoder(
            sink: tree, options: options, maximumDepth: maximumDepth, path: codingPath, isNested: true,
            release: { _ in store(tree.sink.result ?? .dictionary(ParameterDictionary())) })
    }

    /// Whether a member with this value is left out (nil under ``ParameterValueEncoder/NilEncodingStrategy/omitKeys``).
    func omits(_ value: ParameterValue) -> Bool {
        if case .null = value { return options.nilEncodingStrategy == .omitKeys }
        return false
    }
}
