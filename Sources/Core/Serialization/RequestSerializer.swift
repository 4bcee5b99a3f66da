public import Foundation

#if canImport(FoundationNetworking)
    public import FoundationNetworking
#endif

/// Builds HTTP requests from a method, a URL and parameters: the query string for `GET`, `HEAD` and `DELETE`,
/// a body from the registered format for every other method, and default headers.
///
/// ```swift
/// import Wireform
/// import WireformFormURLEncoded
///
/// var serializer = RequestSerializer(registry: BodySerializerRegistry([.formURLEncoded]))
/// let get = try serializer.urlRequest(method: .get, url: "https://example.com/users", parameters: ["page": 2])
/// // https://example.com/users?page=2
/// let post = try serializer.urlRequest(method: .post, url: "https://example.com/users", parameters: ["name": "bang"])
/// // body: name=bang, Content-Type: application/x-www-form-urlencoded
/// ```
///
/// The body format is the one registered for the request's own `Content-Type` when the caller set one (which is
/// kept), otherwise the one for ``bodyMediaType``.
public struct RequestSerializer: Sendable {
    /// The formats available for bodies.
    public var registry: BodySerializerRegistry
    /// The media type of the format used when the request has no `Content-Type` of its own.
    public var bodyMediaType: MediaType
    /// How parameters are written into the URL's query.
    public var queryStyle: any QueryStyle
    /// How spaces are written in the URL's query.
    public var querySpaceEncoding: PercentEncoding.SpaceEncoding
    /// The methods whose parameters go in the URL, compared case-insensitively: `GET`, `HEAD` and `DELETE`.
    public var methodsEncodingParametersInURL: Set<HTTPMethod>
    /// Headers added to every request that does not already have a field of the same name.
    ///
    /// By default `Accept-Language` (when the user's languages are known) and `User-Agent`.
    public var defaultHeaders: HTTPHeaders
    /// `URLRequest` properties applied to every request, each only when set.
    public var options: RequestOptions

    /// Creates a serializer.
    /// - Parameters:
    ///   - registry: The formats available for bodies.
    ///   - bodyMediaType: The format used for bodies when a request has no `Content-Type` of its own.
    ///   - queryStyle: How parameters are written into a query.
    ///   - includesDefaultHeaders: Whether to start with `Accept-Language` and `User-Agent` headers.
    public init(
        registry: BodySerializerRegistry = BodySerializerRegistry(),
        bodyMediaType: MediaType = .formURLEncoded,
        queryStyle: any QueryStyle = .brackets,
        includesDefaultHeaders: Bool = true
    ) {
        self.registry = registry
        self.bodyMediaType = bodyMediaType
        self.queryStyle = queryStyle
        self.querySpaceEncoding = .percent20
        self.methodsEncodingParametersInURL = [.get, .head, .delete]
        self.options = RequestOptions()
        var headers = HTTPHeaders()
        if includesDefaultHeaders {
            if let languages = DefaultHeaders.acceptLanguage() {
                try? headers.setValue(languages, for: .acceptLanguage)
            }
            try? headers.setValue(DefaultHeaders.userAgent, for: .userAgent)
        }
        self.defaultHeaders = headers
    }

    /// Whether a method's parameters go in the URL.
    /// - Parameter method: The method.
    /// - Returns: `true` when the method is in ``methodsEncodingParametersInURL``, ignoring case.
    public func encodesParametersInURL(_ method: HTTPMethod) -> Bool {
        let name = method.rawValue.uppercased()
        return methodsEncodingParametersInURL.contains { $0.rawValue.uppercased() == name }
    }

    /// Builds a request from parameters.
    /// - Parameters:
    ///   - method: The method.
    ///   - url: The URL; an existing query and fragment are kept.
    ///   - headers: The request's own headers; they win over the defaults.
    ///   - parameters: The parameters, or `nil` for none.
    /// - Returns: The request.
    /// - Throws: ``SerializationError`` when the parameters cannot be serialized, the request's `Content-Type` is
    ///   invalid or has no registered format, or the URL cannot take the query.
    public func serializedRequest(
        method: HTTPMethod,
        url: URL,
        headers: HTTPHeaders = HTTPHeaders(),
        parameters: ParameterValue? = nil
    ) throws -> SerializedRequest {
        try build(method: method, url: url, headers: headers, hasPayload: parameters != nil) { serializer in
            guard let parameters else { return try serializer.bodyWithoutParameters }
            return try serializer.serialize(parameters)
        } query: {
            parameters
        }
    }

