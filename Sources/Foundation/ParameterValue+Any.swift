import Foundation
public import Wireform

extension ParameterValue {
    /// Converts an untyped value, such as the `[String: Any]` parameters of AFNetworking- or Alamofire-style code.
    ///
    /// ```swift
    /// let legacy: [String: Any] = ["name": "bang", "admin": NSNumber(value: true), "nums": Set([1, 2])]
    /// let parameters = try ParameterValue(any: legacy)
    /// // ["admin": true, "name": "bang", "nums": .set([1, 2])]
    /// ```
    ///
    /// Supported values:
    /// - `String`, `Substring`, `NSString` → ``string(_:)``;
    /// - `Bool` and boolean `NSNumber`s (`NSNumber(value: true)`, `kCFBooleanTrue`, `true` from
    ///   `JSONSerialization`) → ``bool(_:)``; booleans never become numbers, and numbers never become booleans;
    /// - every integer width, `Float`, `Double`, `CGFloat`, `Decimal`, `NSDecimalNumber` and other `NSNumber`s →
    ///   ``number(_:)`` with their exact value;
    /// - `NSNull` and `nil` (an `Optional` that holds nothing) → ``null``; an `Optional` that holds a value is
    ///   converted as that value (Optionals inside Optionals too, at any depth: they are no level of the tree);
    /// - `Date`/`NSDate` → ``date(_:)``, `Data`/`NSData` → ``data(_:)``, `URL`/`NSURL` → its `absoluteString`;
    /// - arrays (`[Any]`, `NSArray`) → ``array(_:)``; sets (`Set`, `NSSet`) → ``set(_:)``;
    /// - dictionaries with string keys (`[String: Any]`, `NSDictionary`) → ``dictionary(_:)``. Swift and Foundation
    ///   dictionaries have no order of their own, so the keys are sorted by their UTF-8 bytes, which makes the
    ///   result the same on every run (the query styles sort keys by default anyway);
    /// - a `ParameterValue` is kept as it is, and any other `Encodable` value is converted with a default
    ///   ``ParameterValueEncoder``.
    ///
    /// - Parameter value: The value to convert.
    /// - Throws: ``SerializationError`` with ``SerializationError/Code/unsupportedValue`` for any other type or a
    ///   dictionary key that is not a string, naming the key path and the type (`Unsupported value of type
    ///   'NSObject' at 'user.tags[2]'`); ``SerializationError/Code/unsupportedValue`` past 128 levels of nesting; and
    ///   the encoder's errors for an `Encodable` value.
    ///
    /// > Note: On Linux, Foundation bridges a nested `NSArray` or `NSDictionary` to Swift collections all at once
    /// > when it is read, so a Foundation collection that contains itself crashes inside Foundation before this
    /// > conversion sees it. Swift collections cannot contain themselves.
    public init(any value: Any) throws {
        var path: [ParameterPath.Component] = []
        self = try AnyConversion.convert(value, path: &path)
    }
}

/// The conversion behind ``ParameterValue/init(any:)``.
private enum AnyConversion {
    /// The class of boolean `NSNumber`s (`__NSCFBoolean` on Linux and Apple platforms alike).
    private static let booleanNumberType: AnyClass = type(of: NSNumber(value: true))

    static func convert(_ value: Any, path: inout [ParameterPath.Component]) throws -> ParameterValue {
        if let common = try commonValue(value, path: &path) { return common }
        // Optionals first, unwrapped in a loop (an Optional is no level of the tree, so nesting them never reaches
        // the depth limit): a cast of an `Any` that holds an Optional to a concrete type (`as? String`) unwraps it
        // by recursion in the Swift runtime, once per Optional, and a million nested `Optional<Any>`s overflowed
        // the stack there (issue 38). A cast to a protocol that Optional conforms to does not unwrap it.
        var value = value
        while let optional = value as? any OptionalValue {
            guard let wrapped = optional.wrappedValue else { return .null }
            value = wrapped
            if let common = try commonValue(value, path: &path) { return common }
        }
        if let scalar = try scalar(value, path: path) { return scalar }
        if let converted = try container(value, path: &path) { return converted }
        if let encodable = value as? any Encodable {
            do {
                return try ParameterValueEncoder().encode(encodable)
            } catch let error as SerializationError where !path.isEmpty {
                throw SerializationError(
                    error.code,
                    "In the Encodable value at '\(ParameterPath(path))': \(error.reason)",
                    underlyingError: error.underlyingError
                )
            }
        }
        throw SerializationError(
            .unsupportedValue,
            "Unsupported value of type '\(type(of: value))' at '\(ParameterPath(path))'"
        )
    }

