/// Takes credentials out of a message before it reaches standard error: the password in a URL's user information
/// (`http://user:***@host`; the whole user information when it has no colon, as it may be a token), and the value
/// of an `Authorization`, `Proxy-Authorization` or `Cookie` field quoted in a message (`Cookie: ***`).
///
/// Messages quote what the user gave (a `-H` argument that is not UTF-8, a proxy URL with a bad port), and a
/// credential repeated there reaches terminals and logs. Every message the tool writes goes through ``redacted(_:)``.
/// The code works on bytes with explicit types, in small steps.
enum MessageRedaction {
    /// The message with its credentials replaced by `***`.
    static func redacted(_ message: String) -> String {
        var bytes: [UInt8] = Array(message.utf8)
        bytes = redactingUserInfo(bytes)
        bytes = redactingField(bytes, named: Array("authorization:".utf8))
        bytes = redactingField(bytes, named: Array("cookie:".utf8))
        return String(decoding: bytes, as: UTF8.self)
    }

    /// The bytes that end a URL's authority in a message.
    private static func endsAuthority(_ byte: UInt8) -> Bool {
        byte == UInt8(ascii: "/") || byte == UInt8(ascii: "?") || byte == UInt8(ascii: "#")
            || byte == UInt8(ascii: "'") || byte == UInt8(ascii: " ") || byte == UInt8(ascii: ")")
    }

    /// Every `scheme://USERINFO@` with its password (or, without a colon, all of it) as `***`.
    static func redactingUserInfo(_ bytes: [UInt8]) -> [UInt8] {
        let separator: [UInt8] = Array("://".utf8)
        var result: [UInt8] = []
        result.reserveCapacity(bytes.count)
        var index: Int = 0
        while index < bytes.count {
            let isSeparator: Bool = index + 3 <= bytes.count && Array(bytes[index..<(index + 3)]) == separator
            guard isSeparator else {
                result.append(bytes[index])
                index += 1
                continue
            }
            result.append(contentsOf: separator)
            let start: Int = index + 3
            var end: Int = start
            while end < bytes.count && !endsAuthority(bytes[end]) { end += 1 }
            var at: Int? = nil
            for position in start..<end where bytes[position] == UInt8(ascii: "@") { at = position }
            if let at {
                let userInfo: ArraySlice<UInt8> = bytes[start..<at]
                // The tool's own hint, `http://user:password@host`, names no real password.
                let isHint: Bool = Array(userInfo) == Array("user:password".utf8)
                if isHint {
                    result.append(contentsOf: userInfo)
                } else if let colon = userInfo.firstIndex(of: UInt8(ascii: ":")) {
                    result.append(contentsOf: bytes[start..<colon])
                    result.append(contentsOf: Array(":***".utf8))
                } else {
                    result.append(contentsOf: Array("***".utf8))
                }
                index = at
            } else {
                index = start
            }
        }
        return result
    }

    /// Every `NAME: VALUE` (the name matched without case) with the value, up to the next `'` or the end, as `***`.
    static func redactingField(_ bytes: [UInt8], named name: [UInt8]) -> [UInt8] {
        var result: [UInt8] = []
        result.reserveCapacity(bytes.count)
        var index: Int = 0
        while index < bytes.count {
            guard matches(bytes, at: index, name) else {
                result.append(bytes[index])
                index += 1
                continue
            }
            result.append(contentsOf: bytes[index..<(index + name.count)])
            var end: Int = index + name.count
            while end < bytes.count && bytes[end] != UInt8(ascii: "'") { end += 1 }
            result.append(contentsOf: Array(" ***".utf8))
            index = end
        }
        return result
    }

    /// Whether `name` (lowercase) stands at `index`, compared without case.
    private static func matches(_ bytes: [UInt8], at index: Int, _ name: [UInt8]) -> Bool {
        guard index + name.count <= bytes.count else { return false }
        for offset in 0..<name.count {
            var byte: UInt8 = bytes[index + offset]
            if byte >= UInt8(ascii: "A") && byte <= UInt8(ascii: "Z") { byte += 32 }
            if byte != name[offset] { return false }
        }
        return true
    }
}