    /// Builds a request from an `Encodable` value: its fields become the query or the body.
    /// - Parameters:
    ///   - method: The method.
    ///   - url: The URL; an existing query and fragment are kept.
    ///   - headers: The request's own headers.
    ///   - value: The value; formats that encode `Encodable` themselves (JSON, property lists) are given it whole.
    /// - Returns: The request.
    /// - Throws: ``SerializationError`` when the value cannot be encoded or serialized.
    public func serializedRequest<Value: Encodable>(
        method: HTTPMethod,
        url: URL,
        headers: HTTPHeaders = HTTPHeaders(),
        encoding value: Value
    ) throws -> SerializedRequest {
        try build(method: method, url: url, headers: headers, hasPayload: true) { serializer in
            try serializer.serialize(encodable: value)
        } query: {
            try ParameterEncoder().encode(value)
        }
    }

    /// Builds a request from parameters, with the URL given as a string.
    /// - Parameters:
    ///   - method: The method.
    ///   - url: An absolute URL string.
    ///   - headers: The request's own headers.
    ///   - parameters: The parameters, or `nil` for none.
    /// - Returns: The request.
    /// - Throws: ``SerializationError/Code/invalidURL`` for a string that is not an absolute URL, and the errors
    ///   of ``serializedRequest(method:url:headers:parameters:)-(_,URL,_,_)``.
    public func serializedRequest(
        method: HTTPMethod,
        url: String,
        headers: HTTPHeaders = HTTPHeaders(),
        parameters: ParameterValue? = nil
    ) throws -> SerializedRequest {
        try serializedRequest(method: method, url: Self.parseURL(url), headers: headers, parameters: parameters)
    }

    /// Builds a `URLRequest` from parameters.
    /// - Parameters:
    ///   - method: The method.
    ///   - url: The URL.
    ///   - headers: The request's own headers.
    ///   - parameters: The parameters, or `nil` for none.
    /// - Returns: The request.
    /// - Throws: ``SerializationError`` as ``serializedRequest(method:url:headers:parameters:)-(_,URL,_,_)`` does.
    public func urlRequest(
        method: HTTPMethod,
        url: URL,
        headers: HTTPHeaders = HTTPHeaders(),
        parameters: ParameterValue? = nil
    ) throws -> URLRequest {
        try serializedRequest(method: method, url: url, headers: headers, parameters: parameters).urlRequest()
    }

    /// Builds a `URLRequest` from parameters, with the URL given as a string.
    /// - Parameters:
    ///   - method: The method.
    ///   - url: An absolute URL string.
    ///   - headers: The request's own headers.
    ///   - parameters: The parameters, or `nil` for none.
    /// - Returns: The request.
    /// - Throws: ``SerializationError/Code/invalidURL`` for a string that is not an absolute URL, and the
    ///   serialization errors.
    public func urlRequest(
        method: HTTPMethod,
        url: String,
        headers: HTTPHeaders = HTTPHeaders(),
        parameters: ParameterValue? = nil
    ) throws -> URLRequest {
        try serializedRequest(method: method, url: url, headers: headers, parameters: parameters).urlRequest()
    }