    /// The types `[String: Any]` parameters hold most often, found by comparing the value's exact type: a failed
    /// `as?` cast on Linux looks for bridging conformances and costs far more than the comparison. Boolean
    /// `NSNumber`s are never one of these types (their class is `__NSCFBoolean`), so they keep their own path.
    /// `nil` for any other type.
    @inline(__always)  // A1-W1 -1.0 % instructions a call (Scripts/instruction-table)
    private static func commonValue(_ value: Any, path: inout [ParameterPath.Component]) throws -> ParameterValue? {
        let type = ObjectIdentifier(Swift.type(of: value))
        if type == ObjectIdentifier(String.self), let string = value as? String { return .string(string) }
        if type == ObjectIdentifier(Int.self), let integer = value as? Int { return .integer(integer) }
        if type == ObjectIdentifier(Bool.self), let bool = value as? Bool { return .bool(bool) }
        if type == ObjectIdentifier(Double.self), let double = value as? Double { return .double(double) }
        if type == ObjectIdentifier([String: Any].self), let dictionary = value as? [String: Any] {
            return try convert(dictionary, path: &path)
        }
        if type == ObjectIdentifier([String: String].self), let dictionary = value as? [String: String] {
            try checkDepth(path)
            let entries = dictionary.sorted { UTF8Order.precedes($0.key, $1.key) }
            return .dictionary(
                ParameterDictionary(distinctKeys: entries.map(\.key), values: entries.map { .string($0.value) }))
        }
        if type == ObjectIdentifier([Any].self), let array = value as? [Any] {
            try checkDepth(path)
            var converted: [ParameterValue] = []
            converted.reserveCapacity(array.count)
            for index in array.indices {
                path.append(.index(index))
                converted.append(try convert(array[index], path: &path))
                path.removeLast()
            }
            return .array(converted)
        }
        if type == ObjectIdentifier([String].self), let strings = value as? [String] {
            try checkDepth(path)
            return .array(strings.map { .string($0) })
        }
        if type == ObjectIdentifier([Int].self), let integers = value as? [Int] {
            try checkDepth(path)
            return .array(integers.map { .integer($0) })
        }
        if type == ObjectIdentifier([[String: Any]].self), let dictionaries = value as? [[String: Any]] {
            try checkDepth(path)
            var converted: [ParameterValue] = []
            converted.reserveCapacity(dictionaries.count)
            for index in dictionaries.indices {
                path.append(.index(index))
                converted.append(try convert(dictionaries[index], path: &path))
                path.removeLast()
            }
            return .array(converted)
        }
        return nil
    }

    /// A `[String: Any]`: keys sorted by their UTF-8 bytes, no per-key boxing or lookup (the keys are distinct).
    private static func convert(
        _ dictionary: [String: Any],
        path: inout [ParameterPath.Component]
    ) throws -> ParameterValue {
        try checkDepth(path)
        let entries = dictionary.sorted { UTF8Order.precedes($0.key, $1.key) }
        var keys: [String] = []
        var values: [ParameterValue] = []
        keys.reserveCapacity(entries.count)
        values.reserveCapacity(entries.count)
        for (key, value) in entries {
            path.append(.key(key))
            values.append(try convert(value, path: &path))
            path.removeLast()
            keys.append(key)
        }
        return .dictionary(ParameterDictionary(distinctKeys: keys, values: values))
    }

    /// Strings, numbers, booleans, null, dates, data and URLs; `nil` for anything else.
    private static func scalar(_ value: Any, path: [ParameterPath.Component]) throws -> ParameterValue? {
        // Check for NSNumber objects first: on Apple platforms `NSNumber(value: 1) as? Bool` succeeds, and a
        // boolean NSNumber casts to Int, so the Swift casts below would mix up booleans and numbers.
        if type(of: value) is NSNumber.Type, let number = value as? NSNumber { return try convert(number, path: path) }
        switch value {
        case let value as ParameterValue: return value
        case let value as String: return .string(value)
        case let value as Bool: return .bool(value)
        case let value as Int: return .integer(value)
        case let value as Double: return .number(ParameterNumber(value))
        case let value as Substring: return .string(String(value))
        case let value as Int8: return .integer(value)
        case let value as Int16: return .integer(value)
        case let value as Int32: return .integer(value)
        case let value as Int64: return .integer(value)
        case let value as UInt: return .integer(value)
        case let value as UInt8: return .integer(value)
        case let value as UInt16: return .integer(value)
        case let value as UInt32: return .integer(value)
        case let value as UInt64: return .integer(value)
        case let value as Float: return .number(ParameterNumber(value))
        case let value as CGFloat: return .number(ParameterNumber(Double(value)))
        case let value as Decimal: return .number(ParameterNumber(value))
        case is NSNull: return .null
        case let value as Date: return .date(value)
        case let value as Data: return .data(value)
        case let value as URL: return .string(value.absoluteString)
        case let value as NSString: return .string(String(value))
        default: return wideInteger(value)
        }
    }

