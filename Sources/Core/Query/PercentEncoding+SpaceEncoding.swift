extension PercentEncoding {
    /// How a space is written.
    ///
    /// A struct with static members rather than an enum, so that new options can be added in a minor release;
    /// compare with `==` (a `switch` needs a `default:`).
    public struct SpaceEncoding: Sendable, Hashable {
        enum Base: String, Sendable, Hashable {
            case percent20
            case plus
        }

        let base: Base

        /// `%20`, valid in URLs and form bodies alike (the default).
        public static var percent20: Self { Self(base: .percent20) }
        /// `+`, the HTML form convention for `application/x-www-form-urlencoded`.
        public static var plus: Self { Self(base: .plus) }

        /// The option's name, such as `percent20`.
        package var description: String { base.rawValue }
    }
}
