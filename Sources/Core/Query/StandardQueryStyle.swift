import Foundation

/// The configurable query style behind the built-in styles ``QueryStyle/brackets``, ``QueryStyle/repeated``,
/// ``QueryStyle/indexed``, ``QueryStyle/commaDelimited``, ``QueryStyle/dotted`` and ``QueryStyle/deepObject``.
///
/// The top level must be a dictionary; its keys are the parameter names. Below it:
/// - dictionaries nest as `key[sub]` (or `key.sub`), keys sorted by their UTF-8 bytes (Unicode code point order)
///   unless ``keyOrdering`` is ``KeyOrdering/insertion``;
/// - arrays keep their order and are written as ``arrays`` says; sets as ``sets`` says, members sorted by their
///   written text (UTF-8 byte order, so `10` sorts before `9`) and written once each;
/// - an array or set written with repeated keys (``ArrayEncoding/repeated``) must hold scalars: a nested array,
///   set or dictionary would lose its structure, so it is an error naming the key;
/// - booleans are `1`/`0` or `true`/`false`; numbers as ``ParameterNumber/text``; dates as ISO 8601 UTC; data as
///   its raw bytes (escaped) or Base64; null as the bare key;
/// - empty arrays, dictionaries and sets produce nothing, unless ``emptyContainers`` says otherwise.
public struct StandardQueryStyle: QueryStyle {
    /// How array elements are named.
    public enum ArrayEncoding: Sendable, Hashable {
        /// `key[]=a&key[]=b` (AFNetworking, Rack, PHP).
        case brackets
        /// `key[0]=a&key[1]=b`.
        case indexed
        /// `key=a&key=b` (OpenAPI `form` with `explode: true`).
        case repeated
        /// `key=a,b` (OpenAPI `form` with `explode: false`); elements must be scalars.
        case commaDelimited
    }

    /// How dictionary keys are appended to the name of their container.
    public enum NestingEncoding: Sendable, Hashable {
        /// `user[name]`.
        case brackets
        /// `user.name`.
        case dotted
    }

    /// How booleans are written.
    public enum BoolEncoding: Sendable, Hashable {
        /// `1` and `0` (AFNetworking).
        case numeric
        /// `true` and `false`.
        case literal
    }

    /// How empty arrays, dictionaries and sets are written.
    public enum EmptyContainerEncoding: Sendable, Hashable {
        /// Not at all (AFNetworking).
        case omitted
        /// As the key with an empty value: `key=`.
        case emptyValue
    }

    /// How null is written.
    public enum NullEncoding: Sendable, Hashable {
        /// The key alone, without `=` (AFNetworking).
        case bareKey
        /// The key with an empty value: `key=`.
        case emptyValue
        /// Not at all.
        case omitted
    }

    /// How dates are written.
    public enum DateEncoding: Sendable, Hashable {
        /// ISO 8601 in UTC, `2024-01-02T03:04:05Z` (milliseconds when not whole seconds).
        case iso8601
        /// Seconds since 1970 as a number.
        case secondsSince1970
        /// Milliseconds since 1970 as an integer.
        case millisecondsSince1970
    }

    /// How data values are written.
    public enum DataEncoding: Sendable, Hashable {
        /// The raw bytes (percent-escaped in a query; sent as they are in a multipart part).
        case raw
        /// Base64 text.
        case base64
    }

    /// How array elements are named.
    public var arrays: ArrayEncoding
    /// How set members are named.
    public var sets: ArrayEncoding
    /// How dictionary keys are appended to their container's name.
    public var nesting: NestingEncoding
    /// Whether arrays and sets may appear inside dictionaries (`false` for OpenAPI `deepObject`).
    public var allowsNestedArrays: Bool
    /// How booleans are written.
    public var bools: BoolEncoding
    /// The order dictionary keys are written in.
    public var keyOrdering: KeyOrdering
    /// How empty containers are written.
    public var emptyContainers: EmptyContainerEncoding
    /// How null is written.
    public var nulls: NullEncoding
    /// How dates are written.
    public var dates: DateEncoding
    /// How data values are written.
    public var data: DataEncoding

    /// Creates a style; the defaults are AFNetworking's bracket style.
    /// - Parameters:
    ///   - arrays: How array elements are named.
    ///   - sets: How set members are named.
    ///   - nesting: How dictionary keys are appended.
    ///   - allowsNestedArrays: Whether arrays may appear inside dictionaries.
    ///   - bools: How booleans are written.
    ///   - keyOrdering: The order of dictionary keys.
    ///   - emptyContainers: How empty containers are written.
    ///   - nulls: How null is written.
    ///   - dates: How dates are written.
    ///   - data: How data is written.
    public init(
        arrays: ArrayEncoding = .brackets,
        sets: ArrayEncoding = .repeated,
        nesting: NestingEncoding = .brackets,
        allowsNestedArrays: Bool = true,
        bools: BoolEncoding = .numeric,
        keyOrdering: KeyOrdering = .sorted,
        emptyContainers: EmptyContainerEncoding = .omitted,
        nulls: NullEncoding = .bareKey,
        dates: DateEncoding = .iso8601,
        data: DataEncoding = .raw
    ) {
        self.arrays = arrays
        self.sets = sets
        self.nesting = nesting
        self.allowsNestedArrays = allowsNestedArrays
        self.bools = bools
        self.keyOrdering = keyOrdering
        self.emptyContainers = emptyContainers
        self.nulls = nulls
        self.dates = dates
        self.data = data
    }

