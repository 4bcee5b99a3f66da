/// Refuses an output that is the same file as an input, before anything is opened for writing: writing it would
/// destroy the input the output is made from (`--file f=@x.bin -o x.bin`, through any path, symbolic or hard link,
/// or with standard output redirected to it).
enum InputOutputCheck {
    /// An input file and how the command line named it.
    struct Input {
        let path: RawPath
        /// The option, for messages: `--file f=@x.bin` or `--params-file`, quoted.
        let option: String
    }

    /// The files the command line reads: `--file` parts and `--params-file` (not standard input).
    static func inputs(of arguments: CommandLineArguments) -> [Input] {
        var inputs: [Input] = []
        if let path = arguments.paramsFile.first, !path.isStandardStream {
            inputs.append(Input(path: path, option: "'--params-file'"))
        }
        for case .file(let spec) in arguments.file.map(\.part) {
            let option = RawPath(Array("--file \(spec.name)=@".utf8) + spec.path.bytes)
            inputs.append(Input(path: spec.path, option: quoted(option)))
        }
        return inputs
    }

    /// Checks that the output is none of the inputs.
    /// - Parameters:
    ///   - destination: Where the output goes.
    ///   - outputPath: `-o` as given, for messages.
    ///   - inputs: The input files.
    /// - Throws: ``UsageError`` naming the output and the input.
    static func check(_ destination: OutputDestination, outputPath: RawPath?, inputs: [Input]) throws(UsageError) {
        guard !inputs.isEmpty, let output = destination.identity else { return }
        for input in inputs {
            guard let identity = FileIdentity(path: input.path), identity.isSameFile(as: output) else { continue }
            let subject: String
            if let outputPath, !outputPath.isStandardStream {
                subject = "Output \(quoted(outputPath))"
            } else if case .inherited(let descriptor) = destination, descriptor == 2 {
                subject = "Standard error"
            } else {
                subject = "Standard output"
            }
            throw UsageError(
                "\(subject) is the same file as the input \(quoted(input.path)) of \(input.option); "
                    + "write to another file")
        }
    }
}
