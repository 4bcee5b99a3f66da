#if canImport(FoundationEssentials)
    import FoundationEssentials
#else
    import Foundation
#endif

/// Builds HTTP requests from a method, a URL and parameters or a body: the query string for `GET`, `HEAD` and
/// `DELETE`, a body for every other method, and default headers.
///
/// ```swift
/// import Wireform
/// import WireformFoundation  // urlRequest()
///
/// let serializer = RequestSerializer()
/// let get = try serializer.serializedRequest(method: .get, url: "https://example.com/users", parameters: ["page": 2])
/// // https://example.com/users?page=2
/// let post = try serializer.serializedRequest(
///     method: .post, url: "https://example.com/users", parameters: ["name": "bang"])
/// // body: name=bang, Content-Type: application/x-www-form-urlencoded
/// let urlRequest = try post.urlRequest()
/// ```
///
/// Every request is built by one of five calls, one per kind of input; each takes the URL as a `String` or a `URL`
/// (``RequestURLConvertible``, absolute or relative to ``baseURL``), the request's own headers, and `query`
/// parameters that always go in the URL:
///
/// | What goes in | Call |
/// | --- | --- |
/// | Parameters, or none | ``serializedRequest(method:url:headers:query:parameters:format:placement:)`` |
/// | An `Encodable` value | ``serializedRequest(method:url:headers:query:encoding:format:placement:)`` |
/// | A body you built (a multipart form with files, bytes) | ``serializedRequest(method:url:headers:query:body:)`` |
/// | A value of a typed format (a protobuf message) | ``serializedRequest(method:url:headers:query:body:format:)`` |
/// | An existing `URLRequest` | `serialize(_:parameters:options:)` (WireformFoundation) |
///
/// Parameters and `Encodable` values go where ``ParameterPlacement`` says: by the method
/// (``methodsEncodingParametersInURL``), or always the query, or always the body. One ``queryStyle`` and
/// ``spaceEncoding`` govern the URL's query, form bodies and multipart field names (a format configured with a
/// style of its own overrides it). Bodies come from the format given for the request, else from the one
/// registered for the request's own `Content-Type` when the caller set one (it is kept), else from the one for
/// ``bodyMediaType``; `application/x-www-form-urlencoded` needs no registration. A ``SerializedRequest`` becomes a
/// `URLRequest` with `urlRequest(options:)` from WireformFoundation.
public struct RequestSerializer: Sendable {
    /// The formats available for bodies.
    public var registry: BodySerializerRegistry
    /// The media type of the format used when the request has no `Content-Type` of its own.
    public var bodyMediaType: ContentType
    /// How parameters become `name=value` pairs: in the URL's query, in form bodies and in multipart field names.
    public var queryStyle: any QueryStyle
    /// How spaces are written in the URL's query and in form bodies.
    public var spaceEncoding: PercentEncoding.SpaceEncoding
    /// How `Encodable` values become parameters for the query and for formats that do not encode them themselves.
    public var parameterEncoder: ParameterValueEncoder
    /// The methods whose parameters go in the URL: `GET`, `HEAD` and `DELETE`. Methods are case-sensitive.
    public var methodsEncodingParametersInURL: Set<RequestMethod>
    /// Headers added to every request that does not already have a field of the same name.
    ///
    /// By default `Accept-Language` for the user's preferred languages, such as `fr-CA;q=1, fr;q=0.9` (omitted when
    /// none is known), and `User-Agent`, `Name/Version (OS Version; Architecture) Wireform/Version`; read one with
    /// `RequestSerializer().defaultHeaders[.userAgent]`, or build a `User-Agent` for a name and version of your own
    /// with ``DefaultHeaders/userAgent(applicationName:version:)``.
    ///
    /// At most six languages, with q-values falling by 0.1: on Apple platforms from `Locale.preferredLanguages`;
    /// elsewhere from the `LANGUAGE`, `LC_ALL`, `LC_MESSAGES` and `LANG` environment variables (`fr_CA.UTF-8` →
    /// `fr-CA`; `C` and `POSIX` mean nothing is known). The `User-Agent` name and version come from the main bundle
    /// on Apple platforms (`CFBundleName`/`CFBundleExecutable`, `CFBundleShortVersionString`), from the process name
    /// elsewhere; characters not allowed in a product token become `-`. Both are computed once per process.
    public var defaultHeaders: HeaderFields
    /// The URL that relative request URLs are resolved against, as AFNetworking's `baseURL`, or `nil` (the default)
    /// to take only absolute URLs.
    ///
    /// ```swift
    /// var serializer = RequestSerializer()
    /// serializer.baseURL = "https://api.example.com/v1/"
    /// let request = try serializer.serializedRequest(method: .get, url: "users", parameters: ["page": 2])
    /// // https://api.example.com/v1/users?page=2
    /// ```
    ///
    /// Every request's URL, whichever call builds it (a `URLRequest` given to `serialize(_:parameters:options:)`
    /// from WireformFoundation too), is resolved by RFC 3986's section 5: `users` and `./users` against
    /// `https://api.example.com/v1/` give `https://api.example.com/v1/users`, `../v2/users` gives
    /// `https://api.example.com/v2/users`, `/users` gives `https://api.example.com/users`, `?page=2` keeps the base's
    /// path, `//cdn.example.com/a` takes only the base's scheme, and an absolute URL keeps everything but its dot
    /// segments (`https://other.example/a/../b` is sent as `https://other.example/b`). The result is then checked
    /// like any URL (an `http` or `https` scheme, a host, a valid port, every byte a URL may carry), and `query` and
    /// parameters are appended to it.
    ///
    /// > Important: End the base with `/` when relative URLs should go under its path. By RFC 3986 a relative path
    /// > replaces the base's last segment, so `users` against `https://api.example.com/v1` gives
    /// > `https://api.example.com/users` (as `URL(string: "users", relativeTo: base)` does). AFNetworking's
    /// > `AFHTTPSessionManager` adds the missing `/` to its `baseURL` itself; Wireform resolves the base as written.
    ///
    /// The base is a `String`, a `URL` or any ``RequestURLConvertible``; it must be an absolute `http` or `https` URL
    /// without a fragment (RFC 3986, section 5.1), or every request is refused with
    /// ``SerializationError/Code/invalidURL`` naming it. A `URL` made with `URL(string:relativeTo:)` needs no base:
    /// its `absoluteString` is already resolved.
    ///
    /// RFC 3986, section 5, Reference Resolution: https://www.rfc-editor.org/rfc/rfc3986#section-5
    public var baseURL: (any RequestURLConvertible)?

