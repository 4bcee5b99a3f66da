import Foundation

#if canImport(Glibc)
    import Glibc
#elseif canImport(Darwin)
    import Darwin
#endif

/// The `wireform` binary built next to this test bundle (or `WIREFORM_BINARY`, to run the tests against another
/// build), started with `posix_spawn` so each test controls its standard descriptors and signals exactly.
struct ToolProcess {
    /// What the child's standard error is.
    enum StandardErrorMode {
        /// A pipe the test reads.
        case captured
        /// Closed (`2>&-`).
        case closed
        /// A pipe whose read end is already closed: every write fails with `EPIPE`.
        case brokenPipe
    }

    /// How a run ended.
    struct Result {
        /// The exit status, or `128 + signal` when a signal ended the process.
        var status: Int32
        /// The signal that ended the process, if one did.
        var signal: Int32?
        var standardOutput: [UInt8]
        var standardError: String
    }

    static let binaryPath: String = {
        if let path = ProcessInfo.processInfo.environment["WIREFORM_BINARY"] { return path }
        var candidates: [URL] = []
        if let executable = try? FileManager.default.destinationOfSymbolicLink(atPath: "/proc/self/exe") {
            candidates.append(URL(fileURLWithPath: executable).deletingLastPathComponent())
        }
        candidates.append(Bundle.main.bundleURL.deletingLastPathComponent())
        candidates.append(Bundle.main.bundleURL)
        for directory in candidates {
            let path = directory.appendingPathComponent("wireform").path
            if FileManager.default.isExecutableFile(atPath: path) { return path }
        }
        return "wireform"
    }()

    /// The child's process id while it runs.
    let pid: pid_t
    private let outputReader: PipeReader
    private let errorReader: PipeReader?

    /// The signals the child starts with at their default action, whatever the test runner set: the ones the tool
    /// handles and the tests send.
    static let defaultedSignals = [SIGINT, SIGTERM, SIGHUP, SIGPIPE, SIGALRM, SIGUSR1, SIGUSR2, SIGQUIT]

    /// Starts the tool.
    /// - Parameters:
    ///   - arguments: The arguments after the program name.
    ///   - directory: The working directory.
    ///   - standardError: What standard error is.
    ///   - standardOutput: A descriptor to use as standard output instead of a pipe, or `-1` to close it.
    ///   - environment: Variables to add to (or replace in) the test's environment.
    ///   - shellPrefix: Shell commands to run before the tool starts (`ulimit -f 1;`).
    init(
        _ arguments: [String],
        in directory: String,
        standardError: StandardErrorMode = .captured,
        standardOutput: Int32? = nil,
        environment: [String: String] = [:],
        shellPrefix: String? = nil
    ) throws {
        try self.init(
            bytes: arguments.map { Array($0.utf8) }, in: directory, standardError: standardError,
            standardOutput: standardOutput, environment: environment, shellPrefix: shellPrefix)
    }

