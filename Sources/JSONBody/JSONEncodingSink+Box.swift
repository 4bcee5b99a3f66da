import Wireform

#if canImport(FoundationEssentials)
    import FoundationEssentials
#else
    import Foundation
#endif

extension JSONEncodingSink {
    /// The writer held by reference, as ``Wireform/ValueEncoder`` and the other sources that take an
    /// ``Wireform/EncodingSinkBox`` reach it.
    ///
    /// A set (a Swift `Set`, a JSON text `$set` tag) is held as a tree until it ends and then written as a tree's
    /// set is: its distinct members in canonical order (``Wireform/ParameterValue/canonicalSetMembers(_:)``), so the
    /// bytes are the same whichever source sent it and the same on every run (a `Set`'s own order changes from one
    /// process to the next).
    final class Box: EncodingSinkBox {
        /// Where the events go.
        // Only the source's own synchronous calls touch the sink, one at a time: no runtime exclusivity checks
        // (J2 −1.99M instructions a call, 13 %).
        @exclusivity(unchecked) var sink: JSONEncodingSink
        /// The set being held, and the containers open in it, while ``heldDepth`` is above zero.
        @exclusivity(unchecked) private var held = ParameterTreeSink()
        /// How many containers are open in the set being held, the set itself included; `0` when none is.
        private var heldDepth = 0
        /// What writing a held set threw, thrown by the next event that can throw or by ``finish()``.
        private var heldFailure: (any Error)?

        /// A box around a writer.
        init(_ sink: JSONEncodingSink) { self.sink = sink }

        /// Throws what writing a held set threw, if anything did.
        func finish() throws {
            if let heldFailure { throw heldFailure }
        }

        func beginKeyed(sortsKeys: Bool) {
            if heldDepth > 0 {
                heldDepth += 1
                held.beginKeyed(sortsKeys: sortsKeys)
            } else {
                sink.beginKeyed(sortsKeys: sortsKeys)
            }
        }
        func key(_ key: String) {
            if heldDepth > 0 { held.key(key) } else { sink.key(key) }
        }
        func endKeyed() {
            if heldDepth > 0 {
                heldDepth -= 1
                held.endKeyed()
            } else {
                sink.endKeyed()
            }
        }
        func beginUnkeyed(isSet: Bool) {
            if heldDepth > 0 {
                heldDepth += 1
                held.beginUnkeyed(isSet: isSet)
            } else if isSet {
                heldDepth = 1
                held = ParameterTreeSink()
                held.beginUnkeyed(isSet: true)
            } else {
                sink.beginUnkeyed(isSet: false)
            }
        }
        func endUnkeyed() {
            guard heldDepth > 0 else { return sink.endUnkeyed() }
            heldDepth -= 1
            held.endUnkeyed()
            guard heldDepth == 0, let set = held.result else { return }
            held = ParameterTreeSink()
            do {
                try set.sendEvents(to: &sink)
            } catch {
                if heldFailure == nil { heldFailure = error }
            }
        }
        func string(_ value: String) throws {
            if heldDepth > 0 { return held.string(value) }
            try finish()
            sink.string(value)
        }
        func member(_ key: String, string value: String) throws {
            if heldDepth > 0 {
                held.key(key)
                return held.string(value)
            }
            try finish()
            sink.key(key)
            sink.string(value)
        }
        func bool(_ value: Bool) throws {
            if heldDepth > 0 { return held.bool(value) }
            try finish()
            sink.bool(value)
        }
        func integer(_ magnitude: UInt64, isNegative: Bool) throws {
            if heldDepth > 0 { return held.integer(magnitude, isNegative: isNegative) }
            try finish()
            sink.integer(magnitude, isNegative: isNegative)
        }
        func number(_ value: ParameterNumber) throws {
            if heldDepth > 0 { return held.number(value) }
            try finish()
            try sink.number(value)
        }
        func date(_ value: Date) throws {
            if heldDepth > 0 { return held.date(value) }
            try finish()
            try sink.date(value)
        }
        func data(_ value: Data) throws {
            if heldDepth > 0 { return held.data(value) }
            try finish()
            try sink.data(value)
        }
        func null() throws {
            if heldDepth > 0 { return held.null() }
            try finish()
            sink.null()
        }
        func array(of elements: [String]) throws {
            beginUnkeyed(isSet: false)
            for element in elements { try string(element) }
            endUnkeyed()
        }
        func array(of elements: [Int]) throws {
            beginUnkeyed(isSet: false)
            for element in elements { try integer(UInt64(element.magnitude), isNegative: element < 0) }
            endUnkeyed()
        }
    }
}
