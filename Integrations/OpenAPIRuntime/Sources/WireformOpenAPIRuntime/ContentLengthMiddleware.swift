public import HTTPTypes
public import OpenAPIRuntime

#if canImport(FoundationEssentials)
    public import FoundationEssentials
#else
    public import Foundation
#endif

/// A client middleware that sends a body of known length with an exact `content-length` header.
///
/// A transport decides how a body is framed. `AsyncHTTPClientTransport` derives `content-length` from
/// `HTTPBody.length`; `URLSessionTransport` on Apple platforms sends a streamed body with
/// `content-length` only when the request's header says so, and otherwise chunked. This middleware writes the
/// header from the body's `.known(n)` length, so a Wireform multipart form or form body (made with
/// ``OpenAPIRuntime/HTTPBody/init(_:chunkSize:)``) reaches the server with its exact size. A `content-length` the
/// request already has is kept; a body of `.unknown` length is left as it is.
///
/// ```swift
/// let client = Client(
///     serverURL: try Servers.Server1.url(),
///     transport: URLSessionTransport(),
///     middlewares: [ContentLengthMiddleware()]
/// )
/// var form = MultipartForm()
/// try form.append(fileAt: videoURL, name: "video")
/// let upload = form.serializedBody
/// _ = try await client.upload(
///     headers: .init(contentType: upload.contentType.description), body: .binary(HTTPBody(upload.body)))
/// ```
///
/// > Warning: On Linux, `URLSessionTransport` (swift-corelibs-foundation) sends every streamed body with
/// > `Transfer-Encoding: chunked`, whatever the headers say; a request must not carry both framings. Use
/// > `AsyncHTTPClientTransport` there, or leave this middleware out.
public struct ContentLengthMiddleware: ClientMiddleware {
    /// Creates the middleware.
    public init() {}

    /// Adds `content-length` from the body's known length when the request has none, then calls the next
    /// middleware or the transport.
    /// - Parameters:
    ///   - request: The request.
    ///   - body: The request body, if any.
    ///   - baseURL: The server's base URL.
    ///   - operationID: The OpenAPI operation identifier.
    ///   - next: The next middleware or the transport.
    /// - Returns: The response and its body.
    /// - Throws: Whatever `next` throws.
    public func intercept(
        _ request: HTTPRequest,
        body: HTTPBody?,
        baseURL: URL,
        operationID: String,
        next: @Sendable (HTTPRequest, HTTPBody?, URL) async throws -> (HTTPResponse, HTTPBody?)
    ) async throws -> (HTTPResponse, HTTPBody?) {
        var request = request
        if let body, case .known(let count) = body.length, request.headerFields[.contentLength] == nil {
            request.headerFields[.contentLength] = String(count)
        }
        return try await next(request, body, baseURL)
    }
}
