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
        let builder = RequestBuilder(options: options, parameters: try ParamsInput.text(options.params))
        let request: SerializedRequest
        do {
            request = try builder.build()
        } catch let error as SerializationError {
            throw ParamsInput.usageError(for: error, source: options.params) ?? error
        }
        var settings = sendSettings(options)
        if options.sends {
            // Before the output is opened: a URL the tool cannot send to, an unreadable `--cacert` or an invalid
            // `--proxy` are the user's to change.
            do { _ = try ClientPool.schemeAndHost(request.url) } catch { throw UsageError(error.message) }
            try settings.connection.validate()
            // What each `--file` is now, before the first send, so that a redirect can tell it changed (H7).
            settings.files = options.formParts.compactMap { part in
                guard case .file(let spec) = part else { return nil }
                return FileFingerprint(path: spec.path)
            }
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
        try await HTTPMessageWriter.write(request, to: sink, bodyOnly: options.isBodyOnly, progress: progress)
    }

    private static func writeToStandardOutput(_ text: String) throws(OutputSink.WriteError) {
        let sink = OutputSink.standardOutput()
        try sink.write(Array(text.utf8))
    }
}
