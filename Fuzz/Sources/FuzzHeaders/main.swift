import Foundation
import FuzzSupport
import Wireform
import WireformFormURLEncoded
import WireformFoundation

// Invariants for media types, the registry, header fields, methods and URL building:
// - parsing never crashes; a parsed media type formats to a string that parses back to an equal value;
// - registry lookup never crashes, and finds a serializer exactly when the essence (or its structured suffix)
//   is registered;
// - header names and values are accepted exactly when they are valid RFC 9110 tokens / field values, and an
//   accepted value never contains CR, LF or NUL;
// - building a request from a hostile URL string and header never crashes and only throws SerializationError.
private func makeRegistry() -> BodySerializerRegistry {
    var registry = BodySerializerRegistry()
    registry.register(.formURLEncoded)
    registry.register(JSONStandIn())
    return registry
}

/// A format registered under `application/json`, so that the registry's lookups for JSON types are checked.
private struct JSONStandIn: BodySerializer {
    var mediaType: ContentType { .json }

    func serialize(_ parameters: ParameterValue, context: BodySerializationContext) throws -> SerializedBody {
        SerializedBody(contentType: mediaType, body: MessageBody(bytes: []))
    }
}

private let tokenBytes = Set("!#$%&'*+-.^_`|~0123456789abcdefghijklmnopqrstuvwxyzABCDEFGHIJKLMNOPQRSTUVWXYZ".utf8)

private func isToken(_ text: String) -> Bool {
    !text.isEmpty && text.utf8.allSatisfy { tokenBytes.contains($0) }
}

private func checkMediaType(_ text: String, registry: BodySerializerRegistry) {
    guard let parsed = ContentType(text) else { return }
    check(isToken(parsed.type) && isToken(parsed.subtype), "non-token type in \(text.debugDescription)")
    let formatted = parsed.description
    guard let reparsed = ContentType(formatted) else {
        check(false, "formatted media type does not parse: \(formatted.debugDescription) from \(text.debugDescription)")
        return
    }
    check(reparsed == parsed, "round trip differs: \(text.debugDescription) → \(formatted.debugDescription)")
    check(reparsed.description == formatted, "formatting is not stable for \(formatted.debugDescription)")
    let registered: Set<String> = ["application/x-www-form-urlencoded", "application/json"]
    var expected = registered.contains("\(parsed.type)/\(parsed.subtype)")
    if !expected, let plus = parsed.subtype.lastIndex(of: "+") {
        let suffix = parsed.subtype[parsed.subtype.index(after: plus)...]
        // RFC 6839: a `+json` suffix means JSON syntax whatever the top-level type.
        expected = registered.contains("\(parsed.type)/\(suffix)") || registered.contains("application/\(suffix)")
    }
    do {
        _ = try registry.serializer(for: parsed)
        check(expected, "registry found a serializer for \(formatted.debugDescription)")
    } catch {
        check(!expected, "registry missed \(formatted.debugDescription): \(error)")
        check(error.code == .noSerializerRegistered, "lookup error has code \(error.code)")
    }
}

private func checkHeader(name: String, value: String) {
    let nameIsValid = HeaderFields.Name(name) != nil
    check(nameIsValid == isToken(name), "header name validity wrong for \(name.debugDescription)")
    guard let fieldName = HeaderFields.Name(name) else { return }
    var headers = HeaderFields()
    do {
        try headers.setValue(value, for: fieldName)
        let stored = headers[fieldName] ?? ""
        let injected = stored.utf8.contains { $0 == 0x0D || $0 == 0x0A || $0 == 0x00 }
        check(!injected, "header injection: \(value.debugDescription)")
    } catch {
        check(error.code == .invalidHeader, "header value error has code \(error.code)")
        let bytes = Array(value.utf8)
        let hasControl = bytes.contains { $0 < 0x20 && $0 != 0x09 || $0 == 0x7F }
        let isPadded = [bytes.first, bytes.last].contains { (byte: UInt8?) in byte == 0x20 || byte == 0x09 }
        check(hasControl || isPadded, "rejected a clean value \(value.debugDescription)")
    }
}

private func checkRequest(method: String, url: String, header: String, parameters: ParameterValue) {
    do {
        let serializer = RequestSerializer()
        let headers = try HeaderFields(validating: [("X-Fuzz", header)])
        guard let method = RequestMethod(method) else { return }
        let request = try serializer.serializedRequest(
            method: method, url: url, headers: headers, parameters: parameters)
        _ = try request.urlRequest()
    } catch {
        // Every call above throws only `SerializationError` (typed throws): the compiler proves what this checked.
    }
}

/// libFuzzer's entry point: one input, checked against the invariants above.
@_cdecl("LLVMFuzzerTestOneInput")
public func fuzz(_ data: UnsafePointer<UInt8>, _ size: Int) -> CInt {
    addressSanitizerCanary(size)
    let registry = makeRegistry()
    var input = FuzzInput(UnsafeRawBufferPointer(start: data, count: size))
    switch input.byte() % 4 {
    case 0:
        checkMediaType(input.mediaTypeText(), registry: registry)
    case 1:
        checkMediaType(input.string(maxPieces: 12), registry: registry)
    case 2:
        checkHeader(name: input.string(maxPieces: 3), value: input.string(maxPieces: 6))
    default:
        let method = ["GET", "POST", "DELETE", "get", "PATCH", "BAD METHOD", ""][Int(input.byte()) % 7]
        let url = input.urlText()
        checkRequest(
            method: method, url: url, header: input.string(maxPieces: 3), parameters: .dictionary(input.dictionary()))
    }
    return 0
}
