import Wireform

/// Escapes form field names and file names for `Content-Disposition` the way browsers do.
///
/// WHATWG's algorithm replaces `"` with `%22`, CR with `%0D` and LF with `%0A` and keeps everything else,
/// non-ASCII included, as UTF-8. Wireform also writes the other control bytes (NUL, DEL, …) as `%XX` so that the
/// header value is always valid; a browser could not send those bytes in a name anyway.
///
/// https://html.spec.whatwg.org/multipage/form-control-infrastructure.html#multipart-form-data
enum MultipartHeaderEscaping {
    static func appendEscaped(_ text: String, to bytes: inout [UInt8]) {
        let hex = Array("0123456789ABCDEF".utf8)
        for byte in text.utf8 {
            if byte == UInt8(ascii: "\"") || byte < 0x20 && byte != 0x09 || byte == 0x7F {
                bytes.append(UInt8(ascii: "%"))
                bytes.append(hex[Int(byte >> 4)])
                bytes.append(hex[Int(byte & 0xF)])
            } else {
                bytes.append(byte)
            }
        }
    }

    /// `form-data; name="…"` with an optional `; filename="…"`.
    static func formDataDisposition(name: String, fileName: String?) -> String {
        var bytes = Array("form-data; name=\"".utf8)
        appendEscaped(name, to: &bytes)
        bytes.append(UInt8(ascii: "\""))
        if let fileName {
            bytes.append(contentsOf: "; filename=\"".utf8)
            appendEscaped(fileName, to: &bytes)
            bytes.append(UInt8(ascii: "\""))
        }
        return String(decoding: bytes, as: UTF8.self)
    }
}
