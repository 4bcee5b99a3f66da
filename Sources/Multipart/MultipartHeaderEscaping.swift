import Wireform

/// Escapes form field names and file names for `Content-Disposition` the way browsers do.
///
/// WHATWG's algorithm replaces `"` with `%22`, CR with `%0D` and LF with `%0A` and keeps everything else,
/// non-ASCII included, as UTF-8. Wireform also writes the other control bytes (NUL, DEL, …) as `%XX` so that the
/// header value is always valid; a browser could not send those bytes in a name anyway.
///
/// https://html.spec.whatwg.org/multipage/form-control-infrastructure.html#multipart-form-data
enum MultipartHeaderEscaping {
    static func appendEscaped(_ text: some Sequence<UInt8>, to bytes: inout some MultipartFramingSink) {
        for byte in text {
            if byte == UInt8(ascii: "\"") || byte < 0x20 && byte != 0x09 || byte == 0x7F {
                bytes.append(UInt8(ascii: "%"))
                bytes.append(hexDigit(byte >> 4))
                bytes.append(hexDigit(byte & 0xF))
            } else {
                bytes.append(byte)
            }
        }
    }

    /// The uppercase hexadecimal digit for a value below 16.
    private static func hexDigit(_ value: UInt8) -> UInt8 {
        value < 10 ? UInt8(ascii: "0") + value : UInt8(ascii: "A") + value - 10
    }

    /// `form-data; name="…"` with an optional `; filename="…"`.
    static func formDataDisposition(name: String, fileName: String?) -> String {
        var bytes = Array("form-data; name=\"".utf8)
        appendEscaped(name.utf8, to: &bytes)
        bytes.append(UInt8(ascii: "\""))
        if let fileName {
            bytes.append(contentsOf: "; filename=\"".utf8)
            appendEscaped(fileName.utf8, to: &bytes)
            bytes.append(UInt8(ascii: "\""))
        }
        return String(decoding: bytes, as: UTF8.self)
    }
}
