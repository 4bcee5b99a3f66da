#if canImport(FoundationEssentials)
    import FoundationEssentials
#else
    import Foundation
#endif

extension StandardQueryStyle {
    /// How array (and set) elements are named.
    ///
    /// A struct with static members rather than an enum, so that new encodings (OpenAPI's `spaceDelimited` and
    /// `pipeDelimited`) can be added in a minor release; compare with `==` (a `switch` needs a `default:`).
    public struct ArrayEncoding: Sendable, Hashable, CustomStringConvertible {
        enum Base: String, Sendable, Hashable {
            case brackets
            case indexed
            case repeated
            case commaDelimited
        }

        let base: Base

        /// `key[]=a&key[]=b` (AFNetworking, Rack, PHP).
        public static var brackets: Self { Self(base: .brackets) }
        /// `key[0]=a&key[1]=b`.
        public static var indexed: Self { Self(base: .indexed) }
        /// `key=a&key=b` (OpenAPI `form` with `explode: true`).
        public static var repeated: Self { Self(base: .repeated) }
        /// `key=a,b` (OpenAPI `form` with `explode: false`); elements must be scalars.
        public static var commaDelimited: Self { Self(base: .commaDelimited) }

        /// The option's name, such as `brackets`.
        public var description: String { base.rawValue }
    }

    /// How dictionary keys are appended to the name of their container.
    ///
    /// A struct with static members rather than an enum, so that new options can be added in a minor release;
    /// compare with `==` (a `switch` needs a `default:`).
    public struct NestingEncoding: Sendable, Hashable, CustomStringConvertible {
        enum Base: String, Sendable, Hashable {
            case brackets
            case dotted
        }

        let base: Base

        /// `user[name]`.
        public static var brackets: Self { Self(base: .brackets) }
        /// `user.name`.
        public static var dotted: Self { Self(base: .dotted) }

        /// The option's name, such as `brackets`.
        public var description: String { base.rawValue }
    }

    /// How booleans are written.
    ///
    /// A struct with static members rather than an enum, so that new options can be added in a minor release;
    /// compare with `==` (a `switch` needs a `default:`).
    public struct BoolEncoding: Sendable, Hashable, CustomStringConvertible {
        enum Base: String, Sendable, Hashable {
            case numeric
            case literal
        }

        let base: Base

        /// `1` and `0` (AFNetworking).
        public static var numeric: Self { Self(base: .numeric) }
        /// `true` and `false`.
        public static var literal: Self { Self(base: .literal) }

        /// The option's name, such as `numeric`.
        public var description: String { base.rawValue }
    }

    /// How empty arrays, dictionaries and sets are written.
    ///
    /// A struct with static members rather than an enum, so that new options can be added in a minor release;
    /// compare with `==` (a `switch` needs a `default:`).
    public struct EmptyContainerEncoding: Sendable, Hashable, CustomStringConvertible {
        enum Base: String, Sendable, Hashable {
            case omitted
            case emptyValue
        }

        let base: Base

        /// Not at all (AFNetworking).
        public static var omitted: Self { Self(base: .omitted) }
        /// As the key with an empty value: `key=`.
        public static var emptyValue: Self { Self(base: .emptyValue) }

        /// The option's name, such as `omitted`.
        public var description: String { base.rawValue }
    }

    /// How null is written.
    ///
    /// A struct with static members rather than an enum, so that new options can be added in a minor release;
    /// compare with `==` (a `switch` needs a `default:`).
    public struct NullEncoding: Sendable, Hashable, CustomStringConvertible {
        enum Base: String, Sendable, Hashable {
            case bareKey
            case emptyValue
            case omitted
        }

        let base: Base

        /// The key alone, without `=` (AFNetworking).
        public static var bareKey: Self { Self(base: .bareKey) }
        /// The key with an empty value: `key=`.
        public static var emptyValue: Self { Self(base: .emptyValue) }
        /// Not at all.
        public static var omitted: Self { Self(base: .omitted) }

        /// The option's name, such as `bareKey`.
        public var description: String { base.rawValue }
    }

    /// How dates are written.
    ///
    /// A struct with static members rather than an enum, so that new encodings (a `.custom` closure) can be added
    /// in a minor release; compare with `==` (a `switch` needs a `default:`).
    public struct DateEncoding: Sendable, Hashable, CustomStringConvertible {
        enum Base: String, Sendable, Hashable {
            case iso8601
            case secondsSince1970
            case millisecondsSince1970
        }

        let base: Base

        /// ISO 8601 in UTC, `2024-01-02T03:04:05Z` (milliseconds when not whole seconds).
        public static var iso8601: Self { Self(base: .iso8601) }
        /// Seconds since 1970 as a number.
        public static var secondsSince1970: Self { Self(base: .secondsSince1970) }
        /// Milliseconds since 1970 as an integer.
        public static var millisecondsSince1970: Self { Self(base: .millisecondsSince1970) }

        /// The option's name, such as `iso8601`.
        public var description: String { base.rawValue }
    }

    /// How data values are written.
    ///
    /// A struct with static members rather than an enum, so that new encodings (a `.custom` closure) can be added
    /// in a minor release; compare with `==` (a `switch` needs a `default:`).
    public struct DataEncoding: Sendable, Hashable, CustomStringConvertible {
        enum Base: String, Sendable, Hashable {
            case raw
            case base64
        }

        let base: Base

        /// The raw bytes (percent-escaped in a query; sent as they are in a multipart part).
        public static var raw: Self { Self(base: .raw) }
        /// Base64 text.
        public static var base64: Self { Self(base: .base64) }

        /// The option's name, such as `raw`.
        public var description: String { base.rawValue }
    }
}
