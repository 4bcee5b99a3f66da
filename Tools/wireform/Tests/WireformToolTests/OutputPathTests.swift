import Foundation
import Testing

#if canImport(Glibc)
    import Glibc
#elseif canImport(Darwin)
    import Darwin
#endif

/// Hostile and careless `-o` paths: a directory, a dangling or valid symbolic link, a missing directory, `-`.
@Suite struct OutputPathTests {
    @Test func directoryIsAUsageError() throws {
        let directory = try TestDirectory()
        try FileManager.default.createDirectory(atPath: directory.file("d"), withIntermediateDirectories: false)
        let result = try ToolProcess.run(["GET", "http://e.com/", "-o", "d"], in: directory.path)
        #expect(result.status == 2)
        #expect(result.standardError == "wireform: Output 'd' is a directory\n")
        #expect(try directory.names() == ["d"])
    }

    @Test func danglingSymbolicLinkIsAUsageError() throws {
        let directory = try TestDirectory()
        symlink("missing", directory.file("link"))
        let result = try ToolProcess.run(["GET", "http://e.com/", "-o", "link"], in: directory.path)
        #expect(result.status == 2)
        #expect(
            result.standardError
                == "wireform: Output 'link' is a symbolic link to 'missing', which does not exist; "
                + "create the file or write to the target's path\n")
        #expect(try directory.names() == ["link"])
        #expect(directory.type("link") == S_IFLNK)
    }

    @Test func symbolicLinkToAFileReplacesTheTargetAndKeepsTheLink() throws {
        let directory = try TestDirectory()
        try directory.write("target", "old\n")
        symlink("target", directory.file("link"))
        let expected = try ToolProcess.run(["GET", "http://e.com/"], in: directory.path).standardOutput
        let result = try ToolProcess.run(["GET", "http://e.com/", "-o", "link"], in: directory.path)
        #expect(result.status == 0)
        #expect(directory.type("link") == S_IFLNK)
        #expect(try directory.contents("target") == expected)
        #expect(try directory.names() == ["link", "target"])
    }

    @Test func missingDirectoryIsAnOutputError() throws {
        let directory = try TestDirectory()
        let result = try ToolProcess.run(["GET", "http://e.com/", "-o", "no/such/out"], in: directory.path)
        #expect(result.status == 1)
        #expect(
            result.standardError
                == "wireform: Cannot create a temporary file in 'no/such' for output 'no/such/out': "
                + "No such file or directory\n")
        #expect(try directory.names() == [])
    }

    @Test func emptyPathIsAUsageError() throws {
        let directory = try TestDirectory()
        let result = try ToolProcess.run(["GET", "http://e.com/", "-o", ""], in: directory.path)
        #expect(result.status == 2)
        #expect(result.standardError == "wireform: The value '' is invalid for '-o <PATH>': the path is empty\n")
        #expect(try directory.names() == [])
    }

    @Test func symbolicLinkLoopIsAnOutputError() throws {
        let directory = try TestDirectory()
        symlink("b", directory.file("a"))
        symlink("a", directory.file("b"))
        let result = try ToolProcess.run(["GET", "http://e.com/", "-o", "a"], in: directory.path)
        #expect(result.status == 1)
        #expect(result.standardError == "wireform: Cannot use output 'a': Too many levels of symbolic links\n")
        #expect(try directory.names() == ["a", "b"])
    }

    @Test func dashIsStandardOutput() throws {
        let directory = try TestDirectory()
        let expected = try ToolProcess.run(["GET", "http://e.com/"], in: directory.path)
        let result = try ToolProcess.run(["GET", "http://e.com/", "-o", "-"], in: directory.path)
        #expect(result.status == 0)
        #expect(result.standardOutput == expected.standardOutput)
        #expect(try directory.names() == [])
    }
}
