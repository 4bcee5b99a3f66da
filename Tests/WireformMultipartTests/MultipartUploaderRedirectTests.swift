import Foundation
import Testing
import Wireform
import WireformFoundation
import WireformMultipart

#if canImport(FoundationNetworking)
    import FoundationNetworking
#endif

/// `MultipartUploader` follows redirects as curl does: credentials stay with their origin, `POST` redirected by
/// 301/302/303 becomes a `GET` without body, and a 307/308 for a body is returned to the caller (URLSession on Linux
/// would resend the request without its body).
@Suite(
    .serialized, .enabled(if: EchoServer.pythonPath != nil, "python3 is missing: cannot start the local HTTP server"))
struct MultipartUploaderRedirectTests {
    private func form() -> MultipartForm {
        var form = MultipartForm()
        form.append("bang", name: "user[name]")
        return form
    }

    /// A POST with credentials to `/r/STATUS/LOCATION` on the server.
    private func request(_ server: EchoServer, status: Int, to location: String) -> URLRequest {
        let encoded = location.addingPercentEncoding(withAllowedCharacters: .alphanumerics) ?? location
        var request = URLRequest(url: server.url("/r/\(status)/\(encoded)"))
        request.httpMethod = "POST"
        request.timeoutInterval = 20
        request.setValue("Bearer TOPSECRET", forHTTPHeaderField: "Authorization")
        request.setValue("sid=S3CRET", forHTTPHeaderField: "Cookie")
        // Describes the body, so it must go with it when the redirect drops the body.
        request.setValue("identity", forHTTPHeaderField: "Content-Encoding")
        return request
    }

    @Test(arguments: [301, 302, 303])
    func crossOriginPostRedirectArrivesAsGetWithoutBodyOrCredentials(status: Int) async throws {
        let server = try EchoServer()
        defer { server.stop() }
        // localhost and 127.0.0.1 are different origins that reach the same server.
        let location = "http://localhost:\(server.port)/echo"
        let (data, response) = try await MultipartUploader().upload(
            form(), with: request(server, status: status, to: location))
        let http = try #require(response as? HTTPURLResponse)
        #expect(http.statusCode == 200)
        #expect(http.value(forHTTPHeaderField: "X-Method") == "GET")
        #expect(http.value(forHTTPHeaderField: "X-Authorization") == "none")
        #expect(http.value(forHTTPHeaderField: "X-Cookie") == "none")
        #expect(http.value(forHTTPHeaderField: "X-Content-Length") == "none")
        #expect(http.value(forHTTPHeaderField: "X-Content-Encoding") == "none")
        #expect(data.isEmpty)
    }

    @Test func sameOriginRedirectKeepsCredentials() async throws {
        let server = try EchoServer()
        defer { server.stop() }
        let (_, response) = try await MultipartUploader().upload(
            form(), with: request(server, status: 302, to: "/echo"))
        let http = try #require(response as? HTTPURLResponse)
        #expect(http.value(forHTTPHeaderField: "X-Method") == "GET")
        #expect(http.value(forHTTPHeaderField: "X-Authorization") == "Bearer TOPSECRET")
        #expect(http.value(forHTTPHeaderField: "X-Cookie") == "sid=S3CRET")
    }

    /// An upload from memory is not resent by URLSession on Linux: the 307 comes back instead of a hang.
    @Test(arguments: [307, 308])
    func uploadReturnsATemporaryRedirectInsteadOfLosingTheBody(status: Int) async throws {
        let server = try EchoServer()
        defer { server.stop() }
        let (_, response) = try await MultipartUploader().upload(
            form(), with: request(server, status: status, to: "/echo"))
        let http = try #require(response as? HTTPURLResponse)
        #expect(http.statusCode == status)
    }

    @Test(arguments: [307, 308])
    func streamedUploadReturnsATemporaryRedirectInsteadOfLosingTheBody(status: Int) async throws {
        let server = try EchoServer()
        defer { server.stop() }
        let location = "http://localhost:\(server.port)/echo"
        let (_, response) = try await MultipartUploader().streamingUpload(
            form(), with: request(server, status: status, to: location))
        let http = try #require(response as? HTTPURLResponse)
        #expect(http.statusCode == status)
    }
}
