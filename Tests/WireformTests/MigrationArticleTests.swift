import Foundation
import Testing
import Wireform
import WireformFoundation

#if canImport(FoundationNetworking)
    import FoundationNetworking
#endif

/// The Wireform code of the migration article (`MigratingFromAFNetworkingAndAlamofire.md`), compiled and run: the
/// overview and the `AFHTTPRequestSerializer`, base URL, `URLEncoding`, `URLEncodedFormParameterEncoder`,
/// `URLEncodedFormEncoder`, `HTTPHeaders` and `HTTPMethod` tables. The rows that need a format module are compiled in
/// that module's `MigrationArticle…Tests`.
@Suite struct MigrationArticleTests {
    @Test func overviewExample() throws {
        var serializer = RequestSerializer()
        try serializer.setBasicAuthorization(username: "user", password: "pw")
        let request = try serializer.serializedRequest(
            method: .get, url: "https://example.com/users",
            parameters: ["user": ["name": "bang"], "families": ["father"]])
        let urlRequest = try request.urlRequest()
        #expect(
            urlRequest.url?.absoluteString
                == "https://example.com/users?families%5B%5D=father&user%5Bname%5D=bang")
    }

    @Test func afNetworkingRows() throws {
        var serializer = RequestSerializer()
        let built = try serializer.serializedRequest(method: .get, url: "https://example.com", parameters: ["a": 1])
            .urlRequest()
        #expect(built.url?.query == "a=1")
        let urlRequest = URLRequest(url: URL(string: "https://example.com")!)
        let serialized = try serializer.serialize(urlRequest, parameters: ["a": 1])
        #expect(serialized.url?.query == "a=1")
        try serializer.setBasicAuthorization(username: "user", password: "pw")
        serializer.defaultHeaders.removeValues(for: .authorization)
        try serializer.defaultHeaders.setValue("1", for: HeaderFields.Name("X-Client")!)
        serializer.methodsEncodingParametersInURL = [.get, .head]
        let options = RequestOptions(timeoutInterval: 30)
        let timed = try serializer.serializedRequest(method: .get, url: "https://example.com").urlRequest(
            options: options)
        #expect(timed.timeoutInterval == 30)
        #expect(try StandardQueryStyle.brackets.queryString(for: ["a": 1]) == "a=1")
        #expect(serializer.defaultHeaders.values(for: .authorization) == [])
    }

    @Test func alamofireRows() throws {
        struct Value: Encodable { var a = 1 }
        var serializer = RequestSerializer()
        serializer.queryStyle = .repeated
        let query = try serializer.serializedRequest(
            method: .post, url: "https://example.com", parameters: ["a": [1, 2]], placement: .query)
        #expect(query.url == "https://example.com?a=1&a=2")
        let body = try serializer.serializedRequest(
            method: .delete, url: "https://example.com", parameters: ["a": 1], placement: .body)
        #expect(body.body?.bytes == Array("a=1".utf8))
        let encoded = try serializer.serializedRequest(method: .post, url: "https://example.com", encoding: Value())
        #expect(encoded.body?.bytes == Array("a=1".utf8))
        let method: RequestMethod = .patch
        var fields = HeaderFields()
        try fields.addValue("1", for: .init(validating: "X-A"))
        try fields.addValue("2", for: .init(validating: "X-A"))
        #expect(method.rawValue == "PATCH")
        #expect(fields.values(for: try .init(validating: "X-A")) == ["1", "2"])
    }

    @Test func afHTTPRequestSerializerTable() throws {
        var serializer = RequestSerializer()
        let request = try serializer.serializedRequest(method: .get, url: "https://example.com")
        let options = RequestOptions(allowsCellularAccess: false)
        #expect(try request.urlRequest(options: options).allowsCellularAccess == false)
        let cached = RequestOptions(cachePolicy: .reloadIgnoringLocalCacheData)
        #expect(try request.urlRequest(options: cached).cachePolicy == .reloadIgnoringLocalCacheData)
        let cookies = RequestOptions(httpShouldHandleCookies: false)
        #expect(try request.urlRequest(options: cookies).httpShouldHandleCookies == false)
        let pipelining = RequestOptions(httpShouldUsePipelining: true)
        #expect(try request.urlRequest(options: pipelining).testing_isPipelined == true)
        let service = RequestOptions(networkServiceType: .background)
        #expect(try request.urlRequest(options: service).networkServiceType == .background)
        #expect(try request.urlRequest(options: RequestOptions(timeoutInterval: 30)).timeoutInterval == 30)
        let network = RequestOptions(allowsExpensiveNetworkAccess: false, allowsConstrainedNetworkAccess: false)
        let restricted = try request.urlRequest(options: network)
        #expect(restricted.url == (try request.urlRequest()).url)
        #if canImport(Darwin)
            #expect(!restricted.allowsExpensiveNetworkAccess && !restricted.allowsConstrainedNetworkAccess)
        #endif
        let error: any Error = SerializationError(.invalidMethod, "Method 'a b' is not a token")
        #expect((error as NSError).domain == SerializationError.errorDomain)
        #expect((error as NSError).domain == "Wireform.SerializationError")
        #expect((error as NSError).code == 3)
        let headers: HeaderFields = serializer.defaultHeaders
        #expect(headers[.userAgent] != nil)
        try serializer.defaultHeaders.setValue("1", for: HeaderFields.Name("X-Client")!)
        serializer.defaultHeaders.removeValues(for: HeaderFields.Name("X-Client")!)
        #expect(serializer.defaultHeaders.values(for: HeaderFields.Name("X-Client")!) == [])
        #expect(serializer.defaultHeaders[.userAgent] == headers[.userAgent])
        try serializer.setBearerToken("token")
        #expect(serializer.defaultHeaders[.authorization] == "Bearer token")
        serializer.queryStyle = .brackets
        let query = try serializer.serializedRequest(
            method: .get, url: "https://example.com", parameters: ["a": [1]])
        #expect(queryText(query) == "a%5B%5D=1")
        serializer.queryStyle = .raw { parameters in "a=1&b=%2F" }
        let raw = try serializer.serializedRequest(method: .get, url: "https://example.com", parameters: ["x": 1])
        #expect(queryText(raw) == "a=1&b=%2F")
        #expect(try StandardQueryStyle.brackets.queryString(for: ["q": "a b&c/?"]) == "q=a%20b%26c/?")
        let throttled = MessageBody(bytes: [1, 2, 3]).throttled()
        #expect(throttled.length == .known(3))
        let copy = serializer
        #expect(copy.defaultHeaders == serializer.defaultHeaders)
    }

    @Test func baseURLTable() throws {
        var serializer = RequestSerializer()
        serializer.baseURL = "https://example.com/v1/"
        let users = try serializer.serializedRequest(method: .get, url: "users", parameters: ["page": 2])
        #expect(users.url == "https://example.com/v1/users?page=2")
        #expect(try serializer.serializedRequest(method: .get, url: "/foo").url == "https://example.com/foo")
        #expect(try serializer.serializedRequest(method: .get, url: "../v2/foo").url == "https://example.com/v2/foo")
        #expect(
            try serializer.serializedRequest(method: .get, url: "foo?bar=baz").url
                == "https://example.com/v1/foo?bar=baz")
        #expect(
            try serializer.serializedRequest(method: .get, url: "http://example2.com/").url
                == "http://example2.com/")
        serializer.baseURL = URL(string: "https://example.com/v1")!
        #expect(try serializer.serializedRequest(method: .get, url: "users").url == "https://example.com/users")
        let base = URL(string: "https://example.com/v1/")!
        let alamofire = try RequestSerializer().serializedRequest(
            method: .get, url: URL(string: "users", relativeTo: base)!)
        #expect(alamofire.url == "https://example.com/v1/users")
        let trailing = URL(string: "users", relativeTo: URL(string: "https://example.com/v1")!)!
        #expect(trailing.absoluteString == "https://example.com/users")
    }

    @Test func urlEncodingTable() throws {
        var serializer = RequestSerializer()
        let automatic = try serializer.serializedRequest(
            method: .delete, url: "https://example.com", parameters: ["a": 1])
        #expect(queryText(automatic) == "a=1")
        serializer.queryStyle = StandardQueryStyle(arrays: .repeated, bools: .literal)
        let literal = try serializer.serializedRequest(
            method: .get, url: "https://example.com", parameters: ["a": [true, false]])
        #expect(queryText(literal) == "a=true&a=false")
        serializer.queryStyle = .brackets
        serializer.queryStyle = .indexed
        let indexed = try serializer.serializedRequest(
            method: .get, url: "https://example.com", parameters: ["a": [1, 2]])
        #expect(queryText(indexed) == "a%5B0%5D=1&a%5B1%5D=2")
        serializer.queryStyle = StandardQueryStyle(arrays: .custom { key, index in "\(key)(\(index))" })
        let custom = try serializer.serializedRequest(
            method: .get, url: "https://example.com", parameters: ["a": [1, 2]])
        #expect(queryText(custom) == "a%280%29=1&a%281%29=2")
        #expect(try StandardQueryStyle(bools: .numeric).queryString(for: ["a": true]) == "a=1")
        #expect(try StandardQueryStyle(bools: .literal).queryString(for: ["a": true]) == "a=true")
        var pairs: [QueryPair] = []
        try StandardQueryStyle.brackets.appendPairs(for: ["key": [1, 2]], to: &pairs)
        #expect(pairs.count == 2)
    }

    @Test func urlEncodedFormParameterEncoderTable() throws {
        struct Value: Encodable { var on = true }
        let serializer = RequestSerializer(queryStyle: StandardQueryStyle(bools: .literal))
        let value = Value()
        let body = try serializer.serializedRequest(method: .post, url: "https://example.com", encoding: value)
        #expect(body.body?.bytes == Array("on=true".utf8))
        let query = try serializer.serializedRequest(
            method: .post, url: "https://example.com", encoding: value, placement: .query)
        #expect(queryText(query) == "on=true")
    }

    @Test func urlEncodedFormEncoderTable() throws {
        struct Value: Encodable {
            var firstName = "a b"
            var tags = ["x", "y"]
            var missing: Int? = nil
        }
        let value = Value()
        let text = try StandardQueryStyle.brackets.queryString(encoding: value)
        #expect(text == "firstName=a%20b&tags%5B%5D=x&tags%5B%5D=y")
        #expect(Data(try StandardQueryStyle.brackets.queryString(encoding: value).utf8) == Data(text.utf8))
        #expect(try StandardQueryStyle(keyOrdering: .insertion).queryString(for: ["b": 1, "a": 2]) == "b=1&a=2")
        #expect(try StandardQueryStyle(arrays: .indexed).queryString(for: ["a": [1]]) == "a%5B0%5D=1")
        let oneBased = StandardQueryStyle(arrays: .custom { key, index in "\(key)[\(index + 1)]" })
        #expect(try oneBased.queryString(for: ["a": [1]]) == "a%5B1%5D=1")
        let data = Data([1, 2])
        let encoders = [
            ParameterValueEncoder(dataEncodingStrategy: .base64),
            ParameterValueEncoder(dataEncodingStrategy: .deferredToFormat),
            ParameterValueEncoder(dataEncodingStrategy: .custom { .string($0.base64EncodedString()) }),
        ]
        for encoder in encoders { _ = try encoder.encode(["d": data]) }
        let date = Date(timeIntervalSince1970: 0)
        let dateEncoders = [
            ParameterValueEncoder(dateEncodingStrategy: .deferredToFormat),
            ParameterValueEncoder(dateEncodingStrategy: .deferredToDate),
            ParameterValueEncoder(dateEncodingStrategy: .secondsSince1970),
            ParameterValueEncoder(dateEncodingStrategy: .millisecondsSince1970),
            ParameterValueEncoder(dateEncodingStrategy: .iso8601),
            ParameterValueEncoder(dateEncodingStrategy: .custom { .string($0.ISO8601Format()) }),
        ]
        for encoder in dateEncoders { _ = try encoder.encode(["d": date]) }
        let deferred = ParameterValueEncoder(dateEncodingStrategy: .deferredToDate)
        #expect(try StandardQueryStyle.brackets.queryString(for: deferred.encode(["d": date])) == "d=-978307200")
        #expect(
            keys(try ParameterValueEncoder(keyEncodingStrategy: .useDefaultKeys).encode(value)).contains("firstName"))
        #expect(
            keys(try ParameterValueEncoder(keyEncodingStrategy: .convertToSnakeCase).encode(value)).contains(
                "first_name"))
        #expect(
            keys(try ParameterValueEncoder(keyEncodingStrategy: .convertToKebabCase).encode(value)).contains(
                "first-name"))
        let strategies: [(ParameterValueEncoder.KeyEncodingStrategy, String)] = [
            (.capitalized, "FirstName"), (.uppercased, "FIRSTNAME"), (.lowercased, "firstname"),
        ]
        for (strategy, key) in strategies {
            #expect(keys(try ParameterValueEncoder(keyEncodingStrategy: strategy).encode(value)).contains(key))
        }
        let prefixed = ParameterValueEncoder(keyEncodingStrategy: .custom { "x_" + ($0.last?.stringValue ?? "") })
        #expect(keys(try prefixed.encode(value)).contains("x_firstName"))
        #expect(try StandardQueryStyle(nesting: .brackets).queryString(for: ["a": ["b": 1]]) == "a%5Bb%5D=1")
        var serializer = RequestSerializer()
        serializer.queryStyle = .dotted
        let dotted = try serializer.serializedRequest(
            method: .get, url: "https://example.com", parameters: ["a": ["b": 1]])
        #expect(queryText(dotted) == "a.b=1")
        #expect(!keys(try ParameterValueEncoder(nilEncodingStrategy: .omitKeys).encode(value)).contains("missing"))
        #expect(try StandardQueryStyle(nulls: .emptyValue).queryString(for: ["a": .null]) == "a=")
        serializer.spaceEncoding = .plus
        let plus = try serializer.serializedRequest(method: .get, url: "https://example.com", parameters: ["a": "b c"])
        #expect(queryText(plus) == "a=b+c")
        #expect(try StandardQueryStyle(reservedCharacters: .allowed).queryString(for: ["a": "/?"]) == "a=/?")
        let allowing = StandardQueryStyle(reservedCharacters: try .allowing(":@,/?"))
        #expect(try allowing.queryString(for: ["a": "1:2@3,4&5/?"]) == "a=1:2@3,4%265/?")
        let strict = StandardQueryStyle(reservedCharacters: try .allowing(""))
        #expect(try strict.queryString(for: ["next": "/a?b"]) == "next=%2Fa%3Fb")
        let allowingRequest = try RequestSerializer(queryStyle: allowing).serializedRequest(
            method: .get, url: "https://example.com", parameters: ["a": "1:2@3,4"])
        #expect(try allowingRequest.urlRequest().url?.query == "a=1:2@3,4")
    }

    @Test func httpHeadersTable() throws {
        var fields = try HeaderFields(validating: [("Accept", "text/plain"), ("X-A", "1")])
        try fields.addValue("1", for: HeaderFields.Name("X-A")!)
        #expect(fields.values(for: HeaderFields.Name("X-A")!) == ["1", "1"])
        try fields.setValue("1", for: HeaderFields.Name("X-A")!)
        #expect(fields.values(for: HeaderFields.Name("X-A")!) == ["1"])
        fields.removeValues(for: HeaderFields.Name("X-A")!)
        try fields.setValue("text/plain", for: .contentType)
        #expect(fields[.contentType] == "text/plain")
        #expect(fields.values(for: .contentType) == ["text/plain"])
        let sorted = fields.sorted { $0.name.description < $1.name.description }
        #expect(sorted.map(\.name.description) == ["Accept", "Content-Type"])
        let dictionary = Dictionary(
            fields.map { ($0.name.description, $0.value) }, uniquingKeysWith: { "\($0), \($1)" })
        #expect(dictionary["Accept"] == "text/plain")
        var names: [String] = []
        for (name, value) in fields { names.append("\(name): \(value)") }
        #expect(names == ["Accept: text/plain", "Content-Type: text/plain"])
        #expect(RequestSerializer().defaultHeaders[.userAgent] != nil)
        #expect(DefaultHeaders.userAgent(applicationName: "App", version: "1.0").hasPrefix("App/1.0"))
        let acceptLanguage = RequestSerializer().defaultHeaders[.acceptLanguage]
        #expect(acceptLanguage == DefaultHeaders.standard[.acceptLanguage])
        try fields.setValue("application/json", for: .accept)
        try fields.setValue("gzip", for: .contentEncoding)
        try fields.setValue("gzip", for: .acceptEncoding)
        try fields.setValue("utf-8", for: HeaderFields.Name("Accept-Charset")!)
        try fields.setValue("en", for: .acceptLanguage)
        var serializer = RequestSerializer()
        try serializer.setBasicAuthorization(username: "user", password: "pw")
        try serializer.setBearerToken("token")
        try fields.setValue("Token abc", for: .authorization)
        try fields.setValue("attachment", for: .contentDisposition)
        try fields.setValue("App/1.0", for: .userAgent)
        try fields.setValue("\"v1\"", for: .ifNoneMatch)
        #expect(fields[HeaderFields.Name("If-None-Match")!] == "\"v1\"")
        #expect(fields[.contentEncoding] == "gzip" && fields[.contentDisposition] == "attachment")
        #expect(fields[0].name == .accept)
        #expect(fields[0].value == "application/json")
    }

    @Test func httpMethodTable() throws {
        #expect(RequestMethod.get.description == "GET")
        #expect(RequestMethod("TRACE")?.description == "TRACE")
        #expect(RequestMethod("PURGE") != nil)
        #expect(RequestMethod("BAD METHOD") == nil)
        #expect(RequestMethod.patch.description == "PATCH")
    }

    /// The top-level keys of an encoded dictionary.
    private func keys(_ value: ParameterValue) -> [String] {
        guard case .dictionary(let dictionary) = value else { return [] }
        return dictionary.map(\.key)
    }
}

/// The query of a request's URL text, without `?`, or `nil` when it has none.
private func queryText(_ request: SerializedRequest) -> String? {
    guard let mark = request.url.firstIndex(of: "?") else { return nil }
    return String(request.url[request.url.index(after: mark)...])
}