    /// Appends the pairs for a parameter tree.
    /// - Parameters:
    ///   - parameters: A dictionary.
    ///   - pairs: The array to append to.
    /// - Throws: ``SerializationError`` with ``SerializationError/Code/invalidTopLevelValue`` when the top level is
    ///   not a dictionary, ``SerializationError/Code/unsupportedValue`` for a non-finite number or a shape the style
    ///   cannot express, and ``SerializationError/Code/nestingTooDeep`` past ``ParameterValue/maximumDepth``.
    public func appendPairs(for parameters: ParameterValue, to pairs: inout [QueryPair]) throws {
        guard case .dictionary(let dictionary) = parameters else {
            throw SerializationError(
                .invalidTopLevelValue,
                "Query and form parameters must be a dictionary at the top level, not \(parameters.kindName)"
            )
        }
        var name: [UInt8] = []
        name.reserveCapacity(64)
        for index in orderedIndices(of: dictionary) {
            let (key, value) = dictionary[index]
            name.append(contentsOf: key.utf8)
            try append(value, named: &name, depth: 1, isTopLevel: true, to: &pairs)
            name.removeAll(keepingCapacity: true)
        }
    }

    private func append(
        _ value: ParameterValue,
        named name: inout [UInt8],
        depth: Int,
        isTopLevel: Bool,
        to pairs: inout [QueryPair]
    ) throws(SerializationError) {
        switch value {
        case .dictionary(let dictionary):
            guard depth < ParameterValue.maximumDepth else { throw tooDeep(name) }
            if dictionary.isEmpty { return appendEmpty(named: name, to: &pairs) }
            let base = name.count
            for index in orderedIndices(of: dictionary) {
                let (key, child) = dictionary[index]
                switch nesting {
                case .brackets:
                    name.append(UInt8(ascii: "["))
                    name.append(contentsOf: key.utf8)
                    name.append(UInt8(ascii: "]"))
                case .dotted:
                    name.append(UInt8(ascii: "."))
                    name.append(contentsOf: key.utf8)
                }
                try append(child, named: &name, depth: depth + 1, isTopLevel: false, to: &pairs)
                name.removeSubrange(base...)
            }
        case .array(let elements):
            try appendSequence(
                elements, encoding: arrays, named: &name, depth: depth, isTopLevel: isTopLevel, to: &pairs)
        case .set(let members):
            try appendSequence(
                sortedSetMembers(members),
                encoding: sets,
                named: &name,
                depth: depth,
                isTopLevel: isTopLevel,
                to: &pairs
            )
        case .null:
            switch nulls {
            case .bareKey: pairs.append(QueryPair(name: String(decoding: name, as: UTF8.self), value: .none))
            case .emptyValue: pairs.append(QueryPair(name: String(decoding: name, as: UTF8.self), text: ""))
            case .omitted: break
            }
        case .data(let bytes) where data == .raw:
            pairs.append(QueryPair(name: String(decoding: name, as: UTF8.self), value: .data(bytes)))
        default:
            pairs.append(
                QueryPair(name: String(decoding: name, as: UTF8.self), text: try scalarText(value, named: name)))
        }
    }

    private func appendSequence(
        _ elements: [ParameterValue],
        encoding: ArrayEncoding,
        named name: inout [UInt8],
        depth: Int,
        isTopLevel: Bool,
        to pairs: inout [QueryPair]
    ) throws(SerializationError) {
        guard depth < ParameterValue.maximumDepth else { throw tooDeep(name) }
        guard isTopLevel || allowsNestedArrays else {
            throw SerializationError(
                .unsupportedValue,
                "This query style cannot write an array or set inside a dictionary, at '\(text(name))'"
            )
        }
        if elements.isEmpty { return appendEmpty(named: name, to: &pairs) }
        let base = name.count
        switch encoding {
        case .brackets:
            name.append(UInt8(ascii: "["))
            name.append(UInt8(ascii: "]"))
            for element in elements {
                try append(element, named: &name, depth: depth + 1, isTopLevel: false, to: &pairs)
            }
        case .indexed:
            for (index, element) in elements.enumerated() {
                name.append(UInt8(ascii: "["))
                ParameterNumber.appendDigits(of: UInt64(index), to: &name)
                name.append(UInt8(ascii: "]"))
                try append(element, named: &name, depth: depth + 1, isTopLevel: false, to: &pairs)
                name.removeSubrange(base...)
            }
        case .repeated:
            for element in elements {
                // `k=a&k=b` has no place for an element's own structure: `[{"b": 1}]` would come out as `k[b]=1`,
                // indistinguishable from `{"b": 1}`. Refuse rather than lose the array.
                if element.isContainer {
                    throw SerializationError(
                        .unsupportedValue,
                        "Repeated keys cannot express \(element.kindName) inside an array or set, at '\(text(name))'"
                    )
                }
                try append(element, named: &name, depth: depth + 1, isTopLevel: false, to: &pairs)
            }
        case .commaDelimited:
            var items: [String] = []
            items.reserveCapacity(elements.count)
            for element in elements {
                switch element {
                case .array, .dictionary, .set:
                    throw SerializationError(
                        .unsupportedValue,
                        "A comma-delimited list cannot hold \(element.kindName), at '\(text(name))'"
                    )
                case .null:
                    items.append("")
                case .data(let bytes):
                    items.append(bytes.base64EncodedString())
                default:
                    items.append(try scalarText(element, named: name))
                }
            }
            pairs.append(QueryPair(name: String(decoding: name, as: UTF8.self), value: .list(items)))
        }
        name.removeSubrange(base...)
    }

