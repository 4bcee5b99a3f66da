import ArgumentParser
import Foundation
import Wireform
import WireformAsyncHTTPClient

/// The `wireform` command: swift-argument-parser reads the command line (``CommandLineArguments``), ``Options``
/// checks it, Wireform builds the request, then the tool writes or sends it.
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
        try await Self.run(Options(arguments, positions: ArgumentPositions(arguments: ArgumentBytes.arguments())))
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
            try await run(Options(command.arguments, positions: ArgumentPositions(arguments: arguments)))
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

    /// Builds the request the options describe and writes or sends it.
    private static func run(_ options: Options) async throws {
        // Before anything is read or opened for writing: where the output goes, and that it is no input.
        let destination = try OutputDestination.resolve(options.outputPath)
        try InputOutputCheck.check(
            destination, outputPath: options.outputPath, inputs: InputOutputCheck.inputs(of: options))
        let builder = RequestBuilder(options: options, parameters: try ParamsInput.text(options.params))
        let request: SerializedRequest
        do {
            request = try builder.build()
        } catch let error as SerializationError {
            throw ParamsInput.usageError(for: error, source: options.params) ?? error
        }
        let settings = sendSettings(options)
        if options.sends {
            // Before the output is opened: a URL the tool cannot send to, an unreadable `--cacert` or an invalid
            // `--proxy` are the user's to change.
            do { _ = try ClientPool.schemeAndHost(request.url) } catch { throw UsageError(error.message) }
            try settings.connection.validate()
        }
        let sink = try OutputSink.open(destination)
        do {
            if options.sends {
                try await Sending.send(request, settings: settings, to: sink)
            } else {
                try await write(request, to: sink, destination: destination, options: options)
            }
            try sink.commit()
        } catch {
            sink.discard()
            throw error
        }
    }

    /// `--send`'s settings from the options.
    private static func sendSettings(_ options: Options) -> Sending.Settings {
        Sending.Settings(
            bodyOnly: options.isBodyOnly, timeout: options.timeout, follows: options.follows,
            maxRedirects: options.maxRedirects, progress: options.progress,
            connection: ConnectionSettings(
                caCertificatePath: options.caCertificatePath, insecure: options.insecure, proxy: options.proxy,
                environment: ProcessInfo.processInfo.environment))
    }

    /// Writes the request offline, with a progress line when it goes to a file (`-o`) and is long.
    private static func write(
        _ request: SerializedRequest, to sink: OutputSink, destination: OutputDestination, options: Options
    ) async throws {
        var progress: ProgressLine?
        if case .regularFile = destination, let body = request.body {
            let total: Int64? = if case .known(let length) = body.length { length } else { nil }
            progress = ProgressLine(verb: "wrote", total: total, setting: options.progress)
        }
        defer { progress?.finish() }
        try await request.writeHTTP1Message(chunkSize: Sending.chunkSize, bodyOnly: options.isBodyOnly) {
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
