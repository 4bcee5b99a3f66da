#if !canImport(Darwin)
    import Foundation
    import Wireform

    /// Header names spelled as Foundation's `capitalized` spells them (what `addValue` stores on Linux), remembered:
    /// `capitalized` costs microseconds a name, and a process sends the same few names again and again. At most 256
    /// names are kept, so hostile names cannot grow the cache without bound.
    enum CapitalizedHeaderName {
        private static let cache = Lock<[String: String]>([:])

        static func of(_ rawName: String) -> String {
            // `Content-Type`, `User-Agent`: already as `capitalized` writes them, with no lock or hashing.
            if isCapitalized(rawName) { return rawName }
            if let known = cache.withLock({ $0[rawName] }) { return known }
            let capitalized = rawName.capitalized
            cache.withLock { names in
                if names.count < 256 { names[rawName] = capitalized }
            }
            return capitalized
        }

        /// Whether a name is ASCII words joined by `-`, each an uppercase letter and then lowercase letters: the
        /// names `capitalized` leaves as they are (it uppercases the first letter of each word and lowercases the
        /// rest, and `-` separates words).
        static func isCapitalized(_ name: String) -> Bool {
            var isWordStart = true
            for byte in name.utf8 {
                if byte == UInt8(ascii: "-") {
                    if isWordStart { return false }
                    isWordStart = true
                } else if isWordStart {
                    guard (UInt8(ascii: "A")...UInt8(ascii: "Z")).contains(byte) else { return false }
                    isWordStart = false
                } else {
                    guard (UInt8(ascii: "a")...UInt8(ascii: "z")).contains(byte) else { return false }
                }
            }
            // An empty name, or one ending in `-`, ends at a word start.
            return !isWordStart
        }
    }
#endif
