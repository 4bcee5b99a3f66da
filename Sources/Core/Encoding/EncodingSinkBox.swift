#if canImport(FoundationEssentials)
    package import FoundationEssentials
#else
    package import Foundation
#endif

/// An ``EncodingSink`` held by reference, the way ``ValueEncoder`` reaches it: each event is one call through this
/// protocol into a final class whose code is specialized for its sink (each sink has its own `Box`).
///
/// The events and their rules are ``EncodingSink``'s.
package protocol EncodingSinkBox: AnyObject {
    /// Starts a dictionary.
    func beginKeyed(sortsKeys: Bool)
    /// Starts a dictionary whose keys are distinct byte strings, sent in `ordering`.
    func beginKeyed(distinctKeysIn ordering: KeyOrdering)
    /// Names the next member of the current dictionary.
    func key(_ key: String)
    /// Ends the current dictionary.
    func endKeyed()
    /// Starts an array.
    func beginUnkeyed(isSet: Bool)
    /// Ends the current array.
    func endUnkeyed()
    /// A string.
    func string(_ value: String) throws
    /// A dictionary member whose value is a string: ``key(_:)`` then ``string(_:)``, in one call.
    func member(_ key: String, string value: String) throws
    /// A boolean.
    func bool(_ value: Bool) throws
    /// An integer that fits 64 bits, as its magnitude and sign.
    func integer(_ magnitude: UInt64, isNegative: Bool) throws
    /// Any other number.
    func number(_ value: ParameterNumber) throws
    /// A date the strategy left to the format.
    func date(_ value: Date) throws
    /// Bytes the strategy left to the format.
    func data(_ value: Data) throws
    /// Nil.
    func null() throws
    /// An array of strings: ``beginUnkeyed(isSet:)``, ``string(_:)`` for each element and ``endUnkeyed()``, in one
    /// call.
    func array(of elements: [String]) throws
    /// An array of integers: ``beginUnkeyed(isSet:)``, ``integer(_:isNegative:)`` for each element and
    /// ``endUnkeyed()``, in one call.
    func array(of elements: [Int]) throws
}

extension EncodingSinkBox {
    /// A dictionary of distinct keys, for a sink that makes no use of knowing it: ``beginKeyed(sortsKeys:)`` with
    /// `sortsKeys: false`.
    /// - Parameter ordering: The order the members come in.
    package func beginKeyed(distinctKeysIn ordering: KeyOrdering) { beginKeyed(sortsKeys: false) }
}

extension ParameterTreeSink {
    /// The sink as ``ValueEncoder`` holds it.
    package final class Box: EncodingSinkBox {
        // Only the engine's own synchronous calls touch the sink, one at a time: no runtime exclusivity checks.
        /// Where the events go.
        @exclusivity(unchecked) package var sink = ParameterTreeSink()

        /// A box around an empty tree builder.
        package init() {}

        package func beginKeyed(sortsKeys: Bool) { sink.beginKeyed(sortsKeys: sortsKeys) }
        package func beginKeyed(distinctKeysIn ordering: KeyOrdering) { sink.beginKeyed(distinctKeysIn: ordering) }
        package func key(_ key: String) { sink.key(key) }
        package func endKeyed() { sink.endKeyed() }
        package func beginUnkeyed(isSet: Bool) { sink.beginUnkeyed(isSet: isSet) }
        package func endUnkeyed() { sink.endUnkeyed() }
        package func string(_ value: String) { sink.string(value) }
        package func member(_ key: String, string value: String) {
            sink.key(key)
            sink.string(value)
        }
        package func bool(_ value: Bool) { sink.bool(value) }
        package func integer(_ magnitude: UInt64, isNegative: Bool) {
            sink.integer(magnitude, isNegative: isNegative)
        }
        package func number(_ value: ParameterNumber) { sink.number(value) }
        package func date(_ value: Date) { sink.date(value) }
        package func data(_ value: Data) { sink.data(value) }
        package func null() { sink.null() }
        package func array(of elements: [String]) {
            sink.beginUnkeyed(isSet: false)
            for element in elements { sink.string(element) }
            sink.endUnkeyed()
        }
        package func array(of elements: [Int]) {
            sink.beginUnkeyed(isSet: false)
            for element in elements { sink.integer(UInt64(element.magnitude), isNegative: element < 0) }
            sink.endUnkeyed()
        }
    }
}
