import Foundation
import Wireform

/// Reads `--params` or `--params-file` into parameters.
enum ParamsInput {
    /// The parameters, or `nil` when neither option was given.
    /// - Throws: ``UsageError`` for a file that cannot be read or JSON that is not valid.
    static func read(_ source: Options.ParamsSource?) throws(UsageError) -> ParameterValue? {
        guard let source else { return nil }
        let bytes: [UInt8]
        let option: String
        switch source {
        case .inline(let text):
            bytes = Array(text.utf8)
            option = "--params"
        case .file(let path):
            option = "--params-file \(quoted(path))"
            if path == "-" {
                bytes = Array(FileHandle.standardInput.readDataToEndOfFile())
            } else {
                do {
                    bytes = Array(try Data(contentsOf: URL(fileURLWithPath: path)))
                } catch {
                    throw UsageError("Cannot read --params-file \(quoted(path)): \(error.localizedDescription)")
                }
            }
        }
        do {
            return try ParamsJSONReader.read(bytes)
        } catch {
            throw UsageError("Invalid JSON in \(option): \(error.description)")
        }
    }
}
