public import HTTPTypes
public import Wireform

extension HTTPRequest.Method {
    /// The swift-http-types method for a Wireform method: `Wireform.RequestMethod.query` becomes `.query` (`QUERY`),
    /// and every other method keeps its name.
    ///
    /// ```swift
    /// let method = HTTPRequest.Method(Wireform.RequestMethod.query)  // .query
    /// ```
    /// - Parameter method: The Wireform method.
    /// - Returns: `nil` only for a name that is not an RFC 9110 token, which a Wireform method never is.
    public init?(_ method: Wireform.RequestMethod) {
        self.init(method.description)
    }
}

extension Wireform.RequestMethod {
    /// The Wireform method for a swift-http-types method: `HTTPRequest.Method.query` becomes `.query` (`QUERY`),
    /// and every other method keeps its name.
    ///
    /// ```swift
    /// let method = Wireform.RequestMethod(HTTPRequest.Method.query)  // .query
    /// ```
    /// - Parameter method: The swift-http-types method.
    /// - Returns: `nil` only for a name that is not an RFC 9110 token, which a swift-http-types method never is.
    public init?(_ method: HTTPRequest.Method) {
        self.init(method.rawValue)
    }
}
