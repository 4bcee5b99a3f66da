import Foundation
import Testing

/// Runs `body` with a fresh sink server, or records an issue when python3 is missing.
func withSinkServer(_ body: (SinkServer) async throws -> Void) async throws {
    guard SinkServer.pythonPath != nil else {
        Issue.record("python3 is required for the end-to-end tests (apt-get install python3)")
        return
    }
    let server = try await SinkServer.started()
    defer { server.stop() }
    try await body(server)
}

/// A file of `count` patterned bytes in the temporary folder; the caller removes it.
func makeFile(count: Int) throws -> (URL, [UInt8]) {
    let bytes = (0..<count).map { UInt8(truncatingIfNeeded: $0 &* 31 &+ $0 >> 8) }
    let url = FileManager.default.temporaryDirectory.appendingPathComponent("wireform-openapi-\(UUID()).bin")
    try Data(bytes).write(to: url)
    return (url, bytes)
}

/// Whether the README holds the lines between `// README begin` and `// README end` of a test file, dedented.
func readmeContainsSnippet(of testFile: String = #filePath) throws -> Bool {
    // Resolved: Tests/AllPackages builds this file through a symbolic link to its test folder.
    let testURL = URL(fileURLWithPath: testFile).resolvingSymlinksInPath()
    let lines = try String(contentsOf: testURL, encoding: .utf8).split(
        separator: "\n", omittingEmptySubsequences: false)
    guard let begin = lines.firstIndex(where: { $0.hasSuffix("// README begin") }),
        let end = lines.firstIndex(where: { $0.hasSuffix("// README end") })
    else { return false }
    let snippet = lines[(begin + 1)..<end]
    let indent = snippet.map { $0.prefix { $0 == " " }.count }.min() ?? 0
    let text = snippet.map { $0.dropFirst(indent) }.joined(separator: "\n")
    var root = testURL
    for _ in 0..<5 { root.deleteLastPathComponent() }
    let readme = try String(contentsOf: root.appendingPathComponent("README.md"), encoding: .utf8)
    return readme.contains("```swift\n" + text + "\n```")
}

/// A flag that one caller, the first, can claim.
final class OnceFlag: @unchecked Sendable {
    private let lock = NSLock()
    private var locked_isClaimed = false

    /// Whether this call is the first.
    func claim() -> Bool {
        lock.withLock {
            defer { locked_isClaimed = true }
            return !locked_isClaimed
        }
    }
}
