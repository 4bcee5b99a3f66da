import Foundation
import HTTPTypes
import Hummingbird
@_spi(Generated) import OpenAPIRuntime
import Wireform

/// W1, W2 and W3: parameters → bracket-style query string.
enum QueryBenchmarks {
    static let style: StandardQueryStyle = .brackets
    static let openAPIConverter = Converter(configuration: Configuration())

    static func openAPIRequest() -> HTTPRequest {
        HTTPRequest(method: .get, scheme: "https", authority: "example.com", path: "/items")
    }

    static func openAPIQuery(_ request: HTTPRequest) -> String {
        let path = request.path ?? ""
        guard let start = path.firstIndex(of: "?") else { return "" }
        return String(path[path.index(after: start)...])
    }

    /// Wireform's general path (what every query style goes through): pairs, then escaping.
    static func generalPath(_ parameters: ParameterValue) throws -> Int {
        try generalStyle.queryString(for: parameters).utf8.count
    }

    /// The same pairs through a style without a writer of its own, as a third-party style is written.
    static let generalStyle: CustomQueryStyle = .custom { parameters in
        var pairs: [QueryPair] = []
        try QueryBenchmarks.style.appendPairs(for: parameters, to: &pairs)
        return pairs
    }

    static func run(into rows: inout [Row]) throws {
        try runFlat(into: &rows)
        try runNested(into: &rows)
        for count in [1_000, 4_000, 16_000] { try runIDs(count: count, into: &rows) }
    }

    static func runFlat(into rows: inout [Row]) throws {
        let workload = "W1 flat (20 keys)"
        let input = FlatInput()
        let parameters = input.parameterValue
        let strings = input.stringDictionary
        let any = input.anyDictionary
        let hummingbird = URLEncodedFormEncoder()

        let reference = try style.queryString(for: parameters)
        check(sortedPairs(try hummingbird.encode(strings)) == sortedPairs(reference), "W1 Hummingbird output")
        check(AFNetworkingQuery.queryString(from: any) == reference, "W1 AFNetworking-port output")
        var request = openAPIRequest()
        for (key, value) in zip(input.keys, input.values) {
            try openAPIConverter.setQueryItemAsURI(in: &request, style: .form, explode: true, name: key, value: value)
        }
        check(sortedPairs(openAPIQuery(request)) == sortedPairs(reference), "W1 OpenAPI output")

        rows += try measureInterleaved(
            workload,
            [
                Candidate(implementation: "Wireform", isReference: true) {
                    try style.queryString(for: parameters).utf8.count
                },
                Candidate(implementation: "Wireform, ParameterValue built per call") {
                    try style.queryString(for: input.parameterValue).utf8.count
                },
                Candidate(implementation: "Wireform general path (pairs + QueryString)") {
                    try generalPath(parameters)
                },
                Candidate(implementation: "Hummingbird URLEncodedFormEncoder") {
                    try hummingbird.encode(strings).utf8.count
                },
                Candidate(implementation: "swift-openapi-runtime URI coder (form, explode)") {
                    var request = openAPIRequest()
                    for (key, value) in zip(input.keys, input.values) {
                        try openAPIConverter.setQueryItemAsURI(
                            in: &request, style: .form, explode: true, name: key, value: value)
                    }
                    return request.path?.utf8.count ?? 0
                },
                Candidate(implementation: "Foundation (AFNetworking port)") {
                    AFNetworkingQuery.queryString(from: any).utf8.count
                },
            ])
    }

    static func runNested(into rows: inout [Row]) throws {
        let workload = "W2 nested"
        let parameters = NestedInput.parameterValue
        let codable = NestedInput.value
        let any = NestedInput.anyDictionary
        let hummingbird = URLEncodedFormEncoder()

        let reference = try style.queryString(for: parameters)
        check(
            AFNetworkingQuery.queryString(from: any) == reference,
            "W2 AFNetworking-port output:\n\(AFNetworkingQuery.queryString(from: any))\n\(reference)")
        let hummingbirdOutput = try hummingbird.encode(codable)
        check(
            CallerBenchmarks.decodedPairs(hummingbirdOutput) == CallerBenchmarks.decodedPairs(reference),
            "W2 Hummingbird pairs (decoded):\n\(hummingbirdOutput)\n\(reference)")

        rows += try measureInterleaved(
            workload,
            [
                Candidate(implementation: "Wireform", isReference: true) {
                    try style.queryString(for: parameters).utf8.count
                },
                Candidate(implementation: "Wireform, ParameterValue built per call") {
                    try style.queryString(for: NestedInput.parameterValue).utf8.count
                },
                Candidate(implementation: "Wireform general path (pairs + QueryString)") {
                    try generalPath(parameters)
                },
                Candidate(implementation: "Hummingbird URLEncodedFormEncoder") {
                    try hummingbird.encode(codable).utf8.count
                },
                Candidate(implementation: "Foundation (AFNetworking port)") {
                    AFNetworkingQuery.queryString(from: any).utf8.count
                },
            ])
        var openAPI = Row(
            workload: workload, implementation: "swift-openapi-runtime URI coder", medianNanos: .nan, minNanos: .nan,
            maxNanos: .nan, samples: 0, iterationsPerSample: 0, unit: .microsecondsPerOp)
        openAPI.note = "n/a: deepObject cannot express nested objects or arrays in objects"
        rows.append(openAPI)
    }

    static func runIDs(count: Int, into rows: inout [Row]) throws {
        let workload = "W3 ids[\(count)]"
        let input = IDsInput(count: count)
        let parameters = input.parameterValue
        let any = input.anyDictionary
        let hummingbird = URLEncodedFormEncoder()

        let reference = try style.queryString(for: parameters)
        check(reference.hasPrefix("ids%5B%5D=0&ids%5B%5D=1&"), "W3 Wireform output")
        check(AFNetworkingQuery.queryString(from: any) == reference, "W3 AFNetworking-port output")
        let hummingbirdIDs = try hummingbird.encode(input)
        // Hummingbird leaves brackets in names unescaped.
        let unescapedBrackets = reference.replacingOccurrences(of: "%5B", with: "[").replacingOccurrences(
            of: "%5D", with: "]")
        check(
            sortedPairs(hummingbirdIDs) == sortedPairs(unescapedBrackets),
            "W3 Hummingbird output: \(hummingbirdIDs.prefix(120))")
        var request = openAPIRequest()
        try openAPIConverter.setQueryItemAsURI(in: &request, style: .form, explode: true, name: "ids", value: input.ids)
        check(
            openAPIQuery(request).replacingOccurrences(of: "ids=", with: "ids%5B%5D=") == reference,
            "W3 OpenAPI output")

        rows += try measureInterleaved(
            workload,
            [
                Candidate(implementation: "Wireform", isReference: true) {
                    try style.queryString(for: parameters).utf8.count
                },
                Candidate(implementation: "Wireform general path (pairs + QueryString)") {
                    try generalPath(parameters)
                },
                Candidate(implementation: "Hummingbird URLEncodedFormEncoder") {
                    try hummingbird.encode(input).utf8.count
                },
                Candidate(implementation: "swift-openapi-runtime URI coder (form, explode; ids=)") {
                    var request = openAPIRequest()
                    try openAPIConverter.setQueryItemAsURI(
                        in: &request, style: .form, explode: true, name: "ids", value: input.ids)
                    return request.path?.utf8.count ?? 0
                },
                Candidate(implementation: "Foundation (AFNetworking port)") {
                    AFNetworkingQuery.queryString(from: any).utf8.count
                },
            ])
    }
}
