extension ValueEncoder {
    /// Whether a type is a Swift `Dictionary`, whose keys are data: never converted by the key strategy, and sorted.
    ///
    /// Every `Dictionary<Key, Value>` shares one nominal type descriptor, the word after the kind in a struct's
    /// metadata; comparing it costs two loads, where a protocol-conformance check costs a runtime cache lookup for
    /// every keyed container. For a class or an enum the word is their superclass or their own descriptor, never
    /// `Dictionary`'s.
    @inline(__always)
    static func isDictionary(_ type: Any.Type) -> Bool {
        descriptor(of: type) == dictionaryDescriptor
    }

    /// Whether a type is a Swift `Set`, whose unkeyed container becomes ``ParameterValue/set(_:)``.
    @inline(__always)
    static func isSet(_ type: Any.Type) -> Bool {
        descriptor(of: type) == setDescriptor
    }

    @inline(__always)
    private static func descriptor(of type: Any.Type) -> UInt {
        unsafeBitCast(type, to: UnsafeRawPointer.self).load(fromByteOffset: MemoryLayout<UInt>.size, as: UInt.self)
    }

    private static let dictionaryDescriptor = descriptor(of: [String: Int].self)
    private static let setDescriptor = descriptor(of: Set<Int>.self)
}