    /// Serializes parameters into an existing `URLRequest`, keeping its method, URL, headers and properties.
    ///
    /// The request is changed only where serializing needs it: the URL gets the query, the body is replaced by
    /// the serialized one, headers it lacks are added from ``defaultHeaders`` (and `Content-Type`), and the
    /// ``options`` that are set are applied. Every other property (timeout, cache policy, main document URL, …) is
    /// kept. A request that already has a body and is given no parameters keeps its body.
    /// - Parameters:
    ///   - request: The request; its method defaults to `GET` when unset.
    ///   - parameters: The parameters, or `nil` for none.
    /// - Returns: The request with the query or body, and the default headers it lacked.
    /// - Throws: ``SerializationError`` when the request has no URL, invalid headers, or parameters that cannot be
    ///   serialized.
    public func serialize(_ request: URLRequest, parameters: ParameterValue?) throws -> URLRequest {
        guard let url = request.url else {
            throw SerializationError(.invalidURL, "The request to serialize has no URL")
        }
        let method = try HTTPMethod(validating: request.httpMethod ?? "GET")
        var headers = HTTPHeaders()
        for (name, value) in (request.allHTTPHeaderFields ?? [:]).sorted(by: { $0.key < $1.key }) {
            try headers.addValue(value, for: HTTPHeaders.Name(validating: name))
        }
        let keepsOwnBody = parameters == nil && (request.httpBody != nil || request.httpBodyStream != nil)
        let serialized = try build(method: method, url: url, headers: headers, hasPayload: parameters != nil) {
            serializer in
            if keepsOwnBody { return nil }
            guard let parameters else { return try serializer.bodyWithoutParameters }
            return try serializer.serialize(parameters)
        } query: {
            parameters
        }
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

    private func build(
        method: HTTPMethod,
        url: URL,
        headers requestHeaders: HTTPHeaders,
        hasPayload: Bool,
        body makeBody: (_ serializer: any BodySerializer) throws -> SerializedBody?,
        query makeQueryParameters: () throws -> ParameterValue?
    ) throws -> SerializedRequest {
        try method.validate()
        var headers = requestHeaders
        for field in defaultHeaders { try headers.setDefaultValue(field.value, for: field.name) }
        var request = SerializedRequest(method: method, url: url, headers: headers, options: options)
        if encodesParametersInURL(method) {
            if let parameters = try makeQueryParameters() {
                request.url = try Self.appendingQuery(try query(for: parameters), to: url)
            }
            return request
        }
        let serializer: any BodySerializer
        if hasPayload {
            serializer = try bodySerializer(for: requestHeaders)
        } else if let found = try? bodySerializer(for: requestHeaders) {
            serializer = found
        } else {
            // Nothing to serialize and no format to ask for an empty body: the request simply has none.
            return request
        }
        let serialized: SerializedBody?
        do {
            serialized = try makeBody(serializer)
        } catch let error as SerializationError {
            throw error
        } catch {
            throw SerializationError(
                .serializerFailed,
                "The serializer for '\(serializer.mediaType)' failed",
                underlyingError: error
            )
        }
        guard let serialized else { return request }
        try applyContentType(serialized.contentType, to: &request.headers)
        if case .known(let length) = serialized.body.length, !request.headers.contains(.contentLength) {
            try request.headers.setValue(String(length), for: .contentLength)
        }
        request.body = serialized.body
        return request
    }

    private func query(for parameters: ParameterValue) throws -> String {
        do {
            return try queryStyle.queryString(for: parameters, spaceEncoding: querySpaceEncoding)
        } catch let error as SerializationError {
            throw error
        } catch {
            throw SerializationError(
                .serializerFailed,
                "The query style '\(type(of: queryStyle))' failed",
                underlyingError: error
            )
        }
    }

    private func bodySerializer(for headers: HTTPHeaders) throws(SerializationError) -> any BodySerializer {
        guard let contentType = headers[.contentType] else { return try registry.serializer(for: bodyMediaType) }
        return try registry.serializer(for: MediaType(validating: contentType))
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

    static func parseURL(_ string: String) throws(SerializationError) -> URL {
        guard let url = URL(string: string), url.scheme != nil else {
            throw SerializationError(.invalidURL, "Invalid URL \(HTTPToken.quoted(string)): expected an absolute URL")
        }
        return url
    }

    /// Appends an encoded query: with `?` or `&`, before any fragment; an empty query changes nothing.
    static func appendingQuery(_ query: String, to url: URL) throws(SerializationError) -> URL {
        guard !query.isEmpty else { return url }
        var text = url.absoluteString
        var fragment = ""
        if let hash = text.firstIndex(of: "#") {
            fragment = String(text[hash...])
            text = String(text[..<hash])
        }
        if let questionMark = text.firstIndex(of: "?") {
            if text.index(after: questionMark) != text.endIndex && !text.hasSuffix("&") { text += "&" }
        } else {
            text += "?"
        }
        text += query + fragment
        guard let result = URL(string: text) else {
            throw SerializationError(
                .invalidURL, "Cannot append the query to URL \(HTTPToken.quoted(url.absoluteString))")
        }
        return result
    }
}
