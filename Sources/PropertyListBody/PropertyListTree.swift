import Wireform

#if canImport(FoundationEssentials)
    import FoundationEssentials
#else
    import Foundation
#endif

/// Helpers both property list writers share: key order, set order and the checks for values a property list
/// cannot hold.
enum PropertyListTree {
    /// The positions of a dictionary's entries in the order they are written.
    static func orderedIndices(of dictionary: ParameterDictionary, keyOrdering: KeyOrdering) -> [Int] {
        UTF8Order.withOrder(of: dictionary.orderedKeys, keyOrdering) { Array($0) }
    }

    /// Throws when a number cannot be written: not finite, or an integer wider than 64 bits.
    static func checkNumber(_ number: ParameterNumber) throws(PropertyListWriteFailure) {
        guard number.isFinite else { throw PropertyListWriteFailure(.nonFiniteNumber(number)) }
        if number.isInteger && number.int64Value == nil && number.uint64Value == nil {
            throw PropertyListWriteFailure(.integerTooWide(number))
        }
    }

    /// Throws when a number's value is not a `Double` written by its shortest text, the only real a binary
    /// property list holds (an 8-byte IEEE 754 double): a decimal of more digits than a `Double` keeps, or an integer
    /// beyond the format's 64-bit integers given as a decimal (`12345678901234567890123`, 2^64). A floating-point
    /// value is a `Double` already, and a decimal such as `0.1` or `1e+30` is the `Double` of the same text.
    static func checkBinaryReal(_ number: ParameterNumber) throws(PropertyListWriteFailure) {
        guard let decimal = number.decimalValue else { return }
        let nearest = number.doubleValue
        let posix = Locale(identifier: "en_US_POSIX")
        guard nearest.isFinite, Decimal(string: nearest.description, locale: posix) == decimal else {
            throw PropertyListWriteFailure(.realNotExact(number, nearest: nearest))
        }
    }

    /// Throws when a tree nests too deep.
    static func checkDepth(_ depth: Int) throws(PropertyListWriteFailure) {
        guard depth < ParameterValue.maximumDepth else { throw PropertyListWriteFailure(.tooDeep) }
    }
}
