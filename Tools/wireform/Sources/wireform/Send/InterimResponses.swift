/// Interim (`1xx`) responses, such as `100 Continue`, that a server may send before its final response.
///
/// `101 Switching Protocols` is final for this purpose: the tool never asks for an upgrade, so it ends the exchange.
enum InterimResponses {
    /// Removes every complete interim response head from the start of `bytes`.
    static func drop(from bytes: inout [UInt8]) {
        while let code = statusCode(bytes), isInterim(code), let end = ResponseHead.endOfHead(in: bytes) {
            bytes.removeFirst(end)
        }
    }

    /// Whether `bytes`, the start of what the server sent, may still turn out to be an interim response: the status
    /// line is too short to tell, or it is an interim one whose head has not fully arrived.
    static func mayBeInterim(_ bytes: [UInt8]) -> Bool {
        let pattern = Array("HTTP/1.1 1".utf8)
        for (index, byte) in bytes.prefix(pattern.count).enumerated() {
            let expected = pattern[index]
            if index == 5 || index == 7 {
                guard (UInt8(ascii: "0")...UInt8(ascii: "9")).contains(byte) else { return false }
            } else if byte != expected {
                return false
            }
        }
        guard let code = statusCode(bytes) else { return true }
        return isInterim(code)
    }

    private static func isInterim(_ code: Int) -> Bool { (100...199).contains(code) && code != 101 }

    /// The status code of a status line that starts `bytes`, once its three digits have arrived.
    private static func statusCode(_ bytes: [UInt8]) -> Int? {
        guard bytes.count >= 12, bytes.starts(with: "HTTP/".utf8) else { return nil }
        var code = 0
        for byte in bytes[9..<12] {
            guard (UInt8(ascii: "0")...UInt8(ascii: "9")).contains(byte) else { return nil }
            code = code * 10 + Int(byte - UInt8(ascii: "0"))
        }
        return code
    }
}
