#if canImport(FoundationEssentials)
    import FoundationEssentials
#else
    import Foundation
#endif

extension StandardQueryStyle {
    /// How array (and set) elements are named.
    ///
    /// A struct with static members rather than an enum, so that new encodings (OpenAPI's `spaceDelimited` and
    /// `pipeDelimited`) can be added in a minor release; compare with `==` (a `switch` needs a `default:`). A
    /// ``custom(_:)`` encoding equals its own copies only, never another ``custom(_:)`` call's result: closures cannot
    /// be compared.
    public struct ArrayEncoding: Sendable, Hashable {
        enum Base: String, Sendable, Hashable {
            case brackets
            case indexed
            case repeated
            case commaDelimited
            case spaceDelimited
            case pipeDelimited
            case custom
        }

        let base: Base
        /// The closure of ``custom(_:)``; `nil` for the named encodings.
        let namer: ArrayElementNamer?

        init(base: Base, namer: ArrayElementNamer? = nil) {
            self.base = base
            self.namer = namer
        }

        /// `key[]=a&key[]=b` (AFNetworking, Rack, PHP).
        public static var brackets: Self { Self(base: .brackets) }
        /// `key[0]=a&key[1]=b`.
        public static var indexed: Self { Self(base: .indexed) }
        /// `key=a&key=b` (OpenAPI `form` with `explode: true`).
        public static var repeated: Self { Self(base: .repeated) }
        /// `key=a,b` (OpenAPI `form` with `explode: false`); elements must be scalars.
        public static var commaDelimited: Self { Self(base: .commaDelimited) }
        /// `key=a%20b` (OpenAPI `spaceDelimited`): the elements joined with a space, which is escaped like any
        /// other (`%20`, or `+` with ``PercentEncoding/SpaceEncoding/plus``); elements must be scalars.
        ///
        /// A space inside an element is escaped the same way, so a reader cannot tell it from the delimiter
        /// (OpenAPI Appendix E): use it only for elements without spaces.
        public static var spaceDelimited: Self { Self(base: .spaceDelimited) }
        /// `key=a%7Cb` (OpenAPI `pipeDelimited`): the elements joined with `|`, which is escaped as `%7C`
        /// (RFC 3986 does not allow it in a query); elements must be scalars.
        ///
        /// A `|` inside an element is escaped the same way, so a reader cannot tell it from the delimiter
        /// (OpenAPI Appendix E): use it only for elements without `|`.
        public static var pipeDelimited: Self { Self(base: .pipeDelimited) }
        /// Each element under the name the closure returns for the container's name and the element's position
        /// (Alamofire's `ArrayEncoding.custom`): `{ key, index in "\(key)(\(index))" }` writes `tags(0)=a&tags(1)=b`.
        ///
        /// The closure receives the full name so far, unescaped (`user[tags]` for `user: {tags: […]}`), and returns
        /// the element's full name, which is escaped like any name (`tags(0)` becomes `tags%280%29`). An element that
        /// is a container is written below that name as the style says, so a nested array calls the closure again
        /// with the name it returned. A set's members are numbered in their written order.
        /// - Parameter name: Returns the name of the element at `index` of the container named `key`.
        /// - Returns: The encoding.
        public static func custom(_ name: @escaping @Sendable (_ key: String, _ index: Int) -> String) -> Self {
            Self(base: .custom, namer: ArrayElementNamer(name))
        }

        /// The option's name, such as `brackets`.
        package var description: String { base.rawValue }
    }

    /// The closure of ``ArrayEncoding/custom(_:)``, with an identity so that ``ArrayEncoding`` stays `Hashable`:
    /// equal to itself only.
    final class ArrayElementNamer: Sendable, Hashable {
        let name: @Sendable (_ key: String, _ index: Int) -> String

        init(_ name: @escaping @Sendable (_ key: String, _ index: Int) -> String) { self.name = name }

        static func == (lhs: ArrayElementNamer, rhs: ArrayElementNamer) -> Bool { lhs === rhs }

        func hash(into hasher: inout Hasher) { hasher.combine(ObjectIdentifier(self)) }
    }

    /// How a dictionary below the top level is written: its keys appended to the name of their container, its keys
    /// used as names of their own, or its keys and values as one delimited list.
    ///
    /// A struct with static members rather than an enum, so that new options can be added in a minor release;
    /// compare with `==` (a `switch` needs a `default:`).
    public struct NestingEncoding: Sendable, Hashable {
        enum Base: String, Sendable, Hashable {
            case brackets
            case dotted
            case exploded
            case commaDelimited
            case spaceDelimited
            case pipeDelimited
        }

