import Wireform

#if canImport(FoundationEssentials)
    import FoundationEssentials
#else
    import Foundation
#endif

extension XMLPropertyListSink {
    /// The writer as Wireform/ValueEncoder and the other event sources hold it, with sets put in their
    /// canonical order on the way (PropertyListSetOrdering).
    final class Box: EncodingSinkBox {
        /// Where the events go.
        var sink: PropertyListSetOrdering<XMLPropertyListSink>

        /// A box around a writer for an event source.
        /// - Parameter keyOrdering: The order of dictionary keys.
        init(keyOrdering: KeyOrdering) {
            sink = PropertyListSetOrdering(XMLPropertyListSink(keyOrdering: keyOrdering, membersArriveInOrder: false))
        }

        func beginKeyed(sortsKeys: Bool) { sink.beginKeyed(sortsKeys: sortsKeys) }
        func key(_ key: String) { sink.key(key) }
        func endKeyed() { sink.endKeyed() }
        func beginUnkeyed(isSet: Bool) { sink.beginUnkeyed(isSet: isSet) }
        func endUnkeyed() { sink.endUnkeyed() }
        func string(_ value: String) throws { try sink.string(value) }
        func member(_ key: String, string value: String) throws {
            sink.key(key)
            try sink.string(value)
        }
        func bool(_ value: Bool) throws { try sink.bool(value) }
        func integer(_ magnitude: UInt64, isNegative: Bool) throws {
            try sink.integer(magnitude, isNegative: isNegative)
        }
        func number(_ value: ParameterNumber) throws { try sink.number(value) }
        func date(_ value: Date) throws { try sink.date(value) }
        func data(_ value: Data) throws { try sink.data(value) }
        func null() throws { try sink.null() }
        func array(of elements: [String]) throws {
            sink.beginUnkeyed(isSet: false)
            for element in elements { try sink.string(element) }
            sink.endUnkeyed()
        }
        func array(of elements: [Int]) throws {
            sink.beginUnkeyed(isSet: false)
            for element in elements { try sink.integer(UInt64(element.magnitude), isNegative: element < 0) }
            sink.endUnkeyed()
        }
    }
}
