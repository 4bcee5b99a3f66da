import Foundation
import Wireform

/// Reads `--params` or `--params-file` into parameters.
enum ParamsInput {
    /// Parameters as read.
    enum Parsed {
        /// One tree.
        case tree(ParameterValue)
        /// A large top-level object, kept as text (``LargeParameters``).
        case large(LargeParameters)
    }

    /// The parameters, or `nil` when neither option was given.
    /// - Parameters:
    ///   - source: The option.
    ///   - acceptsLarge: Whether a top-level object of at least ``LargeParameters/minimumInputSize`` bytes may be
    ///     returned as ``Parsed/large(_:)``.
    /// - Throws: ``UsageError`` for a file that cannot be read or JSON that is not valid.
    static func read(_ source: Options.ParamsSource?, acceptsLarge: Bool = false) throws(UsageError) -> Parsed? {
        guard let source else { return nil }
        let bytes: [UInt8]
        let option: String
        switch source {
        case .inline(let text):
            bytes = Array(text.utf8)
            option = "--params"
        case .file(let path):
            option = "--params-file \(quoted(path))"
            do {
                bytes = try path.isStandardStream ? FileBytes.read(descriptor: 0) : FileBytes.read(path: path)
            } catch {
                throw UsageError("Cannot read --params-file \(quoted(path)): \(error.message)")
            }
        }
        do {
            if acceptsLarge, bytes.count >= LargeParameters.minimumInputSize,
                let members = ParamsJSONReader.readTopLevelMembers(bytes),
                LargeParameters.isWorthGrouping(members, textSize: bytes.count)
            {
                return .large(LargeParameters(bytes: bytes, members: members))
            }
            return .tree(try ParamsJSONReader.read(bytes))
        } catch {
            throw UsageError("Invalid JSON in \(option): \(error.description)")
        }
    }
}