        let base: Base

        /// `user[name]`.
        public static var brackets: Self { Self(base: .brackets) }
        /// `user.name`.
        public static var dotted: Self { Self(base: .dotted) }
        /// `R=100&G=200` for `color: {R: 100, G: 200}` (OpenAPI `form` with `explode: true`): each key becomes a
        /// name of its own and the container's name is dropped.
        ///
        /// Only a top-level parameter's dictionary can be exploded, and its values must be scalars: anything else
        /// cannot be told apart afterwards and throws ``SerializationError/Code/unsupportedValue`` naming the key.
        /// Its keys share one namespace with the other parameters' names (as in RFC 6570's `{?color*}`), so a key
        /// equal to another parameter's name gives a repeated name.
        public static var exploded: Self { Self(base: .exploded) }
        /// `color=R,100,G,200` (OpenAPI `form` with `explode: false`): keys and values alternate in one
        /// comma-delimited list, each escaped (a comma inside one is `%2C`); values must be scalars.
        public static var commaDelimited: Self { Self(base: .commaDelimited) }
        /// `color=R%20100%20G%20200` (OpenAPI `spaceDelimited`): like ``commaDelimited`` with an escaped space as
        /// the delimiter; values must be scalars.
        public static var spaceDelimited: Self { Self(base: .spaceDelimited) }
        /// `color=R%7C100%7CG%7C200` (OpenAPI `pipeDelimited`): like ``commaDelimited`` with an escaped `|` as the
        /// delimiter; values must be scalars.
        public static var pipeDelimited: Self { Self(base: .pipeDelimited) }

        /// The option's name, such as `brackets`.
        package var description: String { base.rawValue }
    }

    /// How booleans are written.
    ///
    /// A struct with static members rather than an enum, so that new options can be added in a minor release;
    /// compare with `==` (a `switch` needs a `default:`).
    public struct BoolEncoding: Sendable, Hashable {
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
        package var description: String { base.rawValue }
    }

    /// How empty arrays, dictionaries and sets are written.
    ///
    /// A struct with static members rather than an enum, so that new options can be added in a minor release;
    /// compare with `==` (a `switch` needs a `default:`).
    public struct EmptyContainerEncoding: Sendable, Hashable {
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
        package var description: String { base.rawValue }
    }

    /// How null is written.
    ///
    /// A struct with static members rather than an enum, so that new options can be added in a minor release;
    /// compare with `==` (a `switch` needs a `default:`).
    public struct NullEncoding: Sendable, Hashable {
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
        package var description: String { base.rawValue }
    }

    /// How dates are written.
    ///
    /// A struct with static members rather than an enum, so that new encodings (a `.custom` closure) can be added
    /// in a minor release; compare with `==` (a `switch` needs a `default:`).
    package struct DateEncoding: Sendable, Hashable {
        enum Base: String, Sendable, Hashable {
            case iso8601
            case secondsSince1970
            case millisecondsSince1970
        }

        let base: Base

        /// ISO 8601 in UTC, `2024-01-02T03:04:05Z` (milliseconds when not whole seconds).
        package static var iso8601: Self { Self(base: .iso8601) }
        /// Seconds since 1970 as a number.
        package static var secondsSince1970: Self { Self(base: .secondsSince1970) }
        /// Milliseconds since 1970 as an integer.
        package static var millisecondsSince1970: Self { Self(base: .millisecondsSince1970) }

        /// The option's name, such as `iso8601`.
        package var description: String { base.rawValue }
    }

    /// How data values are written.
    ///
    /// A struct with static members rather than an enum, so that new encodings (a `.custom` closure) can be added
    /// in a minor release; compare with `==` (a `switch` needs a `default:`).
    package struct DataEncoding: Sendable, Hashable {
        enum Base: String, Sendable, Hashable {
            case raw
            case base64
        }

        let base: Base

        /// The raw bytes (percent-escaped in a query; sent as they are in a multipart part).
        package static var raw: Self { Self(base: .raw) }
        /// Base64 text.
        package static var base64: Self { Self(base: .base64) }

        /// The option's name, such as `raw`.
        package var description: String { base.rawValue }
    }
}
