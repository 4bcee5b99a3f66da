// Every public way to build a request, on one page; the shared paths are in RequestSerializer+Building.swift.
extension RequestSerializer {
    /// Builds a request from parameters: in the URL's query for the methods in ``methodsEncodingParametersInURL``,
    /// in a body for the others, or where `placement` says.
    ///
    /// ```swift
    /// let serializer = RequestSerializer()
    /// let get = try serializer.serializedRequest(method: .get, url: "https://example.com/users", parameters: ["page": 2])
    /// // https://example.com/users?page=2
    /// let post = try serializer.serializedRequest(
    ///     method: .post, url: "https://example.com/api", parameters: ["ids": [1, 2]], format: .json)
    /// // body: {"ids":[1,2]}, Content-Type: application/json
    /// ```
    ///
    /// The body's format is `format` when given, whatever the registry and ``bodyMediaType`` say; otherwise the one
    /// registered for the request's own `Content-Type` (exactly, then by its structured suffix), otherwise the one
    /// for ``bodyMediaType`` (`application/x-www-form-urlencoded` needs no registration). A caller's `Content-Type`
    /// with no registered format is sent as it is. A multipart `format` was asked for explicitly and always writes
    /// a body under ``ParameterPlacement/automatic``: `DELETE` and custom methods carry it, `GET` and `HEAD` are an
    /// error. The caller's `Content-Type` is kept, except that a multipart body replaces it to add its boundary.
    /// - Parameters:
    ///   - method: The method.
    ///   - url: The URL, as a `URL` or an `http` or `https` URL string: absolute, or relative to ``baseURL``
    ///     (RFC 3986, section 5); an existing query and fragment are kept.
    ///   - headers: The request's own headers; they win over the defaults.
    ///   - query: Parameters that always go in the URL's query, before any routed there by `placement`, or `nil`.
    ///   - parameters: The parameters, or `nil` for none.
    ///   - format: The format for the body, such as `.json` from `WireformJSONBody`, or `nil` for the registry's.
    ///     It is not used when the parameters go in the query.
    ///   - placement: Where the parameters go: by the method (the default), the query or the body.
    /// - Returns: The request.
    /// - Throws: ``SerializationError`` when the URL is not absolute (nor resolved against a ``baseURL``), the
    ///   parameters cannot be serialized, the request's `Content-Type` is invalid or has no registered format, or
    ///   the URL cannot take the query;
    ///   ``SerializationError/Code/unsupportedBody`` for a body with `GET` or `HEAD`. A format's own error is kept
    ///   as the ``SerializationError/underlyingError`` of a ``SerializationError/Code/serializerFailed`` error.
    public func serializedRequest(
        method: RequestMethod,
        url: some RequestURLConvertible,
        headers: HeaderFields = HeaderFields(),
        query: ParameterValue? = nil,
        parameters: ParameterValue? = nil,
        format: (any BodySerializer)? = nil,
        placement: ParameterPlacement = .automatic
    ) throws(SerializationError) -> SerializedRequest {
        try build(
            method: method,
            url: url.requestURL(),
            headers: headers,
            query: query,
            payload: parameters.map(Payload.parameters),
            format: format,
            placement: placement
        )
    }

    /// Builds a request from an `Encodable` value: its fields go where parameters would
    /// (``serializedRequest(method:url:headers:query:parameters:format:placement:)``).
    ///
    /// ```swift
    /// let search = try serializer.serializedRequest(method: .get, url: "https://example.com/search", encoding: filter)
    /// let post = try serializer.serializedRequest(
    ///     method: .post, url: "https://example.com/events", query: ["v": 2], encoding: event, format: .json,
    ///     placement: .body)
    /// // POST /events?v=2, body: the event as JSON, whatever the method
    /// ```
    ///
    /// For the query and for formats that take parameters, the value goes through ``parameterEncoder``; formats that
    /// encode `Encodable` values themselves (JSON, property lists) are given it whole
    /// (``BodySerializer/serialize(encodable:context:)``).
    /// - Parameters:
    ///   - method: The method.
    ///   - url: The URL, as a `URL` or an `http` or `https` URL string: absolute, or relative to ``baseURL``
    ///     (RFC 3986, section 5); an existing query and fragment are kept.
    ///   - headers: The request's own headers; they win over the defaults.
    ///   - query: Parameters that always go in the URL's query, before any routed there by `placement`, or `nil`.
    ///   - value: The value.
    ///   - format: The format for the body, or `nil` for the registry's; not used when the value goes in the query.
    ///   - placement: Where the value's fields go: by the method (the default), the query or the body.
    /// - Returns: The request.
    /// - Throws: ``SerializationError`` when the value cannot be encoded or serialized, and the errors of
    ///   ``serializedRequest(method:url:headers:query:parameters:format:placement:)``.
    public func serializedRequest(
        method: RequestMethod,
        url: some RequestURLConvertible,
        headers: HeaderFields = HeaderFields(),
        query: ParameterValue? = nil,
        encoding value: some Encodable,
        format: (any BodySerializer)? = nil,
        placement: ParameterPlacement = .automatic
    ) throws(SerializationError) -> SerializedRequest {
        try build(
            method: method,
            url: url.requestURL(),
            headers: headers,
            query: query,
            payload: .encodable(value),
            format: format,
            placement: placement
        )
    }

