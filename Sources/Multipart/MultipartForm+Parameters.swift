public import Wireform

extension MultipartForm {
    /// Appends request parameters flattened by a query style, as text parts in the style's order.
    ///
    /// Names come from the style (`user[name]`, `tags[]` with ``Wireform/QueryStyle/brackets``) and are not
    /// percent-escaped; text values are UTF-8, `Data` values are sent raw, and a null is an empty part. Pass the
    /// request serializer's style, so that fields are named as the rest of the request's parameters are:
    /// ```swift
    /// var form = MultipartForm()
    /// try form.append(parameters: ["user": ["name": "bang"], "tags": ["a", "b"]], queryStyle: serializer.queryStyle)
    /// try form.append(fileAt: avatarURL, name: "avatar")
    /// ```
    /// A value of your own becomes parameters through a ``Wireform/ParameterValueEncoder``; parameters alone, with
    /// no files, can also go through ``MultipartFormDataSerializer``.
    /// - Parameters:
    ///   - parameters: A dictionary of parameters.
    ///   - queryStyle: How nested parameters are named.
    /// - Throws: ``Wireform/SerializationError`` when the style cannot write the parameters.
    public mutating func append(parameters: ParameterValue, queryStyle: any QueryStyle) throws {
        append(fields: try queryStyle.fields(for: parameters))
    }

    /// Appends the parameters of JSON text, flattened by a query style, as text parts in the style's order: the
    /// fields ``append(parameters:queryStyle:)`` appends for the same value, read as the text streams, with no tree.
    ///
    /// ```swift
    /// var form = MultipartForm()
    /// try form.append(json: JSONText(MessageBody(fileAt: parametersURL)), queryStyle: serializer.queryStyle)
    /// try form.append(fileAt: avatarURL, name: "avatar")
    /// ```
    /// - Parameters:
    ///   - text: The JSON text (see ``Wireform/JSONText`` for how it is read).
    ///   - queryStyle: How nested parameters are named.
    /// - Throws: ``Wireform/SerializationError`` for invalid or overlong text, or when the style cannot write the
    ///   value.
    public mutating func append(json text: JSONText, queryStyle: any QueryStyle) throws {
        try append(events: { try text.sendEvents(to: $0) }, queryStyle: queryStyle)
    }

    /// Appends the value whose events `send` sends, flattened by a query style, as text parts in the style's order:
    /// the fields ``append(parameters:queryStyle:)`` appends for the same value.
    /// - Parameters:
    ///   - send: Sends one value's events (a tree, an `Encodable` value, JSON text).
    ///   - queryStyle: How nested parameters are named.
    /// - Throws: What the source throws, and ``Wireform/SerializationError`` when the style cannot write the value.
    package mutating func append(events send: (any EncodingSinkBox) throws -> Void, queryStyle: any QueryStyle) throws {
        append(fields: try queryStyle.fields(events: send))
    }
}
