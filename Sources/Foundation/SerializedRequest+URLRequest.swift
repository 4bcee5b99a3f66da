public import Wireform

#if canImport(FoundationNetworking)
    import Foundation
    public import FoundationNetworking
#else
    public import Foundation
#endif

extension SerializedRequest {
    /// The request as a `URLRequest`, with the options that are set.
    ///
    /// The Foundation `URL` is made here, from ``Wireform/SerializedRequest/url``'s text; nothing else in a request's
    /// life parses one.
    ///
    /// A body held in memory becomes `httpBody`. A streamed body becomes `httpBodyStream`, a fresh stream
    /// that never blocks; on Linux, where URLSession always sends a stream with `Transfer-Encoding: chunked`, the
    /// `Content-Length` header is left out so that the request does not carry both. So that small bodies keep
    /// their exact length on Linux too, a streamed body of known length up to 4 MiB (4,194,304 bytes) that can be
    /// read synchronously (a small multipart form, a file part) is read here into `httpBody`, with its
    /// `Content-Length`.
    /// - Parameter options: The `URLRequest` properties to apply, each only when set.
    /// - Returns: The request.
    /// - Throws: ``SerializationError/Code/invalidURL`` in the unlikely case that Foundation refuses URL text Wireform
    ///   accepted; ``SerializationError/Code/unsupportedBody`` when the body can only be produced asynchronously
    ///   (use ``MessageBody/chunks(chunkSize:)`` with an async client instead); on Linux, whatever reading a small
    ///   streamed body throws (a file that changed size: ``SerializationError/Code/lengthMismatch``; another
    ///   reader's error as ``SerializationError/Code/streamFailed``).
    public func urlRequest(options: RequestOptions = RequestOptions()) throws(SerializationError) -> URLRequest {
        guard let foundationURL = URL(string: url) else {
            throw SerializationError(
                .invalidURL, "Foundation cannot make a URL of \(SerializationError.quoted(url)) for the URLRequest")
        }
        var request = URLRequest(url: foundationURL)
        if method != .get { request.httpMethod = method.rawValue }  // a new request's method is already GET
        options.apply(to: &request)
        var isStreamed = false
        if let body {
            if let bytes = body.bytes {
                request.httpBody = Data(bytes)
            } else if let bytes = try Self.smallBodyBytes(body) {
                request.httpBody = Data(bytes)
            } else {
                request.httpBodyStream = try body.makeInputStream()
                isStreamed = true
            }
        }
        #if canImport(Darwin)
            for field in headers { request.addValue(field.value, forHTTPHeaderField: field.name.rawName) }
            _ = isStreamed
        #else
            request.allHTTPHeaderFields = headerDictionary(omittingContentLength: isStreamed)
        #endif
        return request
    }

    /// The largest streamed body that ``urlRequest(options:)`` reads into memory on Linux, so that it keeps its
    /// `Content-Length` (larger ones are streamed, and URLSession on Linux sends them chunked): 4 MiB, as its doc
    /// comment and the `WireformFoundation` landing page state.
    package static let inMemoryBodyLimit = 4 << 20

    /// On Linux, the bytes of a streamed body of known length up to `inMemoryBodyLimit` (4 MiB) that can be read
    /// synchronously; otherwise `nil`.
    private static func smallBodyBytes(_ body: MessageBody) throws(SerializationError) -> [UInt8]? {
        #if canImport(Darwin)
            // URLSession on Apple platforms sends a stream with the request's Content-Length.
            return nil
        #else
            guard case .known(let length) = body.length, length <= Int64(inMemoryBodyLimit),
                body.supportsSynchronousReading
            else { return nil }
            do {
                return try body.collectSynchronously(upTo: inMemoryBodyLimit)
            } catch let error as SerializationError {
                throw error
            } catch {
                throw SerializationError(.streamFailed, "The body could not be read: \(error)")
            }
        #endif
    }

    #if !canImport(Darwin)
        /// The headers as swift-corelibs-foundation's `addValue(_:forHTTPHeaderField:)` would store them — names
        /// `capitalized`, repeated names joined with `,` — set in one go. `addValue` checks each value again
        /// character by character and rebuilds the dictionary for every field; ``HeaderFields`` values were
        /// checked when they were added, more strictly (no CR, LF or NUL at all), so the check cannot fail here.
        private func headerDictionary(omittingContentLength: Bool) -> [String: String] {
            var fields: [String: String] = [:]
            fields.reserveCapacity(headers.count)
            for field in headers {
                if omittingContentLength && field.name == .contentLength { continue }
                // Names that differ only in case capitalize alike, so they are joined as `addValue` joins them.
                // One hash per field; a second only for a repeated name.
                let name = CapitalizedHeaderName.of(field.name.rawName)
                if let existing = fields.updateValue(field.value, forKey: name) {
                    fields[name] = existing + "," + field.value
                }
            }
            return fields
        }
    #endif
}
