/// JSON text used as parameters: read as it streams, straight into a request's query or any registered body format,
/// without building a ``ParameterValue`` tree first.
///
/// ```swift
/// // An API gateway: the client's JSON body becomes the form body the upstream service wants.
/// let text = JSONText(MessageBody(bytes: Array(#"{"user":{"name":"Ada"},"tags":["a","b"]}"#.utf8)))
/// let request = try RequestSerializer().serializedRequest(
///     method: .post, url: "https://upstream.example/users", json: text)
/// // body: tags%5B%5D=a&tags%5B%5D=b&user%5Bname%5D=Ada
/// ```
///
/// The text is read strictly (RFC 8259) and exactly:
///
/// - object members keep their order; a **duplicate key is an error** naming the key and its position, never a
///   silent choice of one value: a gateway must not guess which of two values a client meant. Keys are the same
///   when Swift's `==` says so (canonical equivalence: `"é"` precomposed or as `e` and a combining accent);
/// - `true`/`false` are booleans and `null` the null value;
/// - integers stay integers (64-bit signed or unsigned; larger ones become exact decimals; `-0` is the integer zero,
///   as `JSONSerialization` reads it); numbers with a fraction or an exponent become exact decimals (at most 38
///   significant digits; beyond a `Decimal`'s exponent range, a `Double` when the `Double`'s shortest text is the
///   same number), never rounded: any other number is an error. A zero with a fraction or an exponent keeps its
///   sign: `-0.0` and `-0e0` are the `Double` negative zero, which every format writes as `-0`;
/// - strings must be valid UTF-8 with valid escapes; a byte order mark, text after the value, and nesting deeper than
///   512 levels are errors;
/// - with `readsTags`, Wireform's tag convention: an object whose only key is `$set`, `$data_base64` or `$date`
///   is a set (`{"$set": [1, 2]}`), bytes (`{"$data_base64": "AAEC"}`) or a date
///   (`{"$date": "2024-01-02T03:04:05Z"}`, also with a fraction, an offset, or a day alone); a tag key beside
///   other keys is an error. Without it, such objects are ordinary dictionaries.
///
/// Errors are ``SerializationError/Code/invalidJSON`` with a reason that ends `at line L, column C (byte N)` (columns
/// count characters); a text longer than `maximumLength` is ``SerializationError/Code/bodyTooLarge``, so an endless
/// source fails instead of filling memory. The reader holds one chunk of the text plus the string or number being
/// read; what the output holds is the format's: a format that writes events directly keeps only its output, any
/// other format (and a custom ``QueryStyle``) is given a tree.
public struct JSONText: Sendable {
    /// Where the text comes from.
    let body: MessageBody
    /// The longest text accepted, in bytes.
    let maximumLength: Int
    /// Whether Wireform's tags are read as tags.
    let readsTags: Bool

    /// JSON text from a body: `MessageBody(bytes:)` for text in memory, `MessageBody(fileAt:)` for a file, or
    /// `MessageBody(length:makeReader:)` for any ``BodyReader`` (a pipe, a socket). The body must support
    /// synchronous reading; a body that makes a reader each time can be read more than once.
    /// - Parameters:
    ///   - body: The UTF-8 text.
    ///   - maximumLength: The longest text accepted, in bytes: a longer one fails with
    ///     ``SerializationError/Code/bodyTooLarge`` as soon as its next byte is read. Set it for text from the
    ///     network or a pipe.
    ///   - readsTags: Whether `{"$set": [...]}`, `{"$data_base64": "..."}` and `{"$date": "..."}` are read as a set,
    ///     bytes and a date (Wireform's tag convention, which the `wireform` tool's `--params` uses).
    public init(_ body: MessageBody, maximumLength: Int = .max, readsTags: Bool = false) {
        self.body = body
        self.maximumLength = maximumLength
        self.readsTags = readsTags
    }

    /// Reads the text and sends its one value's events into `sink`, as it reads.
    /// - Throws: ``SerializationError`` for invalid or overlong text or a body that cannot be read; what the sink
    ///   throws.
    package func sendEvents(to sink: any EncodingSinkBox) throws {
        let source: any BodyReader
        do {
            source = try body.makeReader()
        } catch let error as SerializationError {
            throw error
        } catch {
            throw SerializationError(.streamFailed, "The JSON text cannot be read: \(error)", underlyingError: error)
        }
        var reader = JSONTextReader(
            input: JSONTextInput(source: source, maximumLength: maximumLength), readsTags: readsTags)
        try reader.read(into: sink)
    }
}