    private func appendEmpty(named name: [UInt8], to pairs: inout [QueryPair]) {
        if emptyContainers == .emptyValue {
            pairs.append(QueryPair(name: String(decoding: name, as: UTF8.self), text: ""))
        }
    }

    func scalarText(_ value: ParameterValue, named name: [UInt8]) throws(SerializationError) -> String {
        switch value {
        case .string(let string):
            return string
        case .number(let number):
            guard number.isFinite else {
                throw SerializationError(
                    .unsupportedValue,
                    "Non-finite number \(number) at '\(text(name))' cannot be written in a query"
                )
            }
            return number.text
        case .bool(let bool):
            switch bools {
            case .numeric: return bool ? "1" : "0"
            case .literal: return bool ? "true" : "false"
            }
        case .date(let date):
            switch dates {
            case .iso8601:
                guard ISO8601Text.isRepresentable(date) else {
                    throw SerializationError(
                        .unsupportedValue,
                        "Date at '\(text(name))' is outside the years 1 to 9999 that ISO 8601 text can represent"
                    )
                }
                return try ISO8601Text.string(from: date)
            case .secondsSince1970, .millisecondsSince1970:
                let seconds = date.timeIntervalSince1970
                let interval = dates == .secondsSince1970 ? seconds : (seconds * 1000).rounded()
                guard interval.isFinite else {
                    throw SerializationError(.unsupportedValue, "Date at '\(text(name))' is not a finite time")
                }
                if let whole = Int64(exactly: interval) { return ParameterNumber(whole).text }
                return ParameterNumber(interval).text
            }
        case .data(let bytes):
            return bytes.base64EncodedString()
        case .null:
            return ""
        case .array, .dictionary, .set:
            // `append` handles containers before it asks for a scalar's text.
            return ""
        }
    }

    private func orderedIndices(of dictionary: ParameterDictionary) -> [Int] {
        let indices = Array(dictionary.indices)
        guard keyOrdering == .sorted else { return indices }
        return indices.sorted { dictionary[$0].key.utf8.lexicographicallyPrecedes(dictionary[$1].key.utf8) }
    }

    private func sortedSetMembers(_ members: [ParameterValue]) -> [ParameterValue] {
        var scalars: [(text: [UInt8], value: ParameterValue)] = []
        var containers: [ParameterValue] = []
        for member in members {
            if member.isContainer {
                if !containers.contains(member) { containers.append(member) }
            } else {
                var text: [UInt8] = []
                switch member {
                case .null: break
                case .data(let bytes): text = Array(bytes)
                default: text = Array(((try? scalarText(member, named: [])) ?? "").utf8)
                }
                scalars.append((text, member))
            }
        }
        scalars.sort { $0.text.lexicographicallyPrecedes($1.text) }
        var result: [ParameterValue] = []
        result.reserveCapacity(scalars.count + containers.count)
        var seen: Set<ParameterValue> = []
        for scalar in scalars where seen.insert(scalar.value).inserted { result.append(scalar.value) }
        return result + containers
    }

    private func tooDeep(_ name: [UInt8]) -> SerializationError {
        SerializationError(
            .nestingTooDeep,
            "Parameters nest deeper than \(ParameterValue.maximumDepth) levels at '\(text(name))'"
        )
    }

    private func text(_ name: [UInt8]) -> String {
        let limit = 200
        if name.count <= limit { return String(decoding: name, as: UTF8.self) }
        return String(decoding: name.prefix(limit), as: UTF8.self) + "…"
    }
}

/// The order in which dictionary keys are written.
public enum KeyOrdering: Sendable, Hashable {
    /// Sorted by the keys' UTF-8 bytes, which is Unicode code point order: deterministic whatever the input order.
    case sorted
    /// The order in which the keys were added to the ``ParameterDictionary``.
    case insertion
}
