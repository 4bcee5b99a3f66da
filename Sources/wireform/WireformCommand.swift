import Foundation
import Wireform

/// The `wireform` command: parses the command line, builds the request with Wireform, then writes or sends it.
enum WireformCommand {
    /// Exit statuses; documented in `--help`.
    enum ExitStatus: Int32 {
        case success = 0
        case serializationError = 1
        case usageError = 2
        case sendFailed = 3
    }

    /// Runs the command and returns its exit status; errors are printed to standard error in one line.
    static func main(_ arguments: [String]) async -> ExitStatus {
        do {
            try await run(arguments)
            return .success
        } catch let error as UsageError {
            printError(error.message)
            return .usageError
        } catch let error as SerializationError {
            printError(error.description)
            return .serializationError
        } catch let error as OutputSink.WriteError {
            printError(error.message)
            return .serializationError
        } catch let error as SendError {
            printError(error.message)
            return .sendFailed
        } catch {
            printError("\(error)")
            return .serializationError
        }
    }

    private static func run(_ arguments: [String]) async throws {
        let options = try Options(parsing: arguments)
        switch options.action {
        case .help:
            try OutputSink.standardOutput().write(Array((HelpText.usage + "\n").utf8))
            return
        case .version:
            try OutputSink.standardOutput().write(Array((HelpText.version + "\n").utf8))
            return
        case .run:
            break
        }
        let acceptsLarge = RequestBuilder(options: options, parameters: nil).acceptsLargeParameters()
        var builder = RequestBuilder(options: options, parameters: nil)
        switch try ParamsInput.read(options.params, acceptsLarge: acceptsLarge) {
        case .tree(let tree): builder = RequestBuilder(options: options, parameters: tree)
        case .large(let large): builder.large = large
        case nil: break
        }
        let request = try builder.build()
        let sink =
            try options.outputPath.map { path throws(OutputSink.WriteError) in try OutputSink.file(atPath: path) }
            ?? OutputSink.standardOutput()
        do {
            if options.sends {
                try await Sending.send(request, to: sink, bodyOnly: options.isBodyOnly)
            } else {
                try await HTTPMessageWriter.write(request, to: sink, bodyOnly: options.isBodyOnly)
            }
            sink.close()
        } catch {
            sink.discard()
            throw error
        }
    }

    private static func printError(_ message: String) {
        // One line, whatever the message holds.
        let line = message.split(whereSeparator: \.isNewline).joined(separator: " ")
        FileHandle.standardError.write(Data("wireform: \(line)\n".utf8))
    }
}
