import Foundation
import Testing

#if canImport(Glibc)
    import Glibc
#elseif canImport(Darwin)
    import Darwin
#endif

/// `-o PATH` that exists and is not a regular file (here a FIFO; tests never touch device nodes): written directly,
/// never truncated by a rename, never unlinked.
@Suite struct OutputSpecialFileTests {
    @Test func fifoReceivesTheOutputAndStays() throws {
        let directory = try TestDirectory()
        try directory.makeFIFO("fifo")
        let inode = directory.inode("fifo")
        let arguments = ["POST", "http://e.com/", "-p", #"{"a": 1}"#]
        let expected = try ToolProcess.run(arguments, in: directory.path).standardOutput
        let drain = FIFODrain(path: directory.file("fifo"))
        let result = try ToolProcess.run(arguments + ["-o", "fifo"], in: directory.path)
        #expect(result.status == 0)
        #expect(drain.collect() == expected)
        #expect(directory.type("fifo") == S_IFIFO)
        #expect(directory.inode("fifo") == inode)
        #expect(try directory.names() == ["fifo"])
    }

    @Test func fifoSurvivesAFailure() throws {
        let directory = try TestDirectory()
        try directory.makeFIFO("fifo")
        let inode = directory.inode("fifo")
        let drain = FIFODrain(path: directory.file("fifo"))
        let result = try ToolProcess.run(["GET", "http://127.0.0.1:1/", "--send", "-o", "fifo"], in: directory.path)
        #expect(result.status == 3)
        #expect(drain.collect() == [])
        #expect(directory.type("fifo") == S_IFIFO)
        #expect(directory.inode("fifo") == inode)
        #expect(try directory.names() == ["fifo"])
    }
}
