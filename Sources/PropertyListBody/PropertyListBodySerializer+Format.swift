extension PropertyListBodySerializer {
    /// A property list format. Both are sent as `application/x-plist`.
    public enum Format: Sendable, Hashable {
        /// The XML format (`<?xml …><plist version="1.0">`), tab-indented as Apple writes it. The default.
        case xml
        /// The binary format (`bplist00`): smaller, faster to parse, and it keeps fractional seconds in dates.
        case binary
    }
}
