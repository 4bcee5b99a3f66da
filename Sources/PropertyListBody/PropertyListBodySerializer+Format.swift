extension PropertyListBodySerializer {
    /// A property list format. Both are sent as `application/x-plist`.
    ///
    /// A struct with static members rather than an enum, so that a format can be added in a minor release; compare
    /// with `==` (a `switch` needs a `default:`).
    public struct Format: Sendable, Hashable {
        enum Base: String, Sendable, Hashable {
            case xml
            case binary
        }

        let base: Base

        /// The XML format (`<?xml …><plist version="1.0">`), tab-indented as Apple writes it. The default.
        public static var xml: Self { Self(base: .xml) }
        /// The binary format (`bplist00`): smaller, faster to parse, and it keeps fractional seconds in dates.
        public static var binary: Self { Self(base: .binary) }

        /// The option's name, such as `xml`.
        package var description: String { base.rawValue }
    }
}
