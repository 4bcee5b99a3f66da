import Foundation
import Testing
import Wireform
import WireformFoundation
import WireformMultipart

/// Serves bytes in reads of the given sizes (the last size repeats), so a test decides where chunk edges fall.
struct SlicedReader: BodyReader {
    let bytes: [UInt8]
    let sizes: [Int]
    private var offset = 0
    private var call = 0

    init(_ bytes: [UInt8], sizes: [Int]) {
        self.bytes = bytes
        self.sizes = sizes
    }

    mutating func read(into buffer: UnsafeMutableRawBufferPointer) throws -> Int {
        let count = min(sizes[min(call, sizes.count - 1)], buffer.count, bytes.count - offset)
        call += 1
        for index in 0..<count { buffer[index] = bytes[offset + index] }
        offset += count
        return count
    }
}

/// Streamed parts (readers, `InputStream`s, files, async sequences) are checked as they stream.
@Suite struct MultipartDelimiterStreamingTests {
    static let delimiter = Array("\r\n--B".utf8)
    /// The body up to the streamed part's content: a text part, then the streamed part's framing.
    static let prefix = crlf(
        "--B", "Content-Disposition: form-data; name=\"a\"", "", "1", "--B",
        "Content-Disposition: form-data; name=\"s\"", "", "")

    /// Filler with no CR, and the delimiter at `position`.
    static func content(delimiterAt position: Int, count: Int = 40) -> [UInt8] {
        var bytes = [UInt8](repeating: UInt8(ascii: "x"), count: count)
        bytes.replaceSubrange(position..<(position + delimiter.count), with: delimiter)
        return bytes
    }

    static func form(_ content: MessageBody) throws -> MultipartForm {
        var form = try MultipartForm(boundary: .constant("B"))
        form.append("1", name: "a")
        form.append(
            headers: try HeaderFields(validating: [("Content-Disposition", "form-data; name=\"s\"")]), body: content)
        return form
    }

    static let reason = MultipartDelimiterTests.reason("part 1")

