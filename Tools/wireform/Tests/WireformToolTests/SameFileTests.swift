import Foundation
import Testing

#if canImport(Glibc)
    import Glibc
#elseif canImport(Darwin)
    import Darwin
#endif

/// An output that is the same file as an input (same device and inode, whatever the path) is a usage error before
/// anything is opened for writing; the input is intact.
@Suite struct SameFileTests {
    static let input: [UInt8] = Array("input bytes\n".utf8)

    /// The output path, set up in the directory next to `x.bin`.
    enum Alias: String, CaseIterable {
        case samePath = "x.bin"
        case otherSpelling = "./x.bin"
        case symbolicLink = "link.bin"
        case hardLink = "hard.bin"
    }

    @Test(arguments: Alias.allCases)
    func outputThatIsAFilePartIsAUsageError(alias: Alias) throws {
        let directory = try TestDirectory()
        try directory.write("x.bin", Self.input)
        symlink("x.bin", directory.file("link.bin"))
        link(directory.file("x.bin"), directory.file("hard.bin"))
        let inode = directory.inode("x.bin")
        let result = try ToolProcess.run(
            ["POST", "http://e.com/", "--file", "f=@x.bin", "-o", alias.rawValue], in: directory.path)
        #expect(result.status == 2)
        #expect(
            result.standardError
                == "wireform: Output \(quotedForMessage(alias.rawValue)) is the same file as the input 'x.bin' of "
                + "'--file f=@x.bin'; write to another file\n")
        #expect(try directory.contents("x.bin") == Self.input)
        #expect(directory.inode("x.bin") == inode)
        #expect(try directory.names() == ["hard.bin", "link.bin", "x.bin"])
    }

    @Test func outputThatIsTheParamsFileIsAUsageError() throws {
        let directory = try TestDirectory()
        let params = Array(#"{"a": 1}"#.utf8)
        try directory.write("p.json", params)
        let result = try ToolProcess.run(
            ["POST", "http://e.com/", "--params-file", "p.json", "-o", "p.json"], in: directory.path)
        #expect(result.status == 2)
        #expect(
            result.standardError
                == "wireform: Output 'p.json' is the same file as the input 'p.json' of '--params-file'; "
                + "write to another file\n")
        #expect(try directory.contents("p.json") == params)
    }

    /// `wireform … --file f=@x.bin >> x.bin`: standard output is the input.
    @Test func standardOutputThatIsAFilePartIsAUsageError() throws {
        let directory = try TestDirectory()
        try directory.write("x.bin", Self.input)
        let descriptor = open(directory.file("x.bin"), O_WRONLY | O_APPEND)
        defer { close(descriptor) }
        let result = try ToolProcess.run(
            ["POST", "http://e.com/", "--file", "f=@x.bin"], in: directory.path, standardOutput: descriptor)
        #expect(result.status == 2)
        #expect(
            result.standardError
                == "wireform: Standard output is the same file as the input 'x.bin' of '--file f=@x.bin'; "
                + "write to another file\n")
        #expect(try directory.contents("x.bin") == Self.input)
    }
}

/// The tool's quoting of a path in a message (no control characters in these tests).
func quotedForMessage(_ text: String) -> String { "'\(text)'" }
