#if canImport(FoundationEssentials)
    import FoundationEssentials
#else
    import Foundation
#endif

/// The configurable query style behind the built-in styles ``QueryStyle/brackets``, ``QueryStyle/repeated``,
/// ``QueryStyle/indexed``, ``QueryStyle/commaDelimited``, ``QueryStyle/dotted``, ``QueryStyle/deepObject`` and
/// OpenAPI's ``QueryStyle/form(explode:)``, ``QueryStyle/spaceDelimited`` and ``QueryStyle/pipeDelimited`` (see
/// <doc:OpenAPIParameterStyles>).
///
/// The top level must be a dictionary; its keys are the parameter names. Below it:
/// - dictionaries nest as `key[sub]` (or `key.sub`), keys sorted by their UTF-8 bytes (Unicode code point order)
///   unless ``keyOrdering`` is ``KeyOrdering/insertion``;
/// - a key that an `Encodable` value (or JSON text) writes twice in one container is written once, at its first
///   position, with its first spelling and its last value; keys are the same when they are equal `String`s, so
///   `"é"` then `"e\u{301}"` is one key, written `%C3%A9`. A ``ParameterDictionary`` compares keys by their bytes:
///   a tree with both keys has two, and both are written. Every source of the style's one writer follows this
///   rule: a tree, an `Encodable` value, JSON text;
/// - arrays keep their order and are written as ``arrays`` says; sets as ``sets`` says, members sorted by their
///   written text (UTF-8 byte order, so `10` sorts before `9`) and written once each;
/// - an array or set written with repeated keys (``ArrayEncoding/repeated``) must hold scalars: a nested array,
///   set or dictionary would lose its structure, so it is an error naming the key;
/// - booleans are `1`/`0` or `true`/`false`; numbers as ``ParameterNumber/description``; dates as ISO 8601 UTC;
///   data as its raw bytes (escaped); null as the bare key;
/// - empty arrays, dictionaries and sets produce nothing, unless ``emptyContainers`` says otherwise.
public struct StandardQueryStyle: QueryStyle {
    // The options are one byte each and the closures and tables of custom encodings sit behind one reference, so
    // that a style fits in an `any QueryStyle`'s inline buffer (three words) instead of a heap box: see
    // ``arrays``, ``sets`` and ``reservedCharacters`` in StandardQueryStyle+CustomEncodings.swift.
    /// The case of ``arrays``.
    var arrayCase: ArrayEncoding.Base
    /// The case of ``sets``.
    var setCase: ArrayEncoding.Base
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
    /// How dates are written: ISO 8601 in UTC (for dates as numbers, encode `Encodable` input with a
    /// ``ParameterValueEncoder`` date strategy).
    package var dates: DateEncoding = .iso8601
    /// How data values are written: the raw bytes, escaped.
    package var data: DataEncoding = .raw
    /// The case of ``reservedCharacters``.
    var reservedCase: ReservedCharacterEncoding.Base
    /// The closures of custom ``arrays`` and ``sets`` and the tables of ``reservedCharacters`` made by
    /// ``ReservedCharacterEncoding/allowing(_:)``; `nil` when every encoding is a named one.
    var customEncodings: CustomEncodings?

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
    ///   - reservedCharacters: Which reserved characters are escaped.
    public init(
        arrays: ArrayEncoding = .brackets,
        sets: ArrayEncoding = .repeated,
        nesting: NestingEncoding = .brackets,
        allowsNestedArrays: Bool = true,
        bools: BoolEncoding = .numeric,
        keyOrdering: KeyOrdering = .sorted,
        emptyContainers: EmptyContainerEncoding = .omitted,
        nulls: NullEncoding = .bareKey,
        reservedCharacters: ReservedCharacterEncoding = .percentEncoded
    ) {
        arrayCase = arrays.base
        setCase = sets.base
        self.nesting = nesting
        self.allowsNestedArrays = allowsNestedArrays
        self.bools = bools
        self.keyOrdering = keyOrdering
        self.emptyContainers = emptyContainers
        self.nulls = nulls
        reservedCase = reservedCharacters.base
        customEncodings = CustomEncodings.boxing(
            arrays: arrays.namer, sets: sets.namer, reservedTables: reservedCharacters.tables)
    }

    /// Appends the pairs for a parameter tree.
    /// - Parameters:
    ///   - parameters: A dictionary.
    ///   - pairs: The array to append to.
    /// - Throws: ``SerializationError`` with ``SerializationError/Code/unsupportedValue`` when the top level is
    ///   not a dictionary, ``SerializationError/Code/unsupportedValue`` for a non-finite number or a shape the style
    ///   cannot express, and ``SerializationError/Code/unsupportedValue`` past 128 levels.
    public func appendPairs(for parameters: ParameterValue, to pairs: inout [QueryPair]) throws {
        try writePairs(for: parameters, to: &pairs)
    }
}
