extension RequestSerializer {
    /// Builds a request from JSON text: its parameters go where
    /// ``serializedRequest(method:url:headers:query:parameters:format:placement:)`` puts parameters (the URL's
    /// query for the methods in ``methodsEncodingParametersInURL``, a body of the chosen or registered format for
    /// the others), with the same bytes as the tree ``ParameterValue/init(json:)`` reads, but read as the text
    /// streams.
    ///
    /// ```swift
    /// // An API gateway turning a client's JSON into the form body an upstream service takes.
    /// let text = JSONText(MessageBody(bytes: clientBody), maximumLength: 1 << 20)
    /// let request = try serializer.serializedRequest(method: .post, url: upstreamURL, json: text)
    /// ```
    ///
    /// The query of a ``StandardQueryStyle`` and the built-in form body are written from the reader's events, as is
    /// every Wireform format that writes events; any other format, and a custom ``QueryStyle``, is given the tree.
    /// ``JSONText`` states the reading rules, the errors and the maximum length.
    /// - Parameters:
    ///   - method: The method.
    ///   - url: The URL, as a `URL` or an `http` or `https` URL string: absolute, or relative to ``baseURL``
    ///     (RFC 3986, section 5); an existing query and fragment are kept.
    ///   - headers: The request's own headers; they win over the defaults.
    ///   - query: Parameters that always go in the URL's query, before any routed there by `placement`, or `nil`.
    ///   - text: The JSON text.
    ///   - format: The format for the body, or `nil` for the registry's; not used when the parameters go in the
    ///     query.
    ///   - placement: Where the parameters go: by the method (the default), the query or the body.
    /// - Returns: The request.
    /// - Throws: ``SerializationError/Code/invalidJSON`` for invalid text, ``SerializationError/Code/bodyTooLarge``
    ///   for text longer than its `maximumLength`, and the errors of
    ///   ``serializedRequest(method:url:headers:query:parameters:format:placement:)``.
    public func serializedRequest(
        method: RequestMethod,
        url: some RequestURLConvertible,
        headers: HeaderFields = HeaderFields(),
        query: ParameterValue? = nil,
        json text: JSONText,
        format: (any BodySerializer)? = nil,
        placement: ParameterPlacement = .automatic
    ) throws(SerializationError) -> SerializedRequest {
        try build(
            method: method,
            url: url.requestURL(),
            headers: headers,
            query: query,
            payload: .jsonText(text),
            format: format,
            placement: placement
        )
    }
}
