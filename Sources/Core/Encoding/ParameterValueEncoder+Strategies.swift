#if canImport(FoundationEssentials)
    public import FoundationEssentials
#else
    public import Foundation
#endif

extension ParameterValueEncoder {
    /// How ``ParameterValueEncoder`` writes `Date` values.
    ///
    /// A struct with static members rather than an enum, so that strategies can be added in a minor release.
    public struct DateEncodingStrategy: Sendable {
        enum Base: Sendable {
            case deferredToFormat
            case deferredToDate
            case secondsSince1970
            case millisecondsSince1970
            case iso8601
            case custom(@Sendable (Date) throws -> ParameterValue)
        }

        let base: Base

        /// Keep the date as ``ParameterValue/date(_:)`` and let each format write it (ISO 8601 text in a query,
        /// a form or JSON, a `<date>` in a property list).
        public static var deferredToFormat: Self { Self(base: .deferredToFormat) }
        /// Ask `Date` to encode itself, through its own `Encodable` conformance: seconds since the reference date,
        /// 2001-01-01T00:00:00Z, as a floating-point number (Alamofire's `URLEncodedFormEncoder.DateEncoding`
        /// `.deferredToDate` and `JSONEncoder`'s default).
        ///
        /// `Date(timeIntervalSince1970: 1_700_000_000.5)` is written `721692800.5`, as a query value
        /// (`when=721692800.5`) and as a JSON number (`{"when":721692800.5}`). HTTP APIs rarely read this
        /// epoch; ``secondsSince1970`` writes the one they do.
        public static var deferredToDate: Self { Self(base: .deferredToDate) }
        /// Seconds since 1970-01-01 as a number (`1700000000`, `1700000000.5`).
        public static var secondsSince1970: Self { Self(base: .secondsSince1970) }
        /// Milliseconds since 1970-01-01, rounded to a whole number (`1700000000500`).
        public static var millisecondsSince1970: Self { Self(base: .millisecondsSince1970) }
        /// An RFC 3339 / ISO 8601 UTC timestamp string, written by Wireform's own ISO 8601 writer
        /// (`2023-11-14T22:13:20Z`, with milliseconds when the date has them). Dates outside the years 1 to 9999 are
        /// rejected.
        public static var iso8601: Self { Self(base: .iso8601) }

        /// A closure that turns the date into any parameter value; its errors are kept as the underlying error.
        /// - Parameter encode: Returns the value for a date, or throws.
        /// - Returns: The strategy.
        public static func custom(_ encode: @escaping @Sendable (Date) throws -> ParameterValue) -> Self {
            Self(base: .custom(encode))
        }
    }

    /// How ``ParameterValueEncoder`` writes `Data` values.
    ///
    /// A struct with static members rather than an enum, so that strategies can be added in a minor release.
    public struct DataEncodingStrategy: Sendable {
        enum Base: Sendable {
            case deferredToFormat
            case deferredToData
            case base64
            case custom(@Sendable (Data) throws -> ParameterValue)
        }

        let base: Base

        /// Keep the bytes as ``ParameterValue/data(_:)`` and let each format write them (a file-less multipart
        /// part, base64 in JSON, …).
        public static var deferredToFormat: Self { Self(base: .deferredToFormat) }
        /// Ask `Data` to encode itself: an array of byte values (`JSONEncoder` parity; ``base64`` writes bytes as
        /// text).
        package static var deferredToData: Self { Self(base: .deferredToData) }
        /// A standard base64 string with padding and no line breaks.
        public static var base64: Self { Self(base: .base64) }

        /// A closure that turns the bytes into any parameter value; its errors are kept as the underlying error.
        /// - Parameter encode: Returns the value for some bytes, or throws.
        /// - Returns: The strategy.
        public static func custom(_ encode: @escaping @Sendable (Data) throws -> ParameterValue) -> Self {
            Self(base: .custom(encode))
        }
    }

    /// How ``ParameterValueEncoder`` writes the keys of keyed containers (the property names of a struct).
    ///
    /// The keys of a Swift `Dictionary` are data, not property names, and are never converted. A struct with static
    /// members rather than an enum, so that strategies can be added in a minor release.
    public struct KeyEncodingStrategy: Sendable {
        enum Base: Sendable {
            case useDefaultKeys
            case convertToSnakeCase
            case convertToKebabCase
            case capitalized
            case uppercased
            case lowercased
            case custom(@Sendable (_ codingPath: [any CodingKey]) -> String)
        }

