import Foundation
import Hummingbird
import Wireform
import WireformFormURLEncoded
import WireformFoundation
import WireformHTTPTypes
import WireformJSONBody

#if canImport(FoundationNetworking)
    import FoundationNetworking
#endif

/// Issue 13: Wireform from the values callers hold — `[String: Any]` (A1), `Encodable` structs (E1, J2) — and the
/// whole `URLRequest` (R1), each against peers that start from the same input.
enum CallerBenchmarks {
    static let style: StandardQueryStyle = .brackets
    static let url = URL(string: "https://example.com/items")!
    /// The same URL as text, as a server app passes it.
    static let text = "https://example.com/items"

    /// A1: `[String: Any]` → query string.
    static func runAny(into rows: inout [Row]) throws {
        for shape in CallerShape.all(hummingbird: URLEncodedFormEncoder()) {
            let any = shape.any
            let reference = try style.queryString(for: shape.parameters)
            check(try style.queryString(for: ParameterValue(any: any)) == reference, "A1 \(shape.id) Wireform output")
            check(AFNetworkingQuery.queryString(from: any) == reference, "A1 \(shape.id) AFNetworking-port output")
            var measured = try measureInterleaved(
                "A1 \(shape.id) [String: Any] → query",
                [
                    Candidate(implementation: "Wireform ParameterValue(any:) + queryString", isReference: true) {
                        try style.queryString(for: ParameterValue(any: any)).utf8.count
                    },
                    Candidate(implementation: "Wireform ParameterValue(any:) alone") {
                        try ParameterValue(any: any) == .null ? 0 : 1
                    },
                    Candidate(implementation: "Foundation (AFNetworking port)") {
                        AFNetworkingQuery.queryString(from: any).utf8.count
                    },
                ])
            measured[1].valuesPerOp = shape.valueCount
            rows += measured
        }
    }

    /// E1: `Encodable` struct → query string and form body.
    static func runEncodable(into rows: inout [Row]) throws {
        let hummingbird = URLEncodedFormEncoder()
        let form = FormURLEncodedSerializer()
        for shape in CallerShape.all(hummingbird: hummingbird) {
            let reference = try style.queryString(for: shape.parameters)
            check(
                try style.queryString(for: shape.encodeWithWireform(ParameterValueEncoder())) == reference,
                "E1 \(shape.id) Wireform query from Encodable through the tree")
            check(try shape.queryFromValue(style) == reference, "E1 \(shape.id) Wireform query(encoding:)")
            check(
                try shape.formBody(form).body.bytes == Array(reference.utf8), "E1 \(shape.id) Wireform form body")
            let peer = try shape.hummingbird()
            check(
                decodedPairs(peer) == decodedPairs(reference),
                "E1 \(shape.id) Hummingbird output:\n\(peer.prefix(300))\n\(reference.prefix(300))")
            rows += try measureInterleaved(
                "E1 \(shape.id) Encodable → query / form",
                [
                    Candidate(implementation: "Wireform queryString(encoding:)", isReference: true) {
                        try shape.queryFromValue(style).utf8.count
                    },
                    Candidate(implementation: "Wireform ParameterValueEncoder + queryString (tree)") {
                        try style.queryString(for: shape.encodeWithWireform(ParameterValueEncoder())).utf8.count
                    },
                    Candidate(implementation: "Wireform FormURLEncodedSerializer.serialize(encodable:)") {
                        try shape.formBody(form).body.bytes?.count ?? 0
                    },
                    Candidate(implementation: "Hummingbird URLEncodedFormEncoder") {
                        try shape.hummingbird().utf8.count
                    },
                ])
        }
    }

    /// J2: `Encodable` → JSON body.
    static func runJSON(into rows: inout [Row]) throws {
        let items = JSONBenchmarks.items
        let serializer = JSONBodySerializer()
        let encoder = JSONEncoder()
        encoder.outputFormatting = [.sortedKeys]
        let expected = [UInt8](try encoder.encode(items))
        check(
            try serializer.serialize(encodable: items, context: BodySerializationContext()).body.bytes == expected,
            "J2 Wireform bytes")
        var registry = BodySerializerRegistry()
        registry.register(.json)
        let requests = RequestSerializer(registry: registry, bodyMediaType: .json)
        let request = try requests.serializedRequest(method: .post, url: url, encoding: items)
        check(request.body?.bytes == expected, "J2 RequestSerializer bytes")
        rows += try measureInterleaved(
            "J2 JSON 1k objects from Encodable",
            [
                Candidate(implementation: "Wireform JSONBodySerializer.serialize(encodable:)", isReference: true) {
                    try serializer.serialize(encodable: items, context: BodySerializationContext()).body.bytes?.count
                        ?? 0
                },
                Candidate(implementation: "Wireform RequestSerializer.serializedRequest(encoding:), JSON") {
                    try requests.serializedRequest(method: .post, url: url, encoding: items).body?.bytes?.count ?? 0
                },
                Candidate(implementation: "Foundation JSONEncoder (.sortedKeys)") { try encoder.encode(items).count },
            ])
    }

