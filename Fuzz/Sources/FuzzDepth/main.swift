import Foundation
import FuzzSupport
import Wireform
import WireformFormURLEncoded
import WireformFoundation
import WireformJSONBody
import WireformMultipart
import WireformPropertyListBody

// Issue 38: trees of random depth (up to 200,000 levels) and shape through every serializer, every built-in query
// style, `==`, `hash(into:)`, `description` and `ParameterValue(any:)`. Invariants:
// - nothing overflows the stack, and the serializers and styles throw only `SerializationError`;
// - past 128 levels every serializer and style refuses with `unsupportedValue`, and JSON and the property lists
//   (which can write every shape built here) with the documented `Parameters nest deeper than 128 levels at '…'`;
//   at 128 levels or fewer JSON and the property lists succeed;
// - two trees built from the same bytes are equal and hash alike; a different leaf makes them unequal;
// - `description` writes one opening bracket per array and dictionary level at least;
// - `ParameterValue(any:)` of the same chain as Swift collections refuses past 128 levels with the documented error,
//   and otherwise gives the tree back (sets as arrays).

let limit = 128
let depthReason = "Parameters nest deeper than \(limit) levels at '"

let serializers: [(String, any BodySerializer, writesEveryShape: Bool)] = [
    ("JSON", JSONBodySerializer(), true),
    ("JSON pretty", JSONBodySerializer(options: [.prettyPrinted, .escapingSlashes]), true),
    ("XML property list", PropertyListBodySerializer(format: .xml), true),
    ("binary property list", PropertyListBodySerializer(format: .binary), true),
    ("form", FormURLEncodedSerializer(), false),
    ("multipart", MultipartFormDataSerializer(), false),
]

let styles: [(String, StandardQueryStyle)] = [
    ("brackets", .brackets), ("repeated", .repeated), ("indexed", .indexed), ("commaDelimited", .commaDelimited),
    ("dotted", .dotted), ("deepObject", .deepObject), ("form", .form()), ("form unexploded", .form(explode: false)),
    ("spaceDelimited", .spaceDelimited), ("pipeDelimited", .pipeDelimited),
    ("insertion order", StandardQueryStyle(keyOrdering: .insertion)),
]

/// What one call did: `nil` when it succeeded, else the error's code and reason.
func outcome(_ name: String, _ body: () throws -> Void) -> SerializationError? {
    do {
        try body()
        return nil
    } catch let error as SerializationError {
        check(!error.reason.isEmpty, "\(name): empty error reason")
        return error
    } catch {
        check(false, "\(name): non-SerializationError thrown: \(error)")
        return nil
    }
}

/// The checks for a serializer or style on a tree with `depth` containers (the wrapping dictionary included).
func checkRefusal(_ name: String, _ error: SerializationError?, depth: Int, writesEveryShape: Bool) {
    if depth > limit {
        check(error?.code == .unsupportedValue, "\(name): \(depth) levels not refused: \(String(describing: error))")
        if writesEveryShape {
            check(
                error?.reason.hasPrefix(depthReason) == true, "\(name): \(depth) levels: \(String(describing: error))")
        }
    } else if writesEveryShape {
        check(error == nil, "\(name): \(depth) levels refused: \(String(describing: error))")
    }
}

/// libFuzzer's entry point: one input, checked against the invariants above.
@_cdecl("LLVMFuzzerTestOneInput")
public func fuzz(_ data: UnsafePointer<UInt8>, _ size: Int) -> CInt {
    addressSanitizerCanary(size)
    var input = FuzzInput(UnsafeRawBufferPointer(start: data, count: size))
    let shape = DepthShape(&input)
    var tree = shape.tree()
    var parameters: ParameterValue = ["top": tree]
    // The tree inside "top", plus the top dictionary itself.
    let depth = shape.depth + 1
    defer { Dismantle.tree(&parameters) }
    Dismantle.tree(&tree)

    for (name, serializer, writesEveryShape) in serializers {
        let error = outcome(name) { _ = try serializer.serialize(parameters, context: BodySerializationContext()) }
        checkRefusal(name, error, depth: depth, writesEveryShape: writesEveryShape)
    }
    for (name, style) in styles {
        let string = outcome(name) { _ = try style.queryString(for: parameters) }
        checkRefusal("query \(name)", string, depth: depth, writesEveryShape: false)
        let pairs = outcome(name) {
            var pairs: [QueryPair] = []
            try style.appendPairs(for: parameters, to: &pairs)
        }
        checkRefusal("pairs \(name)", pairs, depth: depth, writesEveryShape: false)
        check((string == nil) == (pairs == nil), "\(name): the query string and the pairs disagree")
    }

    var copy: ParameterValue = ["top": shape.tree()]
    var other: ParameterValue = ["top": shape.tree(leaf: "other leaf")]
    defer {
        Dismantle.tree(&copy)
        Dismantle.tree(&other)
    }
    check(parameters == copy, "== of two trees built alike is false at \(depth) levels")
    check(parameters.hashValue == copy.hashValue, "trees built alike hash differently at \(depth) levels")
    check(parameters != other, "== is true for trees with different leaves at \(depth) levels")

    let description = parameters.description
    let brackets = description.utf8.lazy.filter { $0 == UInt8(ascii: "[") }.count
    check(brackets >= depth, "description has \(brackets) brackets for \(depth) levels")

    var anyValue = shape.anyValue()
    defer { Dismantle.any(&anyValue) }
    switch Result(catching: { try ParameterValue(any: ["top": anyValue] as [String: Any]) }) {
    case .success(var converted):
        check(depth <= limit, "ParameterValue(any:) converted \(depth) levels")
        var expected: ParameterValue = ["top": shape.tree(setsAsArrays: true)]
        check(converted == expected, "ParameterValue(any:) gave another tree at \(depth) levels")
        Dismantle.tree(&converted)
        Dismantle.tree(&expected)
    case .failure(let error):
        let reason = (error as? SerializationError)?.reason ?? "\(error)"
        check(depth > limit && reason.hasPrefix(depthReason), "ParameterValue(any:) at \(depth) levels: \(reason)")
    }
    return 0
}
