import Wireform

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

    /// Throws when a tree nests too deep.
    static func checkDepth(_ depth: Int) throws(PropertyListWriteFailure) {
        guard depth < ParameterValue.maximumDepth else { throw PropertyListWriteFailure(.tooDeep) }
    }
}
