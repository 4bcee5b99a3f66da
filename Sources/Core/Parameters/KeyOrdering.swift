/// The order in which dictionary keys are written.
///
/// A struct with static members rather than an enum, so that new options can be added in a minor release;
/// compare with `==` (a `switch` needs a `default:`).
public struct KeyOrdering: Sendable, Hashable {
    enum Base: String, Sendable, Hashable {
        case sorted
        case insertion
    }

    let base: Base

    /// Sorted by the keys' UTF-8 bytes, which is Unicode code point order: deterministic whatever the input order.
    public static var sorted: Self { Self(base: .sorted) }
    /// The order in which the keys were added to the ``ParameterDictionary``.
    public static var insertion: Self { Self(base: .insertion) }

    /// The option's name, such as `sorted`.
    package var description: String { base.rawValue }
}
