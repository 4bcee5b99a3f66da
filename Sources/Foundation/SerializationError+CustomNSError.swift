public import Foundation
public import Wireform

/// A ``Wireform/SerializationError`` as an `NSError`: a stable domain and code for Objective-C callers, `NSError`
/// logging and crash reporters, the counterpart of AFNetworking's `AFURLRequestSerializationErrorDomain`.
///
/// ```swift
/// do {
///     _ = try serializer.serializedRequest(method: .get, url: "https://example.com", parameters: parameters)
/// } catch {
///     let nsError = error as NSError
///     // nsError.domain == "Wireform.SerializationError", nsError.code == 1 (unsupportedValue)
/// }
/// ```
///
/// The conformance is here rather than in `Wireform` because FoundationEssentials, which `Wireform` imports on Linux,
/// has no `CustomNSError` and no `NSError` keys. It takes effect wherever `WireformFoundation` is linked into the
/// process; without it, the Swift runtime bridges the error with the same domain and code 1 for every code.
extension SerializationError: CustomNSError {
    /// `"Wireform.SerializationError"`, the domain of every bridged ``Wireform/SerializationError``, as AFNetworking's
    /// errors have `AFURLRequestSerializationErrorDomain`.
    ///
    /// It is the module and type name, the domain Swift gives a bridged error by default.
    public static var errorDomain: String { "Wireform.SerializationError" }

    /// The stable number of the error's ``Wireform/SerializationError/code``.
    ///
    /// A number never changes meaning: a new code takes the next unused number, and no number is ever reused.
    ///
    /// | Code | `errorCode` |
    /// | --- | --- |
    /// | ``Wireform/SerializationError/Code/unsupportedValue`` | 1 |
    /// | ``Wireform/SerializationError/Code/invalidURL`` | 2 |
    /// | ``Wireform/SerializationError/Code/invalidMethod`` | 3 |
    /// | ``Wireform/SerializationError/Code/invalidHeader`` | 4 |
    /// | ``Wireform/SerializationError/Code/noSerializerRegistered`` | 5 |
    /// | ``Wireform/SerializationError/Code/serializerFailed`` | 6 |
    /// | ``Wireform/SerializationError/Code/invalidPart`` | 7 |
    /// | ``Wireform/SerializationError/Code/fileUnavailable`` | 8 |
    /// | ``Wireform/SerializationError/Code/lengthMismatch`` | 9 |
    /// | ``Wireform/SerializationError/Code/streamFailed`` | 10 |
    /// | ``Wireform/SerializationError/Code/writeFailed`` | 11 |
    /// | ``Wireform/SerializationError/Code/cancelled`` | 12 |
    /// | ``Wireform/SerializationError/Code/bodyTooLarge`` | 13 |
    /// | ``Wireform/SerializationError/Code/bodyAlreadyConsumed`` | 14 |
    /// | ``Wireform/SerializationError/Code/unsupportedBody`` | 15 |
    /// | ``Wireform/SerializationError/Code/invalidTemplate`` | 16 |
    /// | ``Wireform/SerializationError/Code/invalidJSON`` | 17 |
    /// | ``Wireform/SerializationError/Code/fileChanged`` | 18 |
    ///
    /// Some codes cover cases that Wireform tells apart internally and once had codes of their own; they have the
    /// number of the code they were merged into: a top-level shape a format cannot take and nesting deeper than 128
    /// levels are 1 (`unsupportedValue`); an invalid header name or value, conflicting headers and an invalid media
    /// type are 4 (`invalidHeader`); an `Encodable` value that failed to encode is 6 (`serializerFailed`); an
    /// invalid multipart boundary is 7 (`invalidPart`); a template variable without a value is 16
    /// (`invalidTemplate`). If one of them ever becomes a code of its own, it takes a new number, and its old
    /// number keeps covering the rest.
    public var errorCode: Int { code.errorCode }

    /// `NSLocalizedDescriptionKey`: the ``Wireform/SerializationError/description`` (the reason, then the underlying
    /// error when there is one); `NSUnderlyingErrorKey`: the ``Wireform/SerializationError/underlyingError`` as an
    /// `NSError`, when there is one.
    public var errorUserInfo: [String: Any] {
        var userInfo: [String: Any] = [NSLocalizedDescriptionKey: description]
        if let underlyingError { userInfo[NSUnderlyingErrorKey] = underlyingError as NSError }
        return userInfo
    }
}
