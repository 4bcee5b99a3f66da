import Testing
import Wireform

/// The public header-name constants: every request field that swift-http-types' `HTTPField.Name` names, spelled as
/// there, each a valid token equal to the name parsed from its spelling.
@Suite struct HeaderFieldNameConstantsTests {
    static let constants: [(HeaderFields.Name, String)] = [
        (.accept, "Accept"), (.acceptEncoding, "Accept-Encoding"), (.acceptLanguage, "Accept-Language"),
        (.accessControlRequestHeaders, "Access-Control-Request-Headers"),
        (.accessControlRequestMethod, "Access-Control-Request-Method"), (.authorization, "Authorization"),
        (.availableDictionary, "Available-Dictionary"), (.cacheControl, "Cache-Control"),
        (.connection, "Connection"), (.contentDisposition, "Content-Disposition"),
        (.contentEncoding, "Content-Encoding"), (.contentLanguage, "Content-Language"),
        (.contentLength, "Content-Length"), (.contentLocation, "Content-Location"), (.contentType, "Content-Type"),
        (.cookie, "Cookie"), (.date, "Date"), (.dictionaryID, "Dictionary-ID"), (.earlyData, "Early-Data"),
        (.expect, "Expect"), (.from, "From"), (.host, "Host"), (.ifMatch, "If-Match"),
        (.ifModifiedSince, "If-Modified-Since"), (.ifNoneMatch, "If-None-Match"), (.ifRange, "If-Range"),
        (.ifUnmodifiedSince, "If-Unmodified-Since"), (.maxForwards, "Max-Forwards"), (.origin, "Origin"),
        (.priority, "Priority"), (.proxyAuthorization, "Proxy-Authorization"), (.range, "Range"),
        (.referer, "Referer"), (.secPurpose, "Sec-Purpose"), (.secWebSocketExtensions, "Sec-WebSocket-Extensions"),
        (.secWebSocketKey, "Sec-WebSocket-Key"), (.secWebSocketProtocol, "Sec-WebSocket-Protocol"),
        (.secWebSocketVersion, "Sec-WebSocket-Version"), (.te, "TE"), (.traceparent, "Traceparent"),
        (.tracestate, "Tracestate"), (.trailer, "Trailer"), (.transferEncoding, "Transfer-Encoding"),
        (.upgrade, "Upgrade"), (.userAgent, "User-Agent"), (.via, "Via"),
    ]

    @Test func eachConstantIsSpelledAsSwiftHTTPTypesSpellsIt() throws {
        #expect(Self.constants.count == 46)
        #expect(Set(Self.constants.map(\.0)).count == 46)
        for (name, spelling) in Self.constants {
            #expect(name.description == spelling)
            #expect(HeaderFields.Name(spelling) == name)
            #expect(HeaderFields.Name(spelling.lowercased()) == name)
        }
    }

    @Test func aConstantSetsTheFieldItNames() throws {
        var fields = HeaderFields()
        try fields.setValue("\"v1\"", for: .ifNoneMatch)
        try fields.setValue("bytes=0-99", for: .range)
        #expect(fields[HeaderFields.Name("if-none-match")!] == "\"v1\"")
        #expect(fields.map { "\($0.name): \($0.value)" } == ["If-None-Match: \"v1\"", "Range: bytes=0-99"])
    }
}