    /// Reads until the error; returns the bytes delivered before it.
    static func readUntilError(_ body: MessageBody, readSize: Int) throws -> [UInt8] {
        var reader = try body.makeReader()
        var delivered: [UInt8] = []
        var chunk = [UInt8](repeating: 0, count: readSize)
        while true {
            do {
                let count = try chunk.withUnsafeMutableBytes { try reader.read(into: $0) }
                if count == 0 {
                    Issue.record("The body ended without an error after \(delivered.count) bytes")
                    return delivered
                }
                delivered += chunk[0..<count]
            } catch let error as SerializationError {
                #expect(error.code == .invalidPart)
                #expect(error.reason == reason)
                // The error stays: a later read does not go on with the body.
                #expect(throws: SerializationError.self) {
                    _ = try chunk.withUnsafeMutableBytes { try reader.read(into: $0) }
                }
                return delivered
            }
        }
    }

    @Test func readerSplitAtEveryOffsetOfTheDelimiter() throws {
        for position in [0, 1, 17] {
            let bytes = Self.content(delimiterAt: position)
            var splits: [[Int]] = [[1], [7], [2, 3], [4096]]
            splits += (1..<Self.delimiter.count).map { [position + $0, 4096] }
            for sizes in splits {
                for length in [MessageBody.Length.known(Int64(bytes.count)), .unknown] {
                    let form = try Self.form(MessageBody(length: length) { SlicedReader(bytes, sizes: sizes) })
                    expectError(.invalidPart, Self.reason) { _ = try readAll(form.serializedBody.body, readSize: 4096) }
                }
            }
        }
    }

    @Test func bodyStopsTheMomentTheDelimiterIsComplete() throws {
        let position = 9
        let bytes = Self.content(delimiterAt: position)
        let form = try Self.form(MessageBody(length: .known(Int64(bytes.count))) { SlicedReader(bytes, sizes: [3]) })
        let delivered = try Self.readUntilError(form.serializedBody.body, readSize: 1)
        // Everything up to the delimiter's last byte, which is never delivered.
        #expect(delivered == Self.prefix + bytes[..<(position + Self.delimiter.count - 1)])
    }

    @Test func contentThatStartsWithDashBoundaryIsRefusedWhenStreamed() throws {
        let bytes = Array("--Bxyz".utf8)
        for sizes in [[1], [2], [3], [4096]] {
            let form = try Self.form(MessageBody(length: .unknown) { SlicedReader(bytes, sizes: sizes) })
            let delivered = try Self.readUntilError(form.serializedBody.body, readSize: 1)
            #expect(delivered == Self.prefix + Array("--".utf8))
        }
    }

    @Test func nearMissesSplitAnywherePassUnchanged() throws {
        // CR LF - - then not B; a CR before the delimiter's CR; the delimiter's start at the very end.
        let bytes = Array("a\r\n--C\r\r\n-B\r\n--".utf8)
        for cut in 1..<bytes.count {
            let form = try Self.form(
                MessageBody(length: .known(Int64(bytes.count))) { SlicedReader(bytes, sizes: [cut]) })
            #expect(try readAll(form.serializedBody.body, readSize: 5) == Self.prefix + bytes + crlf("", "--B--", ""))
        }
    }

    @Test func inputStreamPartIsChecked() throws {
        let bytes = Self.content(delimiterAt: 5)
        var form = try MultipartForm(boundary: .constant("B"))
        form.append("1", name: "a")
        try form.append(MessageBody(length: .known(Int64(bytes.count))) { InputStream(data: Data(bytes)) }, name: "s")
        for readSize in [1, 7, 4096] {
            expectError(.invalidPart, MultipartDelimiterTests.reason("part 1 's'")) {
                _ = try readAll(form.serializedBody.body, readSize: readSize)
            }
        }
    }

    @Test func filePartIsCheckedAtEveryReadSize() throws {
        let directory = try makeTemporaryDirectory()
        defer { try? FileManager.default.removeItem(at: directory) }
        let file = directory.appendingPathComponent("part.bin")
        for position in [0, 3, 30] {
            let bytes = Self.content(delimiterAt: position, count: 64)
            try Data(bytes).write(to: file)
            var form = try MultipartForm(boundary: .constant("B"))
            form.append("1", name: "a")
            try form.append(fileAt: file, name: "s")
            for readSize in Array(1...12) + [64 * 1024] {
                expectError(.invalidPart, MultipartDelimiterTests.reason("part 1 's'")) {
                    _ = try readAll(form.serializedBody.body, readSize: readSize)
                }
            }
            expectError(.invalidPart, MultipartDelimiterTests.reason("part 1 's'")) { _ = try form.encodedBytes() }
        }
    }

    @Test func asyncSequenceSplitAtEveryOffsetOfTheDelimiter() async throws {
        let position = 11
        let bytes = Self.content(delimiterAt: position)
        var chunkings: [[[UInt8]]] = [
            bytes.map { [$0] },
            stride(from: 0, to: bytes.count, by: 7).map {
                Array(bytes[$0..<min($0 + 7, bytes.count)])
            },
        ]
        chunkings += (1..<Self.delimiter.count).map {
            [Array(bytes[..<(position + $0)]), Array(bytes[(position + $0)...])]
        }
        for chunks in chunkings {
            let form = try Self.form(chunkBody(length: .known(Int64(bytes.count))) { ChunkSequence(chunks: chunks) })
            await expectError(.invalidPart, Self.reason) { _ = try await collectChunks(form.serializedBody.body) }
        }
        let clean = Array("x\r\n--C\r\n-".utf8)
        let form = try Self.form(chunkBody(length: .unknown) { ChunkSequence(chunks: clean.map { [$0] }) })
        #expect(try await collectChunks(form.serializedBody.body) == Self.prefix + clean + crlf("", "--B--", ""))
    }
}
