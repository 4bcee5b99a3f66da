import Foundation
import Wireform

/// `--params` or `--params-file` as JSON text for the library's streaming reader (Wireform's tags on), and the
/// messages for its errors.
enum ParamsInput {
    /// The most bytes of parameters read: `WIREFORM_MAX_PARAMS_BYTES`, 1 GiB by default, so that an endless source
    /// (`/dev/zero` fails at its first byte; an endless stream of valid-looking JSON) fails instead of filling memory.
    /// - Throws: ``UsageError`` for a value that is not a whole number of bytes from 1 up (`abc`, `0`, `-1`, a number
    ///   too large for a 64-bit integer), naming the variable.
    static func maximumLength() throws(UsageError) -> Int {
        guard let text = ProcessInfo.processInfo.environment["WIREFORM_MAX_PARAMS_BYTES"] else { return 1 << 30 }
        let isDigits = !text.isEmpty && text.utf8.allSatisfy { (byte: UInt8) -> Bool in (48...57).contains(byte) }
        guard isDigits, let value = Int(text), value >= 1 else {
            throw UsageError(
                "Invalid WIREFORM_MAX_PARAMS_BYTES \(quoted(text)): expected a whole number of bytes from 1 to "
                    + "\(Int.max)")
        }
        return value
    }

    /// The JSON text of `--params` or `--params-file`, or `nil` when neither was given. A file is read while the
    /// request is built.
    /// - Throws: ``UsageError`` for a file that cannot be opened, or a malformed `WIREFORM_MAX_PARAMS_BYTES`.
    static func text(of arguments: CommandLineArguments) throws(UsageError) -> JSONText? {
        let maximumLength = try maximumLength()
        if let text = arguments.params.first {
            return JSONText(MessageBody(bytes: Array(text.utf8)), maximumLength: maximumLength, readsTags: true)
        }
        guard let path = arguments.paramsFile.first else { return nil }
        do {
            // Opened (and closed) here, so that a missing file is reported first; read when the body is built.
            _ = try ParamsFileReader(path: path)
        } catch {
            throw UsageError("Cannot read --params-file \(quoted(path)): \(error.message)")
        }
        let body = MessageBody(length: .unknown) { try ParamsFileReader(path: path) }
        return JSONText(body, maximumLength: maximumLength, readsTags: true)
    }

    /// The usage error for an error of the parameters' text while the request was built, or `nil` for any other
    /// error.
    static func usageError(for error: SerializationError, arguments: CommandLineArguments) -> UsageError? {
        let path = arguments.paramsFile.first
        guard !arguments.params.isEmpty || path != nil else { return nil }
        let option = path.map { "--params-file \(quoted($0))" } ?? "--params"
        switch error.code {
        case .invalidJSON:
            return UsageError("Invalid JSON in \(option): \(error.reason)")
        case .bodyTooLarge:
            // Read without error before the parameters were: `text(of:)` checked it.
            let maximumLength = (try? maximumLength()) ?? 1 << 30
            return UsageError(
                "\(option) is longer than \(maximumLength) bytes, the most parameters read "
                    + "(WIREFORM_MAX_PARAMS_BYTES)")
        case .streamFailed:
            guard let path, let failure = error.underlyingError as? ParamsFileReader.ReadError else { return nil }
            return UsageError("Cannot read --params-file \(quoted(path)): \(failure.message)")
        default:
            return nil
        }
    }
}
