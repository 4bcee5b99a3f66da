#if canImport(FoundationEssentials)
    import FoundationEssentials
#else
    import Foundation
#endif

extension ValueEncoder {
    /// Writes the elements of an array: to the sink while its value streams, or into a pending array.
    struct UnkeyedContainer: UnkeyedEncodingContainer {
        let encoder: ValueEncoder
        /// The frame of the value this container belongs to.
        let id: Int
        /// The pending array of a nested container; `nil` for the container of a value.
        let list: PendingValue.List?

        var codingPath: [any CodingKey] { list?.codingPath ?? encoder.path }

        var count: Int {
            if let list { return list.elements.count }
            guard let index = encoder.frames.lastIndex, encoder.frames[index].id == id else { return 0 }
            guard case .list(let pending)? = encoder.frames[index].pending else { return encoder.frames[index].count }
            return encoder.frames[index].count + pending.elements.count
        }

        mutating func encodeNil() throws { try encoder.append(nil as Int?, in: self) }
        mutating func encode(_ value: Bool) throws { try encoder.append(value, in: self) }
        mutating func encode(_ value: String) throws { try encoder.append(value, in: self) }
        mutating func encode(_ value: Double) throws { try encoder.append(value, in: self) }
        mutating func encode(_ value: Float) throws { try encoder.append(value, in: self) }
        mutating func encode(_ value: Int) throws { try encoder.append(value, in: self) }
        mutating func encode(_ value: Int8) throws { try encoder.append(value, in: self) }
        mutating func encode(_ value: Int16) throws { try encoder.append(value, in: self) }
        mutating func encode(_ value: Int32) throws { try encoder.append(value, in: self) }
        mutating func encode(_ value: Int64) throws { try encoder.append(value, in: self) }
        mutating func encode(_ value: UInt) throws { try encoder.append(value, in: self) }
        mutating func encode(_ value: UInt8) throws { try encoder.append(value, in: self) }
        mutating func encode(_ value: UInt16) throws { try encoder.append(value, in: self) }
        mutating func encode(_ value: UInt32) throws { try encoder.append(value, in: self) }
        mutating func encode(_ value: UInt64) throws { try encoder.append(value, in: self) }
        mutating func encode(_ value: some Encodable) throws { try encoder.append(value, in: self) }

        @available(macOS 15.0, iOS 18.0, watchOS 11.0, tvOS 18.0, visionOS 2.0, *)
        mutating func encode(_ value: Int128) throws { try encoder.append(value, in: self) }

        @available(macOS 15.0, iOS 18.0, watchOS 11.0, tvOS 18.0, visionOS 2.0, *)
        mutating func encode(_ value: UInt128) throws { try encoder.append(value, in: self) }

        mutating func nestedContainer<NestedKey: CodingKey>(
            keyedBy keyType: NestedKey.Type
        ) -> KeyedEncodingContainer<NestedKey> {
            let (target, streamed) = encoder.makePendingList(id: id, list)
            let key = EncodingKey(index: streamed + target.elements.count)
            if target.codingPath.count + 1 >= encoder.maximumDepth {
                // Detached, as in `nestedMembers(in:key:)`: no chain and no coding path as deep as the loop.
                if encoder.deferredError == nil {
                    encoder.record(.tooDeep(encoder.maximumDepth, at: target.codingPath + [key]))
                }
                let detached = PendingValue.Members(keepsKeys: false, codingPath: target.codingPath)
                return KeyedEncodingContainer(
                    KeyedContainer<NestedKey>(encoder: encoder, id: -1, members: detached, keepsKeys: false))
            }
            let codingPath = target.codingPath + [key]
            let nested = PendingValue.Members(keepsKeys: false, codingPath: codingPath)
            target.elements.append(.members(nested))
            return KeyedEncodingContainer(
                KeyedContainer<NestedKey>(encoder: encoder, id: -1, members: nested, keepsKeys: false))
        }

        mutating func nestedUnkeyedContainer() -> any UnkeyedEncodingContainer {
            let (target, streamed) = encoder.makePendingList(id: id, list)
            let key = EncodingKey(index: streamed + target.elements.count)
            if target.codingPath.count + 1 >= encoder.maximumDepth {
                // Detached, as in `nestedMembers(in:key:)`: no chain and no coding path as deep as the loop.
                if encoder.deferredError == nil {
                    encoder.record(.tooDeep(encoder.maximumDepth, at: target.codingPath + [key]))
                }
                return UnkeyedContainer(
                    encoder: encoder, id: -1, list: PendingValue.List(isSet: false, codingPath: target.codingPath))
            }
            let codingPath = target.codingPath + [key]
            let nested = PendingValue.List(isSet: false, codingPath: codingPath)
            target.elements.append(.list(nested))
            return UnkeyedContainer(encoder: encoder, id: -1, list: nested)
        }

