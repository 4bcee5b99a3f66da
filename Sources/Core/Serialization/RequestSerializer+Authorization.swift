#if canImport(FoundationEssentials)
    import FoundationEssentials
#else
    import Foundation
#endif

extension RequestSerializer {
    /// Sends `Authorization: Basic …` with every request.
    /// - Parameters:
    ///   - username: The user name; it may not contain `:` (RFC 7617).
    ///   - password: The password.
    /// - Throws: ``SerializationError/Code/invalidHeader`` for a user name with `:` or either part with a
    ///   control character.
    public mutating func setBasicAuthorization(username: String, password: String) throws(SerializationError) {
        guard !username.utf8.contains(UInt8(ascii: ":")) else {
            throw SerializationError(
                .invalidHeader, "A Basic authorization user name cannot contain ':' (RFC 7617)")
        }
        let controls = { (text: String) in text.unicodeScalars.contains { $0.value < 0x20 || $0.value == 0x7F } }
        guard !controls(username), !controls(password) else {
            throw SerializationError(
                .invalidHeader,
                "Basic authorization credentials cannot contain control characters (RFC 7617)"
            )
        }
        let credentials = Data("\(username):\(password)".utf8).base64EncodedString()
        try defaultHeaders.setValue("Basic \(credentials)", for: .authorization)
    }

    /// Sends `Authorization: Bearer …` with every request.
    /// - Parameter token: The token (RFC 6750 `b64token` characters).
    /// - Throws: ``SerializationError/Code/invalidHeader`` for an empty token or one with other characters.
    ///   The message never contains the token: it is a secret, and error messages end up in logs.
    public mutating func setBearerToken(_ token: String) throws(SerializationError) {
        // b64token = 1*( ALPHA / DIGIT / "-" / "." / "_" / "~" / "+" / "/" ) *"=": padding only at the end.
        let body = token.utf8.prefix { $0 != UInt8(ascii: "=") }
        let padding = token.utf8.dropFirst(body.count)
        let isValid =
            !body.isEmpty && padding.allSatisfy { $0 == UInt8(ascii: "=") }
            && body.allSatisfy { byte in
                switch byte {
                case UInt8(ascii: "a")...UInt8(ascii: "z"), UInt8(ascii: "A")...UInt8(ascii: "Z"),
                    UInt8(ascii: "0")...UInt8(ascii: "9"), UInt8(ascii: "-"), UInt8(ascii: "."), UInt8(ascii: "_"),
                    UInt8(ascii: "~"), UInt8(ascii: "+"), UInt8(ascii: "/"):
                    return true
                default:
                    return false
                }
            }
        guard isValid else {
            throw SerializationError(
                .invalidHeader,
                token.isEmpty
                    ? "Invalid bearer token: the token is empty"
                    : "Invalid bearer token (\(token.utf8.count) bytes): expected only RFC 6750 token characters "
                        + "(letters, digits, '-', '.', '_', '~', '+', '/', then '=' padding only at the end)"
            )
        }
        try defaultHeaders.setValue("Bearer \(token)", for: .authorization)
    }
}
