import FuzzSupport
import Wireform
import WireformFormURLEncoded

// Invariants: no crash for any tree and style; errors are SerializationErrors; the escaped query contains only
// allowed bytes and `%XX`; decoding it gives back exactly the style's pairs; the form body equals the query.
// (Kept inside a function's scope: with libFuzzer, main.swift's top-level code never runs.)
private func makeStyles() -> [StandardQueryStyle] {
    [
        .brackets, .repeated, .indexed, .commaDelimited, .dotted, .deepObject,
        StandardQueryStyle(bools: .literal, keyOrdering: .insertion, emptyContainers: .emptyValue, nulls: .emptyValue),
    ]
}

/// libFuzzer's entry point: one input, checked against the invariants above.
@_cdecl("LLVMFuzzerTestOneInput")
public func fuzz(_ data: UnsafePointer<UInt8>, _ size: Int) -> CInt {
    addressSanitizerCanary(size)
    let styles = makeStyles()
    var input = FuzzInput(UnsafeRawBufferPointer(start: data, count: size))
    let style = styles[Int(input.byte()) % styles.count]
    let parameters: ParameterValue = input.byte() % 16 == 0 ? input.value() : .dictionary(input.dictionary())
    let pairs: [QueryPair]
    do {
        pairs = try style.pairs(for: parameters)
    } catch let error as SerializationError {
        check(!error.reason.isEmpty, "empty error reason")
        return 0
    } catch {
        check(false, "non-SerializationError thrown: \(error)")
        return 0
    }
    var bytes: [UInt8] = []
    QueryString.append(pairs, to: &bytes)
    check(QueryDecoding.isWellFormed(bytes), "malformed query: \(String(decoding: bytes, as: UTF8.self))")
    // An empty query and a single nameless bare pair are the same bytes; every other query decodes exactly.
    let expected = QueryDecoding.expected(pairs)
    let decoded = bytes.isEmpty && expected == [[], nil] ? expected : QueryDecoding.decode(bytes)
    check(decoded == expected, "round trip differs for \(pairs)")
    do {
        let form = try FormURLEncodedSerializer(queryStyle: style).serialize(parameters)
        check(form.body.bytes == bytes, "form body differs from query")
    } catch {
        check(false, "form failed where the query succeeded: \(error)")
    }
    return 0
}
