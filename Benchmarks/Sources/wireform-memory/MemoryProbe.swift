// The library's half of `Scripts/memory-check`: JSON text from a file or standard input into one body format (or a
// GET query), written to a file, in a release build that links no SwiftNIO. The script measures its peak resident
// memory with `/usr/bin/time -v` and compares it with an idle run.
//
//     wireform-memory idle
//     wireform-memory FORMAT INPUT OUTPUT [MAXIMUM-BYTES]
//
// FORMAT is form, json, plist, plist-binary, multipart or get; INPUT is a path or `-` for standard input;
// MAXIMUM-BYTES caps the text read (1 GiB by default). The formats are configured as the `wireform` tool configures
// them by default (sorted keys, the brackets query style, multipart fields named by that style). An error is
// printed on standard error and ends the run with status 1; a usage error with status 2.
import Foundation
import Wireform
import WireformFormURLEncoded
import WireformJSONBody
import WireformMultipart
import WireformPropertyListBody

@main
struct MemoryProbe {
    static func main() async {
        let arguments = Array(CommandLine.arguments.dropFirst())
        if arguments == ["idle"] { return }
        guard (3...4).contains(arguments.count), let format = ProbeFormat(rawValue: arguments[0]) else {
            FileHandle.standardError.write(
                Data("usage: wireform-memory idle | FORMAT INPUT OUTPUT [MAXIMUM-BYTES]\n".utf8))
            exit(2)
        }
        let maximumLength = arguments.count == 4 ? Int(arguments[3]) : 1 << 30
        guard let maximumLength, maximumLength > 0 else {
            FileHandle.standardError.write(Data("wireform-memory: MAXIMUM-BYTES must be a positive integer\n".utf8))
            exit(2)
        }
        do {
            let path = arguments[1]
            _ = try InputReader(path: path)  // a missing file is reported before anything is written
            let text = JSONText(
                MessageBody(length: .unknown) { try InputReader(path: path) }, maximumLength: maximumLength)
            try await format.write(text, to: URL(fileURLWithPath: arguments[2]))
        } catch {
            FileHandle.standardError.write(Data("wireform-memory: \(error)\n".utf8))
            exit(1)
        }
    }
}
