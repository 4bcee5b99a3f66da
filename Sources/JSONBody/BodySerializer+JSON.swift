public import Wireform

#if canImport(FoundationEssentials)
    public import FoundationEssentials
#else
    public import Foundation
#endif

extension BodySerializer where Self == JSONBodySerializer {
    /// The JSON format with sorted keys, compact output, `/` unescaped, ISO 8601 dates and Base64 data.
    public static var json: Self { JSONBodySerializer() }

    /// The JSON format, configured.
    /// - Parameters:
    ///   - options: How the text is written.
    ///   - dateEncoding: How dates are written.
    ///   - dataEncoding: How data is written.
    ///   - encoder: The encoder for `Encodable` values, or `nil` for one that follows the other settings.
    ///   - charset: A `charset` parameter for the `Content-Type`, or `nil`.
    /// - Returns: The serializer.
    public static func json(
        options: JSONWritingOptions = .sortedKeys,
        dateEncoding: JSONDateEncoding = .iso8601,
        dataEncoding: JSONDataEncoding = .base64,
        encoder: JSONEncoder? = nil,
        charset: String? = nil
    ) -> Self {
        var serializer = JSONBodySerializer(options: options, encoder: encoder, charset: charset)
        serializer.dateEncoding = dateEncoding
        serializer.dataEncoding = dataEncoding
        return serializer
    }
}
