extension RequestSerializer {
    /// What a request built from parameters carries.
    package enum Payload {
        /// A parameter tree.
        case parameters(ParameterValue)
        /// An `Encodable` value, given whole to formats that encode it themselves.
        case encodable(any Encodable)
        /// JSON text, read as it streams into the query's or the format's writer.
        case jsonText(JSONText)
    }

    /// The shared path of every parameter-based request: the URL text checked, default headers, the `query`
    /// parameters, then the payload in the query or the body as `placement` says.
    ///
    /// - Parameter format: A format chosen for this request, which wins over the registry; under
    ///   ``ParameterPlacement/automatic``, an explicit multipart format always puts the parameters in the body.
    package func build(
        method: RequestMethod,
        url: String,
        headers: HeaderFields,
        query: ParameterValue? = nil,
        payload: Payload?,
        format: (any BodySerializer)? = nil,
        placement: ParameterPlacement = .automatic,
        keepsOwnBody: Bool = false
    ) throws(SerializationError) -> SerializedRequest {
        let (url, parts) = try checkedURL(url)
        let isExplicitMultipart = format.map { $0.mediaType.type == "multipart" } ?? false
        let isInURL: Bool
        switch placement {
        case .automatic: isInURL = encodesParametersInURL(method) && !isExplicitMultipart
        case .query: isInURL = true
        case .body:
            // As for every body asked for explicitly: refused before anything else is looked at.
            try Self.checkCarriesBody(method)
            isInURL = false
        }
        var request = try makeRequest(method: method, url: url, parts: parts, headers: headers)
        if let query { try appendQuery(.parameters(query), to: &request) }
        if isInURL {
            if let payload { try appendQuery(payload, to: &request) }
            try Self.checkLengthWithoutBody(request.headers)
            return request
        }
        if isExplicitMultipart { try Self.checkCarriesBody(method) }
        let serializer: any BodySerializer
        if let format {
            serializer = format
        } else if payload != nil {
            serializer = try bodySerializer(for: headers)
        } else if !keepsOwnBody, let found = try? bodySerializer(for: headers) {
            serializer = found
        } else {
            // Nothing to serialize, or the caller's own body to keep: no format is asked for a body.
            if !keepsOwnBody { try Self.checkLengthWithoutBody(request.headers) }
            return request
        }
        let context = self.context
        let body = try Self.callingFormat("The serializer for '\(serializer.mediaType)' failed") {
            () throws -> SerializedBody? in
            switch payload {
            case .parameters(let parameters): return try serializer.serialize(parameters, context: context)
            case .encodable(let value) where serializer is BuiltInFormSerializer:
                // The built-in form body from the value itself, as the query is written (no parameter tree).
                var bytes: [UInt8] = []
                try queryStyle.appendQuery(
                    encoding: value, to: &bytes, parameterEncoder: parameterEncoder, spaceEncoding: spaceEncoding)
                return SerializedBody(contentType: .formURLEncoded, bytes: bytes)
            case .encodable(let value): return try serializer.serialize(encodable: value, context: context)
            case .jsonText(let text) where serializer is BuiltInFormSerializer:
                // The built-in form body straight from the reader's events, as the query is written (held once).
                let body = try queryStyle.queryBody(events: text.sendEvents(to:), spaceEncoding: spaceEncoding)
                return SerializedBody(contentType: .formURLEncoded, body: body)
            case .jsonText(let text): return try serializer.serialize(context: context, events: text.sendEvents(to:))
            case nil: return try serializer.bodyWithoutParameters
            }
        }
        if let body {
            try attach(body, to: &request)
        } else {
            try Self.checkLengthWithoutBody(request.headers)
        }
        return request
    }

    /// Throws when the caller's `Content-Length` promises bytes to a request that has no body, whatever its method:
    /// a server would wait for bytes that never come (`GET` with `Content-Length: 5`). `0` is kept: it is what the
    /// request carries.
    /// - Throws: ``SerializationError/Code/invalidHeader`` naming both numbers.
    static func checkLengthWithoutBody(_ headers: HeaderFields) throws(SerializationError) {
        guard let callerLength = headers[.contentLength] else { return }
        guard callerLength.utf8.allSatisfy({ (0x30...0x39).contains($0) }), let declared = Int64(callerLength) else {
            throw SerializationError(
                .invalidHeader,
                "The request's Content-Length \(SerializationError.quoted(callerLength)) is not a byte count"
            )
        }
        guard declared == 0 else {
            throw SerializationError(
                .invalidHeader,
                "The request's Content-Length is \(declared) but it has no body (0 bytes)"
            )
        }
    }

