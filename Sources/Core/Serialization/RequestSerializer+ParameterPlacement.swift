extension RequestSerializer {
    /// Where a request's parameters, or the fields of an `Encodable` value, go: chosen by the method, or always the
    /// URL's query, or always the body.
    ///
    /// ```swift
    /// // A DELETE whose parameters go in a JSON body, not in the query:
    /// let request = try serializer.serializedRequest(
    ///     method: .delete, url: "https://example.com/items", parameters: ["ids": [1, 2]], format: .json,
    ///     placement: .body)
    /// ```
    ///
    /// Parameters have only these two places, so this enum is closed for good: no case will be added.
    public enum ParameterPlacement: Sendable, Hashable {
        /// By the method: in the URL's query for the methods in ``RequestSerializer/methodsEncodingParametersInURL``
        /// (`GET`, `HEAD` and `DELETE` by default), in a body for the others. A multipart format given for the
        /// request always writes a body.
        case automatic
        /// Always in the URL's query, whatever the method; no body is written.
        case query
        /// Always in a body, whatever the method; `GET` and `HEAD` cannot carry one.
        case body
    }
}