    /// Creates a serializer.
    /// - Parameters:
    ///   - registry: The formats available for bodies; form bodies need none.
    ///   - bodyMediaType: The format used for bodies when a request has no `Content-Type` of its own.
    ///   - queryStyle: How parameters become pairs in queries, form bodies and multipart field names.
    ///   - includesDefaultHeaders: Whether to start with `Accept-Language` and `User-Agent` headers.
    public init(
        registry: BodySerializerRegistry = BodySerializerRegistry(),
        bodyMediaType: ContentType = .formURLEncoded,
        queryStyle: any QueryStyle = .brackets,
        includesDefaultHeaders: Bool = true
    ) {
        self.registry = registry
        self.bodyMediaType = bodyMediaType
        self.queryStyle = queryStyle
        self.spaceEncoding = .percent20
        self.parameterEncoder = ParameterValueEncoder()
        self.methodsEncodingParametersInURL = [.get, .head, .delete]
        self.defaultHeaders = includesDefaultHeaders ? DefaultHeaders.standard : HeaderFields()
        self.baseURL = nil
    }

    /// What this serializer tells body formats: its query style, space encoding and parameter encoder.
    var context: BodySerializationContext {
        BodySerializationContext(
            queryStyle: queryStyle, spaceEncoding: spaceEncoding, parameterEncoder: parameterEncoder)
    }

    /// Whether a method's parameters go in the URL.
    /// - Parameter method: The method.
    /// - Returns: `true` when the method is in ``methodsEncodingParametersInURL`` (case-sensitive, as methods are).
    package func encodesParametersInURL(_ method: RequestMethod) -> Bool {
        // A few methods (three by default): comparing them costs less than hashing the method's name.
        guard methodsEncodingParametersInURL.count <= 8 else { return methodsEncodingParametersInURL.contains(method) }
        return methodsEncodingParametersInURL.contains { $0 == method }
    }
}
