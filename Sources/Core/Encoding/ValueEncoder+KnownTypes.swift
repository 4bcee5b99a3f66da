#if canImport(FoundationEssentials)
    import FoundationEssentials
#else
    import Foundation
#endif

// The types written without their `encode(to:)`: scalars with a fixed spelling, and arrays of the common members.
extension ValueEncoder {
    /// Writes a value of a type with a fixed spelling (found by comparing metatypes); `false` for any other type.
    @inline(__always)  // The 14 in ValueEncoder+*: E1-W1 -7.7 %, J2 -7.9 % (instruction-table)
    func encodeKnown<Value: Encodable>(_ value: Value) throws -> Bool {
        // A type of a size no known type has is none of them: most structs skip the comparisons below.
        guard Self.mayBeKnown(size: MemoryLayout<Value>.size) else { return false }
        if Value.self == String.self {
            flushKey()
            try sendString(Self.reinterpret(value, as: String.self))
        } else if Value.self == Int.self {
            flushKey()
            let integer = Self.reinterpret(value, as: Int.self)
            try sendInteger(UInt64(integer.magnitude), isNegative: integer < 0)
        } else if Value.self == Bool.self {
            flushKey()
            try sendBool(Self.reinterpret(value, as: Bool.self))
        } else if Value.self == Double.self {
            flushKey()
            try sendNumber(ParameterNumber(Self.reinterpret(value, as: Double.self)))
        } else if Value.self == [String].self {
            beginKnownArray()
            try sink.array(of: Self.reinterpret(value, as: [String].self))
            openContainers &-= 1
        } else if Value.self == [Int].self {
            beginKnownArray()
            try sink.array(of: Self.reinterpret(value, as: [Int].self))
            openContainers &-= 1
        } else {
            return try encodeFoundationValue(value)
        }
        return true
    }

    /// Whether a type of this size may be one of those ``encodeKnown(_:)`` writes.
    @inline(__always)  // The 14 in ValueEncoder+*: E1-W1 -7.7 %, J2 -7.9 % (instruction-table)
    static func mayBeKnown(size: Int) -> Bool {
        size < 64 ? knownSizes & (1 &<< UInt64(size)) != 0 : knownSizes == .max
    }

    /// Bit `n` is set when one of the types ``encodeKnown(_:)`` writes has size `n`.
    static let knownSizes: UInt64 = {
        var sizes = [
            MemoryLayout<String>.size, MemoryLayout<Int>.size, MemoryLayout<Bool>.size, MemoryLayout<Double>.size,
            MemoryLayout<[String]>.size, MemoryLayout<[Int]>.size, MemoryLayout<Float>.size,
            MemoryLayout<Decimal>.size, MemoryLayout<URL>.size, MemoryLayout<Date>.size, MemoryLayout<Data>.size,
            MemoryLayout<Int64>.size, MemoryLayout<UInt64>.size, MemoryLayout<Int32>.size, MemoryLayout<UInt32>.size,
            MemoryLayout<Int16>.size, MemoryLayout<UInt16>.size, MemoryLayout<Int8>.size, MemoryLayout<UInt8>.size,
            MemoryLayout<UInt>.size,
        ]
        if #available(macOS 15.0, iOS 18.0, watchOS 11.0, tvOS 18.0, visionOS 2.0, *) {
            sizes += [MemoryLayout<Int128>.size, MemoryLayout<UInt128>.size]
        }
        // Were a known type 64 bytes or more (none is), every size would have to be compared.
        guard sizes.allSatisfy({ $0 < 64 }) else { return .max }
        return sizes.reduce(0) { $0 | 1 &<< UInt64($1) }
    }()

    /// `Float`, `Decimal`, `URL`, `Date` and `Data`; `false` for any other type, and for a date or data whose
    /// strategy asks the value to encode itself.
    private func encodeFoundationValue<Value: Encodable>(_ value: Value) throws -> Bool {
        if Value.self == Float.self {
            flushKey()
            try sendNumber(ParameterNumber(Self.reinterpret(value, as: Float.self)))
        } else if Value.self == Decimal.self {
            flushKey()
            try sendNumber(ParameterNumber(Self.reinterpret(value, as: Decimal.self)))
        } else if Value.self == URL.self {
            flushKey()
            try sendString(Self.reinterpret(value, as: URL.self).absoluteString)
        } else if Value.self == Date.self {
            guard let converted = try convert(Self.reinterpret(value, as: Date.self)) else { return false }
            try emit(converted)
        } else if Value.self == Data.self {
            guard let converted = try convert(Self.reinterpret(value, as: Data.self)) else { return false }
            try emit(converted)
        } else {
            return try encodeInteger(value)
        }
        return true
    }

    /// The integer types other than `Int`; `false` for any other type.
    private func encodeInteger<Value: Encodable>(_ value: Value) throws -> Bool {
        if Value.self == Int64.self {
            try writeInteger(Self.reinterpret(value, as: Int64.self))
        } else if Value.self == UInt64.self {
            try writeInteger(Self.reinterpret(value, as: UInt64.self))
        } else if Value.self == Int32.self {
            try writeInteger(Self.reinterpret(value, as: Int32.self))
        } else if Value.self == UInt32.self {
            try writeInteger(Self.reinterpret(value, as: UInt32.self))
        } else if Value.self == Int16.self {
            try writeInteger(Self.reinterpret(value, as: Int16.self))
        } else if Value.self == UInt16.self {
            try writeInteger(Self.reinterpret(value, as: UInt16.self))
        } else if Value.self == Int8.self {
            try writeInteger(Self.reinterpret(value, as: Int8.self))
        } else if Value.self == UInt8.self {
            try writeInteger(Self.reinterpret(value, as: UInt8.self))
        } else if Value.self == UInt.self {
            try writeInteger(Self.reinterpret(value, as: UInt.self))
        } else if #available(macOS 15.0, iOS 18.0, watchOS 11.0, tvOS 18.0, visionOS 2.0, *),
            Value.self == Int128.self || Value.self == UInt128.self
        {
            flushKey()
            if Value.self == Int128.self {
                try sendNumber(ParameterNumber(Self.reinterpret(value, as: Int128.self)))
            } else {
                try sendNumber(ParameterNumber(Self.reinterpret(value, as: UInt128.self)))
            }
        } else {
            return false
        }
        return true
    }

    @inline(__always)  // The 14 in ValueEncoder+*: E1-W1 -7.7 %, J2 -7.9 % (instruction-table)
    private func writeInteger<Integer: FixedWidthInteger>(_ value: Integer) throws {
        flushKey()
        try sendInteger(UInt64(value.magnitude), isNegative: value < 0)
    }

    /// Counts the container of an array of strings or integers, the common members, which the sink gets in one
    /// event, without the unkeyed container `Array.encode(to:)` asks for.
    @inline(__always)  // The 14 in ValueEncoder+*: E1-W1 -7.7 %, J2 -7.9 % (instruction-table)
    private func beginKnownArray() {
        // The member's key is not on the path (no frame was made), so it is named for the depth check.
        checkDepth(naming: pendingKey)
        flushKey()
    }

    /// The value as the type it is known to be (the caller compared the metatypes).
    @inline(__always)  // The 14 in ValueEncoder+*: E1-W1 -7.7 %, J2 -7.9 % (instruction-table)
    static func reinterpret<Input, Target>(_ value: Input, as type: Target.Type) -> Target {
        // Sound only because the caller checked Input.self == Target.self: the same type, read back as itself.
        withUnsafePointer(to: value) { $0.withMemoryRebound(to: Target.self, capacity: 1) { $0.pointee } }
    }
}