    /// Starts the tool with arguments given as bytes, which need not be UTF-8 (see ``init(_:in:standardError:standardOutput:environment:shellPrefix:)``).
    init(
        bytes arguments: [[UInt8]],
        in directory: String,
        standardError: StandardErrorMode = .captured,
        standardOutput: Int32? = nil,
        environment: [String: String] = [:],
        shellPrefix: String? = nil
    ) throws {
        var output: [Int32] = [-1, -1]
        guard pipe(&output) == 0 else { throw POSIXError(.EMFILE) }
        var error: [Int32] = [-1, -1]
        if standardError != .closed {
            guard pipe(&error) == 0 else { throw POSIXError(.EMFILE) }
        }
        #if canImport(Darwin)
            var actions: posix_spawn_file_actions_t? = nil
            var attributes: posix_spawnattr_t? = nil
        #else
            var actions = posix_spawn_file_actions_t()
            var attributes = posix_spawnattr_t()
        #endif
        posix_spawn_file_actions_init(&actions)
        posix_spawnattr_init(&attributes)
        defer {
            posix_spawn_file_actions_destroy(&actions)
            posix_spawnattr_destroy(&attributes)
        }
        switch standardOutput {
        case nil: posix_spawn_file_actions_adddup2(&actions, output[1], 1)
        case -1: posix_spawn_file_actions_addclose(&actions, 1)
        case let descriptor?: posix_spawn_file_actions_adddup2(&actions, descriptor, 1)
        }
        switch standardError {
        case .captured, .brokenPipe: posix_spawn_file_actions_adddup2(&actions, error[1], 2)
        case .closed: posix_spawn_file_actions_addclose(&actions, 2)
        }
        // A test runs on a thread that may block signals, and the child would inherit that mask.
        var empty = sigset_t()
        sigemptyset(&empty)
        var defaults = sigset_t()
        sigemptyset(&defaults)
        for signal in Self.defaultedSignals { sigaddset(&defaults, signal) }
        posix_spawnattr_setsigmask(&attributes, &empty)
        posix_spawnattr_setsigdefault(&attributes, &defaults)
        posix_spawnattr_setflags(&attributes, Int16(POSIX_SPAWN_SETSIGMASK | POSIX_SPAWN_SETSIGDEF))
        if standardError == .brokenPipe {
            close(error[0])
            error[0] = -1
        }
        var variables = ProcessInfo.processInfo.environment
        for (name, value) in environment { variables[name] = value }
        // `/bin/sh` changes to the directory (Glibc exports no posix_spawn chdir action) and execs the tool.
        let executable = "/bin/sh"
        let script = "cd \"$0\" || exit 99; \(shellPrefix ?? "") exec \"$@\""
        let words = ["/bin/sh", "-c", script, directory, Self.binaryPath].map { Array($0.utf8) } + arguments
        let argv: [UnsafeMutablePointer<CChar>?] =
            words.map { bytes -> UnsafeMutablePointer<CChar>? in
                let copy = UnsafeMutablePointer<CChar>.allocate(capacity: bytes.count + 1)
                for (index, byte) in bytes.enumerated() { copy[index] = CChar(bitPattern: byte) }
                copy[bytes.count] = 0
                return copy
            } + [nil]
        let envp = variables.map { strdup("\($0.key)=\($0.value)") } + [nil]
        defer {
            argv.forEach { $0?.deallocate() }
            envp.forEach { free($0) }
        }
        var child: pid_t = 0
        let spawned = posix_spawn(&child, executable, &actions, &attributes, argv, envp)
        close(output[1])
        if error[1] >= 0 { close(error[1]) }
        guard spawned == 0 else {
            close(output[0])
            if error[0] >= 0 { close(error[0]) }
            throw POSIXError(POSIXErrorCode(rawValue: spawned) ?? .ENOENT)
        }
        pid = child
        outputReader = PipeReader(descriptor: output[0])
        errorReader = error[0] >= 0 ? PipeReader(descriptor: error[0]) : nil
    }

    /// Runs the tool to completion.
    static func run(
        _ arguments: [String],
        in directory: String,
        standardError: StandardErrorMode = .captured,
        standardOutput: Int32? = nil,
        environment: [String: String] = [:],
        shellPrefix: String? = nil
    ) throws -> Result {
        try ToolProcess(
            arguments, in: directory, standardError: standardError, standardOutput: standardOutput,
            environment: environment, shellPrefix: shellPrefix
        ).wait()
    }

    /// Runs the tool to completion with arguments given as bytes.
    static func run(bytes arguments: [[UInt8]], in directory: String) throws -> Result {
        try ToolProcess(bytes: arguments, in: directory).wait()
    }

    /// Sends a signal to the child.
    func send(_ signal: Int32) { kill(pid, signal) }

    /// Waits for the child to end and collects its output.
    func wait() -> Result {
        var status: Int32 = 0
        while waitpid(pid, &status, 0) < 0 && errno == EINTR {}
        let output = outputReader.collect()
        let error = errorReader?.collect() ?? []
        let signal = status & 0x7F
        let exit = signal == 0 ? (status >> 8) & 0xFF : 128 + signal
        return Result(
            status: exit,
            signal: signal == 0 ? nil : signal,
            standardOutput: output,
            standardError: String(decoding: error, as: UTF8.self)
        )
    }
}

/// Reads a pipe to its end on a background thread.
final class PipeReader: @unchecked Sendable {
    private let group = DispatchGroup()
    private let lock = NSLock()
    private var locked_bytes: [UInt8] = []

    init(descriptor: Int32) {
        group.enter()
        DispatchQueue.global().async { [self] in
            var buffer = [UInt8](repeating: 0, count: 65536)
            while true {
                let count = buffer.withUnsafeMutableBytes { read(descriptor, $0.baseAddress, $0.count) }
                if count < 0 && errno == EINTR { continue }
                if count <= 0 { break }
                lock.withLock { locked_bytes += buffer[0..<count] }
            }
            close(descriptor)
            group.leave()
        }
    }

    /// Everything read, once the writer has closed the pipe.
    func collect() -> [UInt8] {
        group.wait()
        return lock.withLock { locked_bytes }
    }
}