        /// An encoder whose value is inserted at the current position when it is released, as in `JSONEncoder`.
        mutating func superEncoder() -> any Encoder {
            let (target, streamed) = encoder.makePendingList(id: id, list)
            let position = target.elements.count
            return encoder.makeSuperEncoder(at: target.codingPath + [EncodingKey(index: streamed + position)]) {
                value in
                target.elements.insert(.value(value), at: min(position, target.elements.count))
            }
        }
    }

    /// Writes the one value of a value that asked for a single-value container.
    struct SingleValueContainer: SingleValueEncodingContainer {
        let encoder: ValueEncoder
        let id: Int

        var codingPath: [any CodingKey] { encoder.path }

        mutating func encodeNil() throws {
            try encoder.beginSingleValue(id)
            try encoder.emitNull()
        }

        mutating func encode(_ value: Bool) throws { try encoder.writeSingleValue(value, id) }
        mutating func encode(_ value: String) throws { try encoder.writeSingleValue(value, id) }
        mutating func encode(_ value: Double) throws { try encoder.writeSingleValue(value, id) }
        mutating func encode(_ value: Float) throws { try encoder.writeSingleValue(value, id) }
        mutating func encode(_ value: Int) throws { try encoder.writeSingleValue(value, id) }
        mutating func encode(_ value: Int8) throws { try encoder.writeSingleValue(value, id) }
        mutating func encode(_ value: Int16) throws { try encoder.writeSingleValue(value, id) }
        mutating func encode(_ value: Int32) throws { try encoder.writeSingleValue(value, id) }
        mutating func encode(_ value: Int64) throws { try encoder.writeSingleValue(value, id) }
        mutating func encode(_ value: UInt) throws { try encoder.writeSingleValue(value, id) }
        mutating func encode(_ value: UInt8) throws { try encoder.writeSingleValue(value, id) }
        mutating func encode(_ value: UInt16) throws { try encoder.writeSingleValue(value, id) }
        mutating func encode(_ value: UInt32) throws { try encoder.writeSingleValue(value, id) }
        mutating func encode(_ value: UInt64) throws { try encoder.writeSingleValue(value, id) }

        @available(macOS 15.0, iOS 18.0, watchOS 11.0, tvOS 18.0, visionOS 2.0, *)
        mutating func encode(_ value: Int128) throws {
            try encoder.beginSingleValue(id)
            try encoder.emit(.number(ParameterNumber(value)))
        }

        @available(macOS 15.0, iOS 18.0, watchOS 11.0, tvOS 18.0, visionOS 2.0, *)
        mutating func encode(_ value: UInt128) throws {
            try encoder.beginSingleValue(id)
            try encoder.emit(.number(ParameterNumber(value)))
        }

        mutating func encode(_ value: some Encodable) throws { try encoder.writeSingleValue(value, id) }
    }

    /// Appends one element to an unkeyed container.
    @inline(__always)  // The 14 in ValueEncoder+*: E1-W1 -7.7 %, J2 -7.9 % (instruction-table)
    func append<Value: Encodable>(_ value: Value, in container: UnkeyedContainer) throws {
        if let list = try pendingList(id: container.id, container.list) {
            let (_, streamed) = container.list == nil ? makePendingList(id: container.id, nil) : (list, 0)
            let key = EncodingKey(index: streamed + list.elements.count)
            list.elements.append(.value(try tree(of: value, at: list.codingPath + [key])))
            return
        }
        let index = frames.count &- 1
        let position = frames[index].count
        frames[index].count = position &+ 1
        if Value.self == Date.self || Value.self == Data.self || Value.self == Int?.self {
            pushPath(EncodingKey(index: position))
            defer { popPath() }
            try encodeValue(value)
        } else if try !encodeKnown(value) {
            pushPath(EncodingKey(index: position))
            defer { popPath() }
            try encodeComposite(value)
        }
    }

    /// Checks that a single-value container may write its value now.
    func beginSingleValue(_ id: Int) throws {
        let index = try currentFrame(id)
        guard frames[index].kind == .single, frames[index].count == 0 else { throw misuse("a second single value") }
        frames[index].count = 1
    }

    /// Writes the value of a single-value container.
    @inline(__always)  // The 14 in ValueEncoder+*: E1-W1 -7.7 %, J2 -7.9 % (instruction-table)
    func writeSingleValue<Value: Encodable>(_ value: Value, _ id: Int) throws {
        try beginSingleValue(id)
        try encodeValue(value)
    }
}
