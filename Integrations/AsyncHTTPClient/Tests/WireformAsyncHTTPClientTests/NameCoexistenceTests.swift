import AsyncHTTPClient
import NIOHTTP1
import Testing
import Wireform
import WireformAsyncHTTPClient

/// A file that imports Wireform beside NIOHTTP1 and AsyncHTTPClient names Wireform's method and header types
/// without module qualification: no Wireform type shares a name with NIO's `HTTPMethod` or `HTTPHeaders` (or with
/// Alamofire's `HTTPMethod`, `HTTPHeaders` and `ParameterEncoder`).
@Suite struct NameCoexistenceTests {
    @Test func wireformAndNIOTypesLiveSideBySide() throws {
        let method: RequestMethod = .post
        var fields = HeaderFields()
        try fields.setValue("1", for: Wireform.HeaderFields.Name("X-Wireform")!)
        var nioHeaders = HTTPHeaders()
        nioHeaders.add(name: "X-NIO", value: "1")
        let nioMethod: HTTPMethod = .POST
        let request = try RequestSerializer().serializedRequest(
            method: method, url: "http://127.0.0.1/x", headers: fields, parameters: ["a": 1])
        let client = HTTPClientRequest(request)
        #expect(client.method == nioMethod)
        #expect(client.headers["X-Wireform"] == ["1"])
        #expect(nioHeaders["X-NIO"] == ["1"])
        _ = ParameterValueEncoder()
    }
}