    /// Builds a request around a body you made yourself, such as a multipart form with files, with the same
    /// default headers, `Content-Type` and `Content-Length` as every other request.
    ///
    /// ```swift
    /// var form = MultipartForm()
    /// try form.append(fileAt: photoURL, name: "photo")
    /// let request = try serializer.serializedRequest(
    ///     method: .post, url: uploadURL, query: ["album": 7], body: form.serializedBody)
    /// ```
    ///
    /// The body is sent whatever ``methodsEncodingParametersInURL`` says (a `DELETE` or a custom method carries
    /// it); `query` parameters, when given, go in the URL with ``queryStyle``. The caller's `Content-Type` is kept
    /// unless the body needs a parameter the caller could not know (a multipart `boundary`).
    /// - Parameters:
    ///   - method: The method; `GET` and `HEAD` cannot carry a body.
    ///   - url: The URL, as a `URL` or an `http` or `https` URL string: absolute, or relative to ``baseURL``
    ///     (RFC 3986, section 5); an existing query and fragment are kept.
    ///   - headers: The request's own headers; they win over the defaults.
    ///   - query: Parameters for the URL's query, or `nil` for none.
    ///   - body: The body and its `Content-Type`.
    /// - Returns: The request.
    /// - Throws: ``SerializationError/Code/unsupportedBody`` for `GET` and `HEAD`;
    ///   ``SerializationError/Code/invalidURL`` for a string that is not an absolute URL (nor resolved against a
    ///   ``baseURL``); the query's errors; an invalid `Content-Type`.
    public func serializedRequest(
        method: RequestMethod,
        url: some RequestURLConvertible,
        headers: HeaderFields = HeaderFields(),
        query: ParameterValue? = nil,
        body: SerializedBody
    ) throws(SerializationError) -> SerializedRequest {
        let (url, parts) = try checkedURL(try url.requestURL())
        try Self.checkCarriesBody(method)
        return try attaching(body, method: method, url: url, parts: parts, headers: headers, query: query)
    }

    /// Builds a request whose body is a value written by a format you choose, such as a protobuf message:
    ///
    /// ```swift
    /// import WireformProtobuf
    ///
    /// let request = try serializer.serializedRequest(
    ///     method: .post, url: "https://example.com/events", query: ["v": 2], body: event, format: .protobuf)
    /// ```
    ///
    /// The method, URL, query, default headers, `Content-Type` and `Content-Length` come from this serializer as
    /// for every other request; the body is ``TypedBodySerializer/serialize(value:context:)``'s. The body is sent
    /// whatever ``methodsEncodingParametersInURL`` says, as with
    /// ``serializedRequest(method:url:headers:query:body:)``. The caller's `Content-Type` is kept (send
    /// `application/x-protobuf` to a server that wants it), otherwise the format's is sent. An `Encodable` value
    /// needs no typed format: pass it as `encoding:` with `placement: .body`.
    /// - Parameters:
    ///   - method: The method; `GET` and `HEAD` cannot carry a body.
    ///   - url: The URL, as a `URL` or an `http` or `https` URL string: absolute, or relative to ``baseURL``
    ///     (RFC 3986, section 5); an existing query and fragment are kept.
    ///   - headers: The request's own headers; they win over the defaults.
    ///   - query: Parameters for the URL's query, or `nil` for none.
    ///   - value: The value for the body.
    ///   - format: The format that writes it.
    /// - Returns: The request.
    /// - Throws: The errors of ``serializedRequest(method:url:headers:query:body:)``; the format's
    ///   ``SerializationError``, or its own error as the ``SerializationError/underlyingError`` of a
    ///   ``SerializationError/Code/serializerFailed`` error.
    public func serializedRequest<Format: TypedBodySerializer>(
        method: RequestMethod,
        url: some RequestURLConvertible,
        headers: HeaderFields = HeaderFields(),
        query: ParameterValue? = nil,
        body value: Format.Value,
        format: Format
    ) throws(SerializationError) -> SerializedRequest {
        let (url, parts) = try checkedURL(try url.requestURL())
        try Self.checkCarriesBody(method)
        let context = self.context
        let body = try Self.callingFormat("The serializer for '\(format.mediaType)' failed") {
            try format.serialize(value: value, context: context)
        }
        return try attaching(body, method: method, url: url, parts: parts, headers: headers, query: query)
    }
}
