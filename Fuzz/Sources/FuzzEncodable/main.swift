import Foundation
import FuzzSupport
import Wireform
import WireformFormURLEncoded
import WireformJSONBody

// Invariants, for a random `Encodable` shape (see Shape.swift), random `ParameterValueEncoder` strategies, a random
// `StandardQueryStyle` and random JSON options:
// 1. every public entry throws only `SerializationError` (the engine's internal `EncodingError`s, a custom
//    strategy's errors and a value's own errors are wrapped, the latter kept as `underlyingError`);
// 2. query: `queryString(encoding:)` equals `queryString(for: ParameterValueEncoder.encode(value))`, same text or the
//    same error (code and reason): one query writer fed by two sources, the value's events and its tree's — and the
//    form body from the value equals that query;
// 3. JSON: the body from the value equals `JSONEncoder` (`.sortedKeys`, matching date and data strategies) byte for
//    byte whenever `JSONEncoder` succeeds, and is an error whenever `JSONEncoder` throws (unless a key repeats:
//    see the findings in Fuzz/README.md); not compared: shapes with
//    `Decimal.nan` (documented difference) or a `Float` the two write differently (a finding), deeper than 500 levels (the 512 limit), that trap `JSONEncoder`, or with
//    dates the reference does not model;
// 4. every node's `encode(to:)` runs exactly once per successful encode call, at most once when it throws, and the
//    root's exactly once.
// (Kept inside functions: with libFuzzer, main.swift's top-level code never runs.)

/// libFuzzer's entry point: one input, checked against the invariants above.
@_cdecl("LLVMFuzzerTestOneInput")
public func fuzz(_ data: UnsafePointer<UInt8>, _ size: Int) -> CInt {
    addressSanitizerCanary(size)
    var builder = ShapeBuilder(FuzzInput(UnsafeRawBufferPointer(start: data, count: size)))
    let parameterEncoder = builder.parameterEncoder()
    let style = builder.queryStyle()
    let spaceEncoding: PercentEncoding.SpaceEncoding = builder.input.byte() & 1 == 0 ? .percent20 : .plus
    let jsonOptions = builder.input.byte()
    let root = builder.node(depth: 0, root: true)
    if getenv("FUZZ_ENCODABLE_DUMP") != nil {
        var text = ""
        dump(root.body, to: &text, maxDepth: 12)
        print(style, parameterEncoder.nilEncodingStrategy, jsonOptions, to: &text)
        FileHandle.standardError.write(Data(text.utf8))
    }
    checkQuery(root, builder.nodeCount, style, parameterEncoder, spaceEncoding, compare: true)
    checkJSON(root, builder, options: jsonOptions)
    return 0
}

/// Runs `body` with fresh call counts and checks invariants 1 and 4; the result, or the error.
private func counted<T>(
    _ what: String, _ nodes: Int, _ body: () throws -> T
) -> Result<T, SerializationError> {
    EncodeCounter.reset(count: nodes)
    let result: Result<T, SerializationError>
    do {
        result = .success(try body())
    } catch let error as SerializationError {
        check(!error.reason.isEmpty, "\(what): empty error reason")
        result = .failure(error)
    } catch {
        check(false, "\(what): non-SerializationError thrown: \(type(of: error)) \(error)")
        return .failure(SerializationError(.serializerFailed, "unreachable"))
    }
    let counts = EncodeCounter.counts
    check(counts[0] == 1, "\(what): the root's encode(to:) ran \(counts[0]) times")
    switch result {
    case .success:
        check(counts.allSatisfy { $0 == 1 }, "\(what): encode(to:) counts \(counts), expected one each")
    case .failure:
        check(counts.allSatisfy { $0 <= 1 }, "\(what): encode(to:) counts \(counts) for a failed encode")
    }
    return result
}

