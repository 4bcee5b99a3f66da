#if canImport(FoundationEssentials)
    import FoundationEssentials
#else
    import Foundation
#endif

extension RequestSerializer {
    /// What a request built from parameters carries.
    enum Payload {
        /// A parameter tree.
        case parameters(ParameterValue)
        /// An `Encodable` value, given whole to formats that encode it themselves.
        case encodable(any Encodable)
    }

    /// The shared path of every parameter-based request: default headers, then the query or the body.
    func build(
        method: HTTPMethod,
        url: URL,
        headers: HTTPHeaders,
        payload: Payload?,
        keepsOwnBody: Bool = false
    ) throws(SerializationError) -> SerializedRequest {
        var request = makeRequest(method: method, url: url, headers: headers)
        if encodesParametersInURL(method) {
            if let payload {
                request.url = try Self.appendingQuery(try queryString(for: parameters(of: payload)), to: url)
            }
            return request
        }
        let serializer: any BodySerializer
        if payload != nil {
            serializer = try bodySerializer(for: headers)
        } else if !keepsOwnBody, let found = try? bodySerializer(for: headers) {
            serializer = found
        } else {
            // Nothing to serialize, or the caller's own body to keep: no format is asked for a body.
            return request
        }
        let context = self.context
        let body = try Self.callingFormat("The serializer for '\(serializer.mediaType)' failed") {
            () throws -> SerializedBody? in
            switch payload {
            case .parameters(let parameters): return try serializer.serialize(parameters, context: context)
            case .encodable(let value): return try serializer.serialize(encodable: value, context: context)
            case nil: return try serializer.bodyWithoutParameters
            }
        }
        if let body { try attach(body, to: &request) }
        return request
    }

    /// A request with the caller's headers followed by the default headers it lacks.
    func makeRequest(method: HTTPMethod, url: URL, headers requestHeaders: HTTPHeaders) -> SerializedRequest {
        var headers = requestHeaders
        for field in defaultHeaders where !headers.contains(field.name) {
            headers.append(field)
        }
        return SerializedRequest(method: method, url: url, headers: headers, options: options)
    }

    /// The tail every body goes through: `Content-Type`, `Content-Length` when the length is known, the body.
    func attach(_ serialized: SerializedBody, to request: inout SerializedRequest) throws(SerializationError) {
        try applyContentType(serialized.contentType, to: &request.headers)
        if case .known(let length) = serialized.body.length, !request.headers.contains(.contentLength) {
            try request.headers.setValue(String(length), for: .contentLength)
        }
        request.body = serialized.body
    }

    /// The query string for parameters, in ``queryStyle`` with ``spaceEncoding``.
    func queryString(for parameters: ParameterValue) throws(SerializationError) -> String {
        try Self.callingFormat("The query style '\(type(of: queryStyle))' failed") {
            try queryStyle.queryString(for: parameters, spaceEncoding: spaceEncoding)
        }
    }

    private func parameters(of payload: Payload) throws(SerializationError) -> ParameterValue {
        switch payload {
        case .parameters(let parameters): return parameters
        case .encodable(let value):
            return try Self.callingFormat("The parameter encoder failed") { try parameterEncoder.encode(value) }
        }
    }

    /// The format for the request's own `Content-Type`, or for ``bodyMediaType``; form bodies need no registration.
    private func bodySerializer(for headers: HTTPHeaders) throws(SerializationError) -> any BodySerializer {
        let mediaType = try headers[.contentType].map { text throws(SerializationError) in
            try MediaType(validating: text)
        }
        do {
            return try registry.serializer(for: mediaType ?? bodyMediaType)
        } catch  where (mediaType ?? bodyMediaType).matches(.formURLEncoded) {
            return BuiltInFormSerializer()
        }
    }

    /// Keeps the caller's `Content-Type`, unless the body needs a parameter the caller could not know (a
    /// multipart `boundary`), in which case the body's own type replaces it.
    private func applyContentType(_ contentType: MediaType, to headers: inout HTTPHeaders) throws(SerializationError) {
        if let existing = headers[.contentType], let boundary = contentType.parameter("boundary") {
            let callerType = try MediaType(validating: existing)
            if callerType.parameter("boundary") != boundary {
                try headers.setValue(contentType.description, for: .contentType)
            }
            return
        }
        try headers.setDefaultValue(contentType.description, for: .contentType)
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