        let base: Base

        /// Use each key's `stringValue` unchanged.
        public static var useDefaultKeys: Self { Self(base: .useDefaultKeys) }
        /// Convert camel case to snake case with exactly `JSONEncoder`'s rules.
        ///
        /// Words are split where a lowercase letter is followed by an uppercase one, and where a run of uppercase
        /// letters is followed by a lowercase one (the last capital starts the next word); the words are lowercased
        /// and joined with `_`. Underscores are kept as they are: `myURLValue` → `my_url_value`,
        /// `userID` → `user_id`, `_leading` → `_leading`, `_Leading` → `__leading`, `version2Point0` →
        /// `version2_point0`.
        public static var convertToSnakeCase: Self { Self(base: .convertToSnakeCase) }
        /// Convert camel case to kebab case: the words of ``convertToSnakeCase``, lowercased and joined with `-`
        /// (Alamofire's `convertToKebabCase`): `myURLValue` → `my-url-value`, `userID` → `user-id`, `_leading` →
        /// `_leading`.
        public static var convertToKebabCase: Self { Self(base: .convertToKebabCase) }
        /// Uppercase the key's first character and keep the rest as it is (Alamofire's `capitalized`):
        /// `oneTwoThree` → `OneTwoThree`, `userID` → `UserID`, `élan` → `Élan`, `ßig` → `SSig`.
        ///
        /// The first character is a grapheme cluster, uppercased with the standard library's full Unicode case
        /// mapping (so `ß` becomes `SS`); a key that starts with a digit, `_` or an uppercase letter is unchanged.
        /// Unlike Foundation's `String.capitalized`, no later word is touched and nothing is lowercased.
        public static var capitalized: Self { Self(base: .capitalized) }
        /// Uppercase the whole key (Alamofire's `uppercased`) with the standard library's full Unicode case mapping,
        /// the same in every locale: `oneTwoThree` → `ONETWOTHREE`, `straße` → `STRASSE`.
        public static var uppercased: Self { Self(base: .uppercased) }
        /// Lowercase the whole key (Alamofire's `lowercased`) with the standard library's full Unicode case mapping,
        /// the same in every locale: `oneTwoThree` → `onetwothree`, `ÉLAN` → `élan`.
        public static var lowercased: Self { Self(base: .lowercased) }

        /// A closure that returns the key to write; it receives the full coding path, ending with the key.
        /// - Parameter key: Returns the key for a coding path.
        /// - Returns: The strategy.
        public static func custom(_ key: @escaping @Sendable (_ codingPath: [any CodingKey]) -> String) -> Self {
            Self(base: .custom(key))
        }
    }

    /// What ``ParameterValueEncoder`` writes for nil.
    ///
    /// Synthesized `Encodable` conformances write an optional property with `encodeIfPresent`, which leaves a nil
    /// property out; an explicit `encodeNil()` (or encoding an `Optional` with `encode`) asks for a null. A struct
    /// with static members rather than an enum, so that strategies can be added in a minor release; compare with
    /// `==`.
    public struct NilEncodingStrategy: Sendable, Hashable {
        enum Base: String, Sendable, Hashable {
            case explicitNull
            case alwaysNull
            case omitKeys
        }

        let base: Base

        /// The default, as in `JSONEncoder`: an explicit nil becomes ``ParameterValue/null``, and nil optionals
        /// written with `encodeIfPresent` are left out.
        public static var explicitNull: Self { Self(base: .explicitNull) }
        /// Every nil becomes ``ParameterValue/null``, including nil optionals written with `encodeIfPresent`, so
        /// every property appears in the result.
        public static var alwaysNull: Self { Self(base: .alwaysNull) }
        /// A dictionary key whose value is nil is left out, even when nil was encoded explicitly. A nil element of
        /// an array stays ``ParameterValue/null``, because leaving it out would move the elements after it.
        public static var omitKeys: Self { Self(base: .omitKeys) }

        /// The strategy's name, such as `explicitNull`.
        package var description: String { base.rawValue }
    }
}
