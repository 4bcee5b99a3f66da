public import Wireform

// `URLRequest` is in FoundationNetworking on Linux and in Foundation on Apple platforms.
#if canImport(FoundationNetworking)
    import Foundation
    public import FoundationNetworking
#else
    public import Foundation
#endif

extension RequestSerializer {
    /// Serializes parameters into an existing `URLRequest`, keeping its method, URL, headers and properties.
    ///
    /// The request is changed only where serializing needs it: the URL gets the query, the body is replaced by
    /// the serialized one, headers it lacks are added from `defaultHeaders` (and `Content-Type`), and the
    /// `options` that are set are applied. Every other property (timeout, cache policy, main document URL, …) is
    /// kept. A request that already has a body and is given no parameters keeps its body.
    /// - Parameters:
    ///   - request: The request; its method defaults to `GET` when unset.
    ///   - parameters: The parameters, or `nil` for none.
    ///   - options: The ``WireformFoundation/RequestOptions`` to apply, each only when set.
    /// - Returns: The request with the query or body, and the default headers it lacked.
    /// - Throws: ``SerializationError`` when the request has no URL, invalid headers, or parameters that cannot be
    ///   serialized.
    public func serialize(
        _ request: URLRequest,
        parameters: ParameterValue?,
        options: RequestOptions = RequestOptions()
    ) throws(SerializationError) -> URLRequest {
        guard let url = request.url else {
            throw SerializationError(.invalidURL, "The request to serialize has no URL")
        }
        let method = try RequestMethod(validating: request.httpMethod ?? "GET")
        var headers = HeaderFields()
        for (name, value) in (request.allHTTPHeaderFields ?? [:]).sorted(by: { $0.key < $1.key }) {
            try headers.addValue(value, for: HeaderFields.Name(validating: name))
        }
        let hasOwnBody = request.httpBody != nil || request.httpBodyStream != nil
        let serialized = try build(
            method: method,
            url: url.absoluteString,
            headers: headers,
            payload: parameters.map(Payload.parameters),
            keepsOwnBody: hasOwnBody
        )
        let built = try serialized.urlRequest()
        var result = request
        result.httpMethod = method.rawValue
        result.url = built.url
        result.allHTTPHeaderFields = built.allHTTPHeaderFields
        if let data = built.httpBody {
            result.httpBody = data
        } else if let stream = built.httpBodyStream {
            result.httpBodyStream = stream
        }
        options.apply(to: &result)
        return result
    }
}
