/// The `application/x-www-form-urlencoded` format a ``RequestSerializer`` uses when its registry has none, so that
/// `RequestSerializer()` builds form bodies with no set-up: the request's query style and space encoding, no
/// `charset`, and an empty form body for a request without parameters (as AFNetworking did). It writes what
/// `FormURLEncodedSerializer()` from `WireformFormURLEncoded` writes; register that one for a `charset` label or a
/// form-specific style.
struct BuiltInFormSerializer: BodySerializer {
    var mediaType: ContentType { .formURLEncoded }

    func serialize(_ parameters: ParameterValue, context: BodySerializationContext) throws -> SerializedBody {
        var bytes: [UInt8] = []
        try context.queryStyle.appendQuery(for: parameters, to: &bytes, spaceEncoding: context.spaceEncoding)
        return SerializedBody(contentType: .formURLEncoded, bytes: bytes)
    }

    var bodyWithoutParameters: SerializedBody? { SerializedBody(contentType: .formURLEncoded, bytes: []) }
}
