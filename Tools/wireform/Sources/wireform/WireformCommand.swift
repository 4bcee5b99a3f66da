import ArgumentParser
import Foundation
import Wireform
import WireformAsyncHTTPClient

/// The `wireform` command: swift-argument-parser reads and checks the command line (``CommandLineArguments``),
/// Wireform builds the request, then the tool writes or sends it.
struct WireformCommand: AsyncParsableCommand {
    /// Exit statuses; documented in `--help`.
    enum ExitStatus: Int32 {
        case success = 0
        case serializationError = 1
        case usageError = 2
        case sendFailed = 3
    }

    /// The command line.
    @OptionGroup var arguments: CommandLineArguments

    /// Runs the command on the process's own command line (``ArgumentBytes``).
    func run() async throws {
        try await Self.run(arguments)
    }

    /// Parses the arguments (``ArgumentBytes`` strings), runs the command and returns its exit status: `--help`,
    /// `--version` and `--generate-completion-script` print to standard output; errors are printed to standard error
    /// in one line, and a usage error, swift-argument-parser's or the tool's, exits with status 2.
    static func exitStatus(arguments: [String]) async -> ExitStatus {
        let command: WireformCommand
        do {
            command = try parse(arguments)
        } catch {
            guard exitCode(for: error) == .success else {
                StandardError.writeMessage(ArgumentBytes.displayable(message(for: error)))
                return .usageError
            }
            do {
                try writeToStandardOutput(fullMessage(for: error) + "\n")
                return .success
            } catch {
                StandardError.writeMessage(error.message)
                return .serializationError
            }
        }
        do {
            try await run(command.arguments)
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

    /// Builds the request the command line describes and writes or sends it.
    private static func run(_ arguments: CommandLineArguments) async throws {
        // Before anything is read or opened for writing: where the output goes, and that it is no input.
        let outputPath = arguments.output.first
        let destination = try OutputDestination.resolve(outputPath)
        try InputOutputCheck.check(destination, outputPath: outputPath, inputs: InputOutputCheck.inputs(of: arguments))
        let builder = RequestBuilder(arguments: arguments, parameters: try ParamsInput.text(of: arguments))
        let request: SerializedRequest
        do {
            request = try builder.build()
        } catch let error as SerializationError {
            throw ParamsInput.usageError(for: error, arguments: arguments) ?? error
        }
        // The same rules offline and on the wire: what AsyncHTTPClient would refuse to send is not printed either.
        try RequestBuilder.checkSendable(request)
        let settings = Sending.Settings(arguments, environment: ProcessInfo.processInfo.environment)
        if arguments.send {
            // Before the output is opened: a URL the tool cannot send to, an unreadable `--cacert` or an invalid
            // `--proxy` are the user's to change.
            do { _ = try ClientPool.schemeAndHost(request.url) } catch { throw UsageError(error.message) }
            try settings.connection.validate()
        }
        let sink = try OutputSink.open(destination)
        do {
            if arguments.send {
                try await Sending.send(request, settings: settings, to: sink)
            } else {
                try await write(request, to: sink, destination: destination, settings: settings)
            }
            try sink.commit()
        } catch {
            sink.discard()
            throw error
        }
    }

    /// Writes the request offline, with a progress line when it goes to a file (`-o`) and is long; `settings` gives
    /// `--body-only` and `--progress`.
    private static func write(
        _ request: SerializedRequest, to sink: OutputSink, destination: OutputDestination, settings: Sending.Settings
    ) async throws {
        var progress: ProgressLine?
        if case .regularFile = destination, let body = request.body {
            let total: Int64? = if case .known(let length) = body.length { length } else { nil }
            progress = ProgressLine(verb: "wrote", total: total, setting: settings.progress)
        }
        defer { progress?.finish() }
        try await request.writeHTTP1Message(chunkSize: Sending.chunkSize, bodyOnly: settings.bodyOnly) {
            bytes, isBody in
            try sink.write(bytes)
            if isBody { progress?.advance(by: bytes.count) }
        }
    }

    private static func writeToStandardOutput(_ text: String) throws(OutputSink.WriteError) {
        let sink = OutputSink.standardOutput()
        try sink.write(Array(text.utf8))
    }
}