    /// R1: the whole request, as a `URLRequest` and as a swift-http-types `HTTPRequest` (the server path, where no
    /// URL is parsed), against the query string or form body alone.
    static func runRequest(into rows: inout [Row]) throws {
        let serializer = RequestSerializer()
        let form = FormURLEncodedSerializer()
        for shape in CallerShape.all(hummingbird: URLEncodedFormEncoder()) where shape.id != "W2" {
            let parameters = shape.parameters
            let query = try style.queryString(for: parameters)
            let get = try serializer.serializedRequest(method: .get, url: url, parameters: parameters).urlRequest()
            check(get.url?.absoluteString == "https://example.com/items?" + query, "R1 \(shape.id) GET URL")
            let post = try serializer.serializedRequest(method: .post, url: url, parameters: parameters).urlRequest()
            check(post.httpBody.map { [UInt8]($0) } == Array(query.utf8), "R1 \(shape.id) POST body")
            let (httpGet, _) = try serializer.serializedRequest(method: .get, url: text, parameters: parameters)
                .httpRequest()
            check(httpGet.path == "/items?" + query, "R1 \(shape.id) HTTPRequest GET path")
            let (_, httpPostBody) = try serializer.serializedRequest(method: .post, url: text, parameters: parameters)
                .httpRequest()
            check(httpPostBody?.bytes == Array(query.utf8), "R1 \(shape.id) HTTPRequest POST body")
            // The floor rows set the headers Wireform sets, as one dictionary (Wireform's own fastest way).
            let defaultHeaders = get.allHTTPHeaderFields ?? [:]
            let getFields = HTTPTypesFloor.headers(of: httpGet)
            let postFields = HTTPTypesFloor.headers(
                of: try serializer.serializedRequest(method: .post, url: text, parameters: parameters).httpRequest()
                    .request)
            let getPath = "/items?" + query
            let postHeaders = post.allHTTPHeaderFields ?? [:]
            let body = Array(query.utf8)
            rows += try measureInterleaved(
                "R1 \(shape.id) GET whole request (default headers)",
                [
                    Candidate(implementation: "queryString alone", isReference: true) {
                        try style.queryString(for: parameters).utf8.count
                    },
                    Candidate(implementation: "urlRequest GET, URL value") {
                        try serializer.serializedRequest(method: .get, url: url, parameters: parameters).urlRequest()
                            .url == nil ? 0 : 1
                    },
                    Candidate(implementation: "urlRequest GET, URL string") {
                        try serializer.serializedRequest(
                            method: .get, url: "https://example.com/items", parameters: parameters
                        ).urlRequest().url == nil ? 0 : 1
                    },
                    Candidate(implementation: "HTTPRequest GET, URL string") {
                        try serializer.serializedRequest(method: .get, url: text, parameters: parameters)
                            .httpRequest().request.path?.utf8.count ?? 0
                    },
                    // What swift-http-types itself costs for the same request, with the query already made.
                    Candidate(implementation: "swift-http-types floor: HTTPRequest + headers") {
                        HTTPTypesFloor.request(method: .get, path: getPath, headers: getFields).path?.utf8.count ?? 0
                    },
                    // What Foundation itself costs for the same request, with the query already made: the floor
                    // under any library that returns a `URLRequest`.
                    Candidate(implementation: "Foundation floor: URL(string:) + URLRequest + headers") {
                        guard let joined = URL(string: "https://example.com/items?" + query) else { return 0 }
                        var request = URLRequest(url: joined)
                        request.allHTTPHeaderFields = defaultHeaders
                        return request.url == nil ? 0 : 1
                    },
                ])
            rows += try measureInterleaved(
                "R1 \(shape.id) POST form whole request (default headers)",
                [
                    Candidate(implementation: "form body alone (FormURLEncodedSerializer)", isReference: true) {
                        try form.serialize(parameters, context: BodySerializationContext()).body.bytes?.count ?? 0
                    },
                    Candidate(implementation: "urlRequest POST form, URL value") {
                        try serializer.serializedRequest(method: .post, url: url, parameters: parameters).urlRequest()
                            .httpBody?.count ?? 0
                    },
                    Candidate(implementation: "HTTPRequest POST form, URL string") {
                        try serializer.serializedRequest(method: .post, url: text, parameters: parameters)
                            .httpRequest().body?.bytes?.count ?? 0
                    },
                    Candidate(implementation: "swift-http-types floor: HTTPRequest + headers") {
                        HTTPTypesFloor.request(method: .post, path: "/items", headers: postFields).headerFields.count
                    },
                    Candidate(implementation: "Foundation floor: URLRequest + httpMethod + headers + httpBody") {
                        var request = URLRequest(url: url)
                        request.httpMethod = "POST"
                        request.allHTTPHeaderFields = postHeaders
                        request.httpBody = Data(body)
                        return request.httpBody?.count ?? 0
                    },
                ])
        }
    }

    /// `name=value` pairs with names and values percent-decoded (`+` as a space), sorted: equal when two encoders
    /// wrote the same content with different escaping or order.
    static func decodedPairs(_ query: String) -> [String] {
        query.split(separator: "&").map { pair in
            pair.split(separator: "=", maxSplits: 1, omittingEmptySubsequences: false).map {
                ($0.replacingOccurrences(of: "+", with: " ").removingPercentEncoding ?? "<invalid>")
            }.joined(separator: "=")
        }.sorted()
    }
}
