#if canImport(FoundationEssentials)
    public import FoundationEssentials
#else
    public import Foundation
#endif

/// A typed, `Sendable` tree of request parameters.
///
/// Write parameters as literals; dictionaries keep the order you wrote them in:
///
/// ```swift
/// let parameters: ParameterValue = [
///     "name": "bang",
///     "nums": [1, 2],
///     "tags": .set(["b", "a"]),
///     "admin": true,
///     "nickname": .null,
/// ]
/// ```
///
/// The null value is spelled ``null``: `ParameterValue` is deliberately not `ExpressibleByNilLiteral`, so that an
/// optional left empty (`condition ? nil : x`, an `Optional` passed where a value is expected) is a compile-time
/// error instead of a silent `null` on the wire.
///
/// The nine cases are frozen for Wireform 1.x: no case will be added before 2.0, so a `switch` over them may be
/// exhaustive. New kinds of values would come as new ``ParameterNumber`` representations or as conversions.
///
/// Booleans are never numbers: `true` stays `.bool(true)`, and each format decides how to write it (`1` in a
/// bracket query string by default, `true` in JSON). Convert other values with ``ParameterValueEncoder`` (any
/// `Encodable`) or `ParameterValue(any:)` (WireformFoundation) (`[String: Any]` from AFNetworking- or Alamofire-style code).
public enum ParameterValue: Sendable, Hashable {
    /// A string.
    case string(String)
    /// A number: an integer, a floating-point value or a decimal. See ``ParameterNumber`` for how it is written.
    case number(ParameterNumber)
    /// A boolean, distinct from the numbers 1 and 0.
    case bool(Bool)
    /// The null value: a bare key in a query string, `null` in JSON, an empty multipart part.
    case null
    /// Raw bytes.
    case data(Data)
    /// A point in time, written by each format's date strategy (ISO 8601 by default).
    case date(Date)
    /// An ordered list.
    case array([ParameterValue])
    /// A dictionary with string keys, in insertion order.
    case dictionary(ParameterDictionary)
    /// An unordered collection of distinct members; formats write the members sorted.
    case set([ParameterValue])

    /// The deepest nesting of arrays, dictionaries and sets that Wireform serializes.
    ///
    /// Deeper trees are rejected with ``SerializationError/Code/unsupportedValue`` instead of risking a stack
    /// overflow on hostile input; real request parameters never come close. Every walk over a tree checks this limit
    /// before it goes one level deeper (the formats, the query styles, `ParameterValue(any:)`), or takes no stack
    /// per level (`==`, `hash(into:)`, `description`), so a tree of any depth is refused, never a crash.
    ///
    /// Swift itself recurses in one place: releasing a tree frees each container's storage from inside its
    /// parent's, one set of stack frames per level, and a `ParameterValue` has no hook to do otherwise (its cases
    /// hold Swift arrays). Measured on Linux x86_64 (Swift 6.3) for a chain of arrays, dictionaries or sets alike,
    /// releasing the last reference crashes past about 37,000 levels on an 8 MiB stack and 2,300 on a 512 KiB one
    /// in a debug build, and past 47,000 (dictionaries) to 58,000 (arrays) levels on 8 MiB and 2,900 to 3,600 on
    /// 512 KiB in a release build: depths far beyond this limit, which only a tree built on purpose reaches. To let go of such a tree, take it apart a level at a time, holding each container's
    /// children while the container is freed (Wireform's `DeepNestingTests` do).
    @usableFromInline
    package static let maximumDepth = 128

    /// An integer value.
    /// - Parameter value: The integer.
    /// - Returns: `.number` holding the integer.
    @inlinable
    package static func integer(_ value: some BinaryInteger) -> Self { .number(ParameterNumber(value)) }

    /// A floating-point value.
    /// - Parameter value: The value; non-finite values are rejected by the formats when written.
    /// - Returns: `.number` holding the value.
    package static func double(_ value: Double) -> Self { .number(ParameterNumber(value)) }

    /// A decimal value, written with all of its digits.
    /// - Parameter value: The decimal.
    /// - Returns: `.number` holding the decimal.
    package static func decimal(_ value: Decimal) -> Self { .number(ParameterNumber(value)) }

    /// Whether this value is an array, a dictionary or a set.
    package var isContainer: Bool {
        switch self {
        case .array, .dictionary, .set: return true
        default: return false
        }
    }
}
