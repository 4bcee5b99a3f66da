import Foundation
import Testing
import Wireform

#if canImport(FoundationNetworking)
    import FoundationNetworking
#endif

/// Runs `body` and expects a ``SerializationError`` with exactly this code and, when given, this reason.
/// - Returns: The error, for further checks.
@discardableResult
func expectSerializationError(
    _ code: SerializationError.Code,
    _ reason: String? = nil,
    sourceLocation: SourceLocation = #_sourceLocation,
    _ body: () throws -> Void
) -> SerializationError? {
    do {
        try body()
        Issue.record(
            "Expected a SerializationError with code '\(code)', but nothing was thrown", sourceLocation: sourceLocation)
    } catch let error as SerializationError {
        #expect(error.code == code, sourceLocation: sourceLocation)
        if let reason { #expect(error.reason == reason, sourceLocation: sourceLocation) }
        return error
    } catch {
        Issue.record("Expected a SerializationError, got \(error)", sourceLocation: sourceLocation)
    }
    return nil
}

/// The async variant of ``expectSerializationError(_:_:sourceLocation:_:)``.
@discardableResult
func expectSerializationError(
    _ code: SerializationError.Code,
    _ reason: String? = nil,
    sourceLocation: SourceLocation = #_sourceLocation,
    _ body: () async throws -> Void
) async -> SerializationError? {
    do {
        try await body()
        Issue.record(
            "Expected a SerializationError with code '\(code)', but nothing was thrown", sourceLocation: sourceLocation)
    } catch let error as SerializationError {
        #expect(error.code == code, sourceLocation: sourceLocation)
        if let reason { #expect(error.reason == reason, sourceLocation: sourceLocation) }
        return error
    } catch {
        Issue.record("Expected a SerializationError, got \(error)", sourceLocation: sourceLocation)
    }
    return nil
}

/// The escaped query string a style writes for parameters.
func query(_ style: some QueryStyle, _ parameters: ParameterValue) throws -> String {
    try style.queryString(for: parameters)
}

/// A URL from a literal that is known to be valid.
func url(_ string: String, sourceLocation: SourceLocation = #_sourceLocation) throws -> URL {
    try #require(URL(string: string), sourceLocation: sourceLocation)
}

/// The in-memory body of a request as text, or `nil` when it has no in-memory body.
func bodyText(_ request: SerializedRequest) -> String? {
    request.body?.bytes.map { String(decoding: $0, as: UTF8.self) }
}

/// The header fields as `Name: value` lines, in order.
func headerLines(_ headers: HeaderFields) -> [String] {
    headers.map { "\($0.name): \($0.value)" }
}

/// An error of a third party's own, not a ``SerializationError``.
struct ThirdPartyError: Error, Equatable {
    var detail: String
}

/// A serializer that writes a fixed tag, to tell serializers apart in registry tests.
struct TaggedSerializer: BodySerializer {
    let mediaType: ContentType
    let tag: String

    init(_ mediaType: ContentType, tag: String) {
        self.mediaType = mediaType
        self.tag = tag
    }

    func serialize(_ parameters: ParameterValue, context: BodySerializationContext) throws -> SerializedBody {
        SerializedBody(contentType: mediaType, bytes: Array(tag.utf8))
    }
}

/// A serializer that always throws the given error.
struct ThrowingSerializer: BodySerializer {
    let mediaType: ContentType
    let error: any Error

    func serialize(_ parameters: ParameterValue, context: BodySerializationContext) throws -> SerializedBody {
        throw error
    }
}

extension BodySerializerRegistry {
    /// The tag of the serializer found for a media type, or `nil` when none is found or it is not tagged.
    func tag(for mediaType: ContentType) -> String? {
        (try? serializer(for: mediaType)).flatMap { ($0 as? TaggedSerializer)?.tag }
    }
}

/// A request serializer without default headers (form bodies need no registered format).
func plainSerializer() -> RequestSerializer {
    RequestSerializer(includesDefaultHeaders: false)
}

/// A media type from a literal that is known to be valid.
func mediaType(_ string: String, sourceLocation: SourceLocation = #_sourceLocation) throws -> ContentType {
    try #require(ContentType(string), sourceLocation: sourceLocation)
}

/// Reads a stream to its end with reads of at most `maxLength` bytes.
func readAll(_ stream: InputStream, maxLength: Int) -> [UInt8]? {
    stream.open()
    defer { stream.close() }
    var collected: [UInt8] = []
    var buffer = [UInt8](repeating: 0, count: maxLength)
    while true {
        let count = stream.read(&buffer, maxLength: maxLength)
        if count < 0 { return nil }
        if count == 0 { return collected }
        collected += buffer[0..<count]
    }
}

extension StandardQueryStyle {
    /// The style with the package-only date and data encodings set (the public style writes ISO 8601 dates and raw
    /// data).
    func with(dates: DateEncoding? = nil, data: DataEncoding? = nil) -> StandardQueryStyle {
        var style = self
        if let dates { style.dates = dates }
        if let data { style.data = data }
        return style
    }
}

/// `URLRequest.httpShouldUsePipelining` through a protocol requirement, which the deprecated property witnesses:
/// Foundation deprecates it and the tests build with warnings as errors.
protocol PipeliningTestAccess {
    var httpShouldUsePipelining: Bool { get set }
}

extension URLRequest: PipeliningTestAccess {}

extension URLRequest {
    /// `httpShouldUsePipelining`, read and written without a deprecation warning.
    var testing_isPipelined: Bool {
        get { Self.read(self) }
        set { Self.write(newValue, to: &self) }
    }

    private static func read(_ request: some PipeliningTestAccess) -> Bool { request.httpShouldUsePipelining }

    private static func write<Request: PipeliningTestAccess>(_ value: Bool, to request: inout Request) {
        request.httpShouldUsePipelining = value
    }
}

extension ParameterValue {
    /// The dictionary this value holds, or `nil` when it is not a dictionary: for tests that look inside a tree.
    var testing_dictionary: ParameterDictionary? {
        if case .dictionary(let dictionary) = self { return dictionary }
        return nil
    }
}