    /// The shared path of every request around a body already made: default headers, the `query` parameters, then
    /// the body. The caller has checked the URL text (`parts`) and that the method carries a body.
    func attaching(
        _ body: SerializedBody,
        method: RequestMethod,
        url: String,
        parts: URLTextParts,
        headers: HeaderFields,
        query: ParameterValue?
    ) throws(SerializationError) -> SerializedRequest {
        var request = try makeRequest(method: method, url: url, parts: parts, headers: headers)
        if let query { try appendQuery(.parameters(query), to: &request) }
        try attach(body, to: &request)
        return request
    }

    /// A request with the caller's headers followed by the default headers it lacks.
    /// - Throws: ``SerializationError/Code/invalidHeader`` for framing the caller may not set: a
    ///   `Transfer-Encoding` (Wireform decides the framing; RFC 9112, section 6.2) or two `Content-Type` fields.
    func makeRequest(
        method: RequestMethod,
        url: String,
        parts: URLTextParts,
        headers requestHeaders: HeaderFields
    ) throws(SerializationError) -> SerializedRequest {
        try Self.checkNoTransferEncoding(requestHeaders)
        // Counted without collecting the values: the list is built only for the error.
        if requestHeaders.lazy.filter({ $0.name == .contentType }).count > 1 {
            let contentTypes = requestHeaders.values(for: .contentType)
            throw SerializationError(
                .invalidHeader,
                "The request has \(contentTypes.count) Content-Type fields ("
                    + contentTypes.map { SerializationError.quoted($0) }.joined(separator: ", ") + "); it may have one"
            )
        }
        var headers = requestHeaders
        for field in defaultHeaders where !headers.contains(field.name) {
            headers.append(field)
        }
        return SerializedRequest(method: method, checkedURL: url, parts: parts, headers: headers)
    }

    /// Throws when the caller sets `Transfer-Encoding`: Wireform decides the framing (RFC 9112, section 6.2).
    /// - Throws: ``SerializationError/Code/invalidHeader`` quoting the field's value.
    static func checkNoTransferEncoding(_ headers: HeaderFields) throws(SerializationError) {
        guard let transferEncoding = headers[.transferEncoding] else { return }
        throw SerializationError(
            .invalidHeader,
            "The request sets Transfer-Encoding \(SerializationError.quoted(transferEncoding)); Wireform decides "
                + "the framing from the body (Content-Length when its length is known), and a request must never "
                + "carry both (RFC 9112, section 6.2)"
        )
    }

    /// Throws for `GET` and `HEAD`, which cannot carry a body.
    static func checkCarriesBody(_ method: RequestMethod) throws(SerializationError) {
        guard method != .get && method != .head else {
            throw SerializationError(
                .unsupportedBody,
                "A \(method) request cannot carry a body; use POST, PUT, PATCH or another method that takes one"
            )
        }
    }

    /// The tail every body goes through: `Content-Type`, `Content-Length`, the body.
    ///
    /// The caller's `Content-Type` is kept verbatim; only a multipart body replaces it, to carry the boundary the
    /// caller could not know, and only under a multipart type. The caller's `Content-Length` must be the body's
    /// known length; for a body of unknown length it becomes the declared length, enforced as the body streams.
    func attach(_ serialized: SerializedBody, to request: inout SerializedRequest) throws(SerializationError) {
        try applyContentType(serialized.contentType, to: &request.headers)
        let body = try Self.framedBody(serialized.body, headers: request.headers)
        if request.headers[.contentLength] == nil, case .known(let length) = body.length {
            try request.headers.setValue(String(length), for: .contentLength)
        }
        request.body = body
    }

    /// The body as the caller's `Content-Length` frames it: that length must be the body's known length; a body of
    /// unknown length is given it as its declared length, enforced as it streams. Without the field, the body as
    /// it is.
    /// - Throws: ``SerializationError/Code/invalidHeader`` for a `Content-Length` that is not a byte count or not
    ///   the body's length, naming both numbers.
    static func framedBody(_ body: MessageBody, headers: HeaderFields) throws(SerializationError) -> MessageBody {
        guard let callerLength = headers[.contentLength] else { return body }
        guard callerLength.utf8.allSatisfy({ (0x30...0x39).contains($0) }), let declared = Int64(callerLength) else {
            throw SerializationError(
                .invalidHeader,
                "The request's Content-Length \(SerializationError.quoted(callerLength)) is not a byte count"
            )
        }
        switch body.length {
        case .known(let length) where length != declared:
            throw SerializationError(
                .invalidHeader,
                "The request's Content-Length is \(declared) but the body is \(length) bytes long"
            )
        case .known: return body
        case .unknown: return body.declaringLength(declared)
        }
    }

