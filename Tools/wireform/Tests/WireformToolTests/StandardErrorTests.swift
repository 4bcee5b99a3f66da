import Foundation
import Testing

/// The exit status never depends on whether the message could be written: standard error closed or broken still
/// gives 1, 2 or 3, never a trap. A closed standard output is a clean exit 1 with a message.
@Suite struct StandardErrorTests {
    static let cases: [([String], Int32)] = [
        (["--bogus"], 2),
        (["GET", "http://e.com/", "-H", "bad name: x"], 1),
        (["GET", "http://127.0.0.1:1/", "--send"], 3),
    ]

    @Test(arguments: cases)
    func closedStandardErrorKeepsTheStatus(arguments: [String], status: Int32) throws {
        let directory = try TestDirectory()
        let result = try ToolProcess.run(arguments, in: directory.path, standardError: .closed)
        #expect(result.signal == nil)
        #expect(result.status == status)
    }

    @Test(arguments: cases)
    func brokenStandardErrorKeepsTheStatus(arguments: [String], status: Int32) throws {
        let directory = try TestDirectory()
        let result = try ToolProcess.run(arguments, in: directory.path, standardError: .brokenPipe)
        #expect(result.signal == nil)
        #expect(result.status == status)
    }

    @Test func closedStandardOutputIsACleanFailure() throws {
        let directory = try TestDirectory()
        let result = try ToolProcess.run(["GET", "http://e.com/"], in: directory.path, standardOutput: -1)
        #expect(result.signal == nil)
        #expect(result.status == 1)
        #expect(result.standardError == "wireform: Cannot write to standard output: Bad file descriptor\n")
    }
}