    /// `Int128` and `UInt128`, where the platform has them.
    private static func wideInteger(_ value: Any) -> ParameterValue? {
        if #available(macOS 15.0, iOS 18.0, watchOS 11.0, tvOS 18.0, visionOS 2.0, *) {
            switch value {
            case let value as Int128: return .integer(value)
            case let value as UInt128: return .integer(value)
            default: return nil
            }
        }
        return nil
    }

    private static func convert(_ number: NSNumber, path: [ParameterPath.Component]) throws -> ParameterValue {
        if type(of: number) == booleanNumberType { return .bool(number.boolValue) }
        if let decimal = number as? NSDecimalNumber { return .decimal(decimal.decimalValue) }
        switch number.objCType.pointee {
        case CChar(UInt8(ascii: "c")), CChar(UInt8(ascii: "s")), CChar(UInt8(ascii: "i")), CChar(UInt8(ascii: "l")),
            CChar(UInt8(ascii: "q")):
            return .integer(number.int64Value)
        case CChar(UInt8(ascii: "C")), CChar(UInt8(ascii: "S")), CChar(UInt8(ascii: "I")), CChar(UInt8(ascii: "L")),
            CChar(UInt8(ascii: "Q")):
            return .integer(number.uint64Value)
        case CChar(UInt8(ascii: "B")):
            return .bool(number.boolValue)
        case CChar(UInt8(ascii: "f")):
            return .number(ParameterNumber(number.floatValue))
        case CChar(UInt8(ascii: "d")):
            return .number(ParameterNumber(number.doubleValue))
        default:
            throw SerializationError(
                .unsupportedValue,
                "Unsupported NSNumber of type '\(String(cString: number.objCType))' at '\(ParameterPath(path))'"
            )
        }
    }

    /// Arrays, sets and dictionaries; `nil` for anything else.
    private static func container(_ value: Any, path: inout [ParameterPath.Component]) throws -> ParameterValue? {
        let elements: [Any]
        let isSet: Bool
        switch value {
        case let dictionary as [String: Any]:
            return try convert(dictionaryPairs: dictionary.map { ($0.key as Any, $0.value) }, path: &path)
        case let dictionary as [AnyHashable: Any]:
            return try convert(dictionaryPairs: dictionary.map { ($0.key.base, $0.value) }, path: &path)
        case let dictionary as NSDictionary:
            return try convert(dictionaryPairs: dictionary.map { ($0.key, $0.value) }, path: &path)
        case let array as [Any]:
            (elements, isSet) = (array, false)
        case let array as NSArray:
            (elements, isSet) = (array.map { $0 }, false)
        case let set as Set<AnyHashable>:
            (elements, isSet) = (set.map { $0.base }, true)
        case let set as NSSet:
            (elements, isSet) = (set.map { $0 }, true)
        default:
            return nil
        }
        try checkDepth(path)
        var converted: [ParameterValue] = []
        converted.reserveCapacity(elements.count)
        for (index, element) in elements.enumerated() {
            path.append(.index(index))
            converted.append(try convert(element, path: &path))
            path.removeLast()
        }
        return isSet ? .set(converted) : .array(converted)
    }

    private static func convert(
        dictionaryPairs pairs: [(key: Any, value: Any)],
        path: inout [ParameterPath.Component]
    ) throws -> ParameterValue {
        try checkDepth(path)
        var entries: [(key: String, value: Any)] = []
        entries.reserveCapacity(pairs.count)
        for (key, value) in pairs {
            switch key {
            case let key as String: entries.append((key, value))
            case let key as NSString: entries.append((String(key), value))
            default:
                throw SerializationError(
                    .unsupportedValue,
                    "Dictionary key of type '\(type(of: key))' at '\(ParameterPath(path))' is not a string"
                )
            }
        }
        entries.sort { UTF8Order.precedes($0.key, $1.key) }
        var dictionary = ParameterDictionary()
        for (key, value) in entries {
            path.append(.key(key))
            dictionary[key] = try convert(value, path: &path)
            path.removeLast()
        }
        return .dictionary(dictionary)
    }

    private static func checkDepth(_ path: [ParameterPath.Component]) throws {
        guard path.count < ParameterValue.maximumDepth else {
            throw SerializationError.parametersNestTooDeep(at: ParameterPath(path))
        }
    }
}

/// Lets the conversion see through an `Optional` stored in an `Any`.
private protocol OptionalValue {
    var wrappedValue: Any? { get }
}

extension Optional: OptionalValue {
    fileprivate var wrappedValue: Any? { self.map { $0 as Any } }
}
