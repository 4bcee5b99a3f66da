#if canImport(FoundationEssentials)
    import FoundationEssentials
#else
    import Foundation
#endif

/// The query writer with escaped output as ``ValueEncoder`` and the other sources that hold a sink by reference reach it.
///
/// A class of its own rather than a class nested in the generic writer: the methods of a generic class are reached
/// unspecialized through its conformance (E1-W1: 47,291 instructions a call against 24,327).
final class EscapedQueryWriterBox: EncodingSinkBox {
    // Only the source's own synchronous calls touch the writer, one at a time: no runtime exclusivity checks.
    /// Where the events go.
    @exclusivity(unchecked) var writer: QueryWriter<EscapedQuerySink>

    /// A box around a writer.
    init(_ writer: consuming QueryWriter<EscapedQuerySink>) { self.writer = writer }

    // The events, forwarded to the writer (see ``EncodingSinkBox``).
    func beginKeyed(sortsKeys: Bool) { writer.beginKeyed(sortsKeys: sortsKeys) }
    func beginKeyed(distinctKeysIn ordering: KeyOrdering) { writer.beginKeyed(distinctKeysIn: ordering) }
    func key(_ key: String) { writer.key(key) }
    func endKeyed() { writer.endKeyed() }
    func beginUnkeyed(isSet: Bool) { writer.beginUnkeyed(isSet: isSet) }
    func endUnkeyed() { writer.endUnkeyed() }
    func string(_ value: String) { writer.string(value) }
    func member(_ key: String, string value: String) { writer.member(key, string: value) }
    func bool(_ value: Bool) { writer.bool(value) }
    func integer(_ magnitude: UInt64, isNegative: Bool) { writer.integer(magnitude, isNegative: isNegative) }
    func number(_ value: ParameterNumber) { writer.number(value) }
    func date(_ value: Date) { writer.date(value) }
    func data(_ value: Data) { writer.data(value) }
    func null() { writer.null() }
    func array(of elements: [String]) { writer.array(of: elements) }
    func array(of elements: [Int]) { writer.array(of: elements) }
}

/// The query writer with multipart fields as output (``QueryFieldSink``), as the sources that hold a sink by
/// reference reach it.
///
/// A class of its own rather than a class nested in the generic writer: the methods of a generic class are reached
/// unspecialized through its conformance (E1-W1: 47,291 instructions a call against 24,327).
final class QueryFieldWriterBox: EncodingSinkBox {
    // Only the source's own synchronous calls touch the writer, one at a time: no runtime exclusivity checks.
    /// Where the events go.
    @exclusivity(unchecked) var writer: QueryWriter<QueryFieldSink>

    /// A box around a writer.
    init(_ writer: consuming QueryWriter<QueryFieldSink>) { self.writer = writer }

    // The events, forwarded to the writer (see ``EncodingSinkBox``).
    func beginKeyed(sortsKeys: Bool) { writer.beginKeyed(sortsKeys: sortsKeys) }
    func beginKeyed(distinctKeysIn ordering: KeyOrdering) { writer.beginKeyed(distinctKeysIn: ordering) }
    func key(_ key: String) { writer.key(key) }
    func endKeyed() { writer.endKeyed() }
    func beginUnkeyed(isSet: Bool) { writer.beginUnkeyed(isSet: isSet) }
    func endUnkeyed() { writer.endUnkeyed() }
    func string(_ value: String) { writer.string(value) }
    func member(_ key: String, string value: String) { writer.member(key, string: value) }
    func bool(_ value: Bool) { writer.bool(value) }
    func integer(_ magnitude: UInt64, isNegative: Bool) { writer.integer(magnitude, isNegative: isNegative) }
    func number(_ value: ParameterNumber) { writer.number(value) }
    func date(_ value: Date) { writer.date(value) }
    func data(_ value: Data) { writer.data(value) }
    func null() { writer.null() }
    func array(of elements: [String]) { writer.array(of: elements) }
    func array(of elements: [Int]) { writer.array(of: elements) }
}
