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

    /// Runs the command on the arguments' bytes (``CommandLineBytes``) and returns its exit status; errors are
    /// printed to standard error in one line.
    static func main(_ arguments: [[UInt8]]) async -> ExitStatus {
        do {
            try await run(arguments)
            return .success
        } catch let error as UsageError {
            StandardError.writeMessage(error.message)
            return .usageError
        } catch let error as SerializationError {
            StandardError.writeMessage(error.description)
            return .serializationError
        } catch let error as OutputSink.WriteError {
            StandardError.writeMessage(error.message)
            return .serializationError
        } catch let error as SendError {
            StandardError.writeMessage(error.message)
            return .sendFailed
        } catch {
            StandardError.writeMessage("\(error)")
            return .serializationError
        }
    }

    private static func run(_ arguments: [[UInt8]]) async throws {
        let options = try Options(parsing: arguments)
        switch options.action {
        case .help:
            try writeToStandardOutput(HelpText.usage + "\n")
            return
        case .version:
            try writeToStandardOutput(HelpText.version + "\n")
            return
        case .run:
            break
        }
        // Before anything is read or opened for writing: where the output goes, and that it is no input.
        let destination = try OutputDestination.resolve(options.outputPath)
        try InputOutputCheck.check(
            destination, outputPath: options.outputPath, inputs: InputOutputCheck.inputs(of: options))
        let acceptsLarge = RequestBuilder(options: options, parameters: nil).acceptsLargeParameters()
        var builder = RequestBuilder(options: options, parameters: nil)
        switch try ParamsInput.read(options.params, acceptsLarge: acceptsLarge) {
        case .tree(let tree): builder = RequestBuilder(options: options, parameters: tree)
        case .large(let large): builder.large = large
        case nil: break
        }
        let request = try builder.build()
        let sink = try OutputSink.open(destination)
        do {
            if options.sends {
                try await Sending.send(request, to: sink, bodyOnly: options.isBodyOnly, timeout: options.timeout)
            } else {
                try await HTTPMessageWriter.write(request, to: sink, bodyOnly: options.isBodyOnly)
            }
            try sink.commit()
        } catch {
            sink.discard()
            throw error
        }
    }

    private static func writeToStandardOutput(_ text: String) throws(OutputSink.WriteError) {
        let sink = OutputSink.standardOutput()
        try sink.write(Array(text.utf8))
    }
}