    /// Writes the query for a payload straight into the request's URL, in ``queryStyle`` with ``spaceEncoding``: an
    /// `Encodable` value is written to the query directly when the style and encoder allow it
    /// (``QueryStyle/appendQuery(encoding:to:parameterEncoder:spaceEncoding:)``), otherwise through
    /// ``parameterEncoder``.
    private func appendQuery(_ payload: Payload, to request: inout SerializedRequest) throws(SerializationError) {
        let style = queryStyle
        let spaces = spaceEncoding
        let isStandard = style is StandardQueryStyle
        // Each case captures only what it reads: copying the payload or the encoder into the closure would retain
        // their storage on every request.
        switch payload {
        case .parameters(let parameters):
            try request.appendQuery(isEscaped: isStandard) { bytes throws(SerializationError) in
                try Self.callingFormat("The query style '\(type(of: style))' failed") {
                    if isStandard {
                        try style.appendQuery(for: parameters, to: &bytes, spaceEncoding: spaces)
                    } else {
                        // A custom style's own `queryString`, the requirement it may implement alone.
                        bytes.append(contentsOf: try style.queryString(for: parameters, spaceEncoding: spaces).utf8)
                    }
                }
            }
        case .encodable(let value) where isStandard:
            try request.appendQuery(isEscaped: true) { bytes throws(SerializationError) in
                try Self.callingFormat("The query style '\(type(of: style))' failed") {
                    try style.appendQuery(
                        encoding: value, to: &bytes, parameterEncoder: parameterEncoder, spaceEncoding: spaces)
                }
            }
        case .encodable(let value):
            // A custom style reads a tree.
            let parameters = try Self.callingFormat("The parameter encoder failed") {
                try parameterEncoder.encode(value)
            }
            try appendQuery(.parameters(parameters), to: &request)
        case .jsonText(let text):
            if let style = style as? StandardQueryStyle {
                // Written into the URL's text directly: a large parameters file's query is held once.
                try request.appendEscapedQuery { prefix throws(SerializationError) in
                    try Self.callingFormat("The query style '\(type(of: style))' failed") {
                        try style.writtenQuery(events: text.sendEvents(to:), after: prefix, spaceEncoding: spaces)
                    }
                }
            } else {
                // A custom style reads a tree.
                try appendQuery(.parameters(try ParameterValue(json: text)), to: &request)
            }
        }
    }

    /// The format for the body: the one registered for the caller's `Content-Type` (exactly, then by its structured
    /// suffix) when there is one, otherwise the one for ``bodyMediaType``; form bodies need no registration. A
    /// caller's type with no registered format, or one that is not a well-formed media type, is sent as it is.
    private func bodySerializer(for headers: HeaderFields) throws(SerializationError) -> any BodySerializer {
        if let text = headers[.contentType], let mediaType = ContentType(text), registry.contains(mediaType) {
            return try registry.serializer(for: mediaType)
        }
        // The default: form bodies with nothing registered. Asking the empty registry first would build (and
        // throw away) a "no serializer registered" error on every request.
        if bodyMediaType.hasSameEssence(as: .formURLEncoded) && registry.isEmpty {
            return BuiltInFormSerializer()
        }
        do {
            return try registry.serializer(for: bodyMediaType)
        } catch  where bodyMediaType.hasSameEssence(as: .formURLEncoded) {
            return BuiltInFormSerializer()
        }
    }

    /// Keeps the caller's `Content-Type` verbatim, unless the body is multipart and needs a boundary the caller
    /// could not know, in which case the body's own type replaces it.
    /// - Throws: ``SerializationError/Code/invalidHeader`` for a multipart body under a caller's type that is
    ///   not multipart.
    private func applyContentType(_ contentType: ContentType, to headers: inout HeaderFields) throws(SerializationError)
    {
        guard let existing = headers[.contentType] else {
            try headers.setValue(contentType.description, for: .contentType)
            return
        }
        guard let boundary = contentType.parameter("boundary") else { return }
        guard let callerType = ContentType(existing), callerType.type == "multipart" else {
            throw SerializationError(
                .invalidHeader,
                "The body is '\(contentType.essence)' but the request's Content-Type is "
                    + "\(SerializationError.quoted(existing)); a multipart body needs a multipart type"
            )
        }
        if callerType.parameter("boundary") != boundary {
            try headers.setValue(contentType.description, for: .contentType)
        }
    }

    /// Runs a format's or a query style's code, passing ``SerializationError``s through and wrapping any other
    /// error as ``SerializationError/Code/serializerFailed`` with the error kept as its underlying error.
    static func callingFormat<Result>(
        _ failure: @autoclosure () -> String,
        _ body: () throws -> Result
    ) throws(SerializationError) -> Result {
        do {
            return try body()
        } catch let error as SerializationError {
            throw error
        } catch {
            throw SerializationError(.serializerFailed, failure(), underlyingError: error)
        }
    }
}