private func checkQuery(
    _ root: Node, _ nodes: Int, _ style: StandardQueryStyle, _ parameterEncoder: ParameterValueEncoder,
    _ spaceEncoding: PercentEncoding.SpaceEncoding, compare: Bool
) {
    let tree = counted("ParameterValueEncoder.encode", nodes) { try parameterEncoder.encode(root) }
    let viaTree: Result<String, SerializationError> = tree.flatMap { tree in
        Result { () throws(SerializationError) in
            do {
                return try style.queryString(for: tree, spaceEncoding: spaceEncoding)
            } catch let error as SerializationError {
                throw error
            } catch {
                check(false, "queryString(for:): non-SerializationError thrown: \(error)")
                throw SerializationError(.serializerFailed, "unreachable")
            }
        }
    }
    let direct = counted("queryString(encoding:)", nodes) {
        try style.queryString(encoding: root, parameterEncoder: parameterEncoder, spaceEncoding: spaceEncoding)
    }
    switch (direct, viaTree) {
    case _ where !compare: break
    case (.success(let direct), .success(let viaTree)):
        check(direct == viaTree, "query differs: engine \(direct.debugDescription), tree \(viaTree.debugDescription)")
    case (.failure(let direct), .failure(let viaTree)):
        check(
            direct.code == viaTree.code && direct.reason == viaTree.reason,
            "query errors differ: engine \(direct.code) \(direct.reason), tree \(viaTree.code) \(viaTree.reason)")
    case (.success(let direct), .failure(let error)):
        check(false, "engine wrote \(direct.debugDescription), tree path threw \(error.code) \(error.reason)")
    case (.failure(let error), .success(let viaTree)):
        check(false, "engine threw \(error.code) \(error.reason), tree path wrote \(viaTree.debugDescription)")
    }
    let form = counted("form serialize(encodable:)", nodes) {
        try FormURLEncodedSerializer(queryStyle: style, spaceEncoding: spaceEncoding).serialize(
            encodable: root, context: BodySerializationContext(parameterEncoder: parameterEncoder)
        ).body.bytes ?? []
    }
    switch (form, direct) {
    case (.success(let form), .success(let direct)):
        check(form == Array(direct.utf8), "form body differs from the query \(direct.debugDescription)")
    case (.failure(let form), .failure(let direct)):
        check(form.code == direct.code, "form error \(form.code) differs from query error \(direct.code)")
    default:
        check(false, "form and query disagree on success: form \(form), query \(direct)")
    }
}

private func checkJSON(_ root: Node, _ builder: ShapeBuilder, options byte: UInt8) {
    let prettyPrinted = byte & 1 != 0
    let escapingSlashes = byte & 2 != 0
    let fragmentsAllowed = byte & 4 != 0
    var options: JSONWritingOptions = .sortedKeys
    if prettyPrinted { options.insert(.prettyPrinted) }
    if escapingSlashes { options.insert(.escapingSlashes) }
    if fragmentsAllowed { options.insert(.fragmentsAllowed) }
    let serializer = JSONBodySerializer(options: options)
    let wireform = counted("JSON serialize(encodable:)", builder.nodeCount) {
        try serializer.serialize(encodable: root, context: BodySerializationContext()).body.bytes ?? []
    }
    guard !builder.hasDecimalNaN, !builder.hasFloatTextFinding, !builder.trapsJSONEncoder, builder.maximumDepth <= 500
    else { return }
    let reference = JSONReference.encoder(
        prettyPrinted: prettyPrinted, escapingSlashes: escapingSlashes)
    EncodeCounter.reset(count: builder.nodeCount)
    let expected: [UInt8]
    do {
        expected = [UInt8](try reference.encode(root))
    } catch is JSONReference.NotModelled {
        return
    } catch {
        if case .success(let bytes) = wireform, !builder.hasRepeatedKeys {
            check(false, "JSONEncoder threw \(error) but Wireform wrote \(String(decoding: bytes, as: UTF8.self))")
        }
        return
    }
    switch wireform {
    case .success(let bytes):
        check(
            bytes == expected,
            "JSON differs:\n  wireform    \(String(decoding: bytes, as: UTF8.self))\n  JSONEncoder "
                + String(decoding: expected, as: UTF8.self))
    case .failure(let error):
        let first = expected.first { ![0x20, 0x0A, 0x0D, 0x09].contains($0) }
        let isScalar = first != UInt8(ascii: "{") && first != UInt8(ascii: "[")
        check(
            !fragmentsAllowed && isScalar && error.code == .unsupportedValue,
            "Wireform threw \(error.code) \(error.reason) but JSONEncoder wrote "
                + String(decoding: expected, as: UTF8.self))
    }
}
