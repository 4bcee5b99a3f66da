import FuzzSupport
import Wireform
import WireformFormURLEncoded

// Regression test of the one query writer (`QueryWriter`) and its two outputs, pairs and escaped bytes.
// Invariants: no crash for any tree and style; errors are SerializationErrors; the escaped query contains only
// allowed bytes and `%XX`; decoding it gives back exactly the style's pairs; the form body equals the query.
// With `allowReserved` (OpenAPI), the query may also hold `:@!$'()*;` literally and passes a value's `%XX` triples
// through: it still has exactly the style's pairs, with the same names, and each value decodes to the value with
// its triples decoded. Custom array and set names (Alamofire's `ArrayEncoding.custom`) follow the first invariants;
// with `allowing(_:)` (Alamofire's `allowedCharacters`) the query may hold its characters literally, never a `%` but
// as an escape, and still decodes to exactly the style's pairs. (Kept inside a function's scope: with libFuzzer,
// main.swift's top-level code never runs.)
private func makeStyles() -> [StandardQueryStyle] {
    var allowingReserved = StandardQueryStyle.form()
    allowingReserved.reservedCharacters = .allowed
    var delimitedAllowingReserved = StandardQueryStyle.pipeDelimited
    delimitedAllowingReserved.reservedCharacters = .allowed
    delimitedAllowingReserved.keyOrdering = .insertion
    let customNames = StandardQueryStyle(
        arrays: .custom { key, index in "\(key)(\(index))" }, sets: .custom { key, index in "\(key) #\(index)" })
    var allowingSome = StandardQueryStyle.indexed
    do {
        allowingSome.reservedCharacters = try .allowing(":@!$'()*;,")
    } catch {
        check(false, "allowing(_:) refused its own characters: \(error)")
    }
    var customAllowingSome = customNames
    customAllowingSome.reservedCharacters = allowingSome.reservedCharacters
    return [
        .brackets, .repeated, .indexed, .commaDelimited, .dotted, .deepObject,
        StandardQueryStyle(bools: .literal, keyOrdering: .insertion, emptyContainers: .emptyValue, nulls: .emptyValue),
        .form(), .form(explode: false), .spaceDelimited, .pipeDelimited, allowingReserved, delimitedAllowingReserved,
        customNames, allowingSome, customAllowingSome,
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
        var written: [QueryPair] = []
        try style.appendPairs(for: parameters, to: &written)
        pairs = written
    } catch let error as SerializationError {
        check(!error.reason.isEmpty, "empty error reason")
        return 0
    } catch {
        check(false, "non-SerializationError thrown: \(error)")
        return 0
    }
    if style.reservedCharacters != .percentEncoded {
        checkLiteralReserved(style, parameters, pairs, passesTriples: style.reservedCharacters == .allowed)
        return 0
    }
    // The general path every style without its own writer takes: a custom style's pairs, escaped.
    let bytes: [UInt8]
    do {
        bytes = Array(try CustomQueryStyle.custom { _ in pairs }.queryString(for: parameters).utf8)
    } catch {
        check(false, "escaping the pairs failed: \(error)")
        return 0
    }
    check(QueryDecoding.isWellFormed(bytes), "malformed query: \(String(decoding: bytes, as: UTF8.self))")
    // An empty query and a single nameless bare pair are the same bytes; every other query decodes exactly.
    let expected = QueryDecoding.expected(pairs)
    let decoded = bytes.isEmpty && expected == [[], nil] ? expected : QueryDecoding.decode(bytes)
    check(decoded == expected, "round trip differs for \(pairs)")
    do {
        let form = try FormURLEncodedSerializer(queryStyle: style).serialize(
            parameters, context: BodySerializationContext())
        check(form.body.bytes == bytes, "form body differs from query")
    } catch {
        check(false, "form failed where the query succeeded: \(error)")
    }
    return 0
}

/// The invariants of a style that leaves some reserved characters literal: only unreserved bytes, those characters
/// and `%XX` escapes; the style's pairs and names exactly; the form body equal to the query. With `allowReserved`
/// (`passesTriples`) values keep their `%XX` triples, which decode with them; with `allowing(_:)` every `%` is an
/// upper-case escape Wireform wrote, and the values decode exactly.
private func checkLiteralReserved(
    _ style: StandardQueryStyle,
    _ parameters: ParameterValue,
    _ pairs: [QueryPair],
    passesTriples: Bool
) {
    let query: String
    do {
        query = try style.queryString(for: parameters)
    } catch {
        check(false, "queryString failed where pairs succeeded: \(error)")
        return
    }
    let bytes = Array(query.utf8)
    check(QueryDecoding.isWellFormed(bytes, allowingReserved: true), "malformed query: \(query)")
    if !passesTriples {
        let upperHex = Array("0123456789ABCDEF".utf8)
        for (index, byte) in bytes.enumerated() where byte == UInt8(ascii: "%") {
            check(
                index + 2 < bytes.count && upperHex.contains(bytes[index + 1]) && upperHex.contains(bytes[index + 2]),
                "a '%' that is not an upper-case escape: \(query)")
        }
    }
    let expected = QueryDecoding.expected(pairs, decodingTriplesInValues: passesTriples)
    let decoded = bytes.isEmpty && expected == [[], nil] ? expected : QueryDecoding.decode(bytes)
    check(decoded == expected, "round trip differs for \(pairs): \(query)")
    do {
        let form = try FormURLEncodedSerializer(queryStyle: style).serialize(
            parameters, context: BodySerializationContext())
        check(form.body.bytes == bytes, "form body differs from query")
    } catch {
        check(false, "form failed where the query succeeded: \(error)")
    }
}
