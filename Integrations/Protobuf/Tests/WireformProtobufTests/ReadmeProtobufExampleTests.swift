import Foundation
import SwiftProtobuf
import Testing
import Wireform
import WireformJSONBody
import WireformProtobuf

/// The root README's "Your own format" code, verbatim: each README block after that heading is `import
/// WireformProtobuf` (first block only) followed by a region between `// readme code N` and `// end of readme code`.
@Suite struct ReadmeProtobufExampleTests {
    struct Event: Encodable {
        var name: String
        var count: Int
    }

    @Test func registeringAndSending() throws {
        var serializer = RequestSerializer(includesDefaultHeaders: false)
        serializer.registry.register(.json)
        // readme code 1
        serializer.registry.register(.protobuf)  // application/protobuf
        serializer.registry.register(.protobufJSON)  // application/protobuf+json, not the `+json` fallback to JSON
        // end of readme code
        let message: Google_Protobuf_Struct = ["name": "deploy", "count": 3]
        let event = Event(name: "deploy", count: 3)
        // readme code 2
        let protobuf = try serializer.serializedRequest(
            method: .post, url: "https://example.com/events", query: ["v": 2], body: message, format: .protobuf)
        let json = try serializer.serializedRequest(
            method: .post, url: "https://example.com/events", query: ["v": 2], encoding: event, format: .json,
            placement: .body)
        // end of readme code
        #expect(protobuf.url == "https://example.com/events?v=2")
        #expect(json.url == protobuf.url)
        #expect(try Google_Protobuf_Struct(serializedBytes: bytes(protobuf)) == message)
        #expect(String(decoding: try bytes(json), as: UTF8.self) == #"{"count":3,"name":"deploy"}"#)
        #expect(try serializer.registry.serializer(for: .protobufJSON) is ProtobufJSONBodySerializer)
    }

    @Test func theReadmeShowsThisCode() throws {
        // Resolved: Tests/AllPackages builds this file through a symbolic link to its test folder.
        let here = URL(fileURLWithPath: #filePath).resolvingSymlinksInPath()
        let readme = try String(
            contentsOf: here.deletingLastPathComponent().appendingPathComponent("../../../../README.md"),
            encoding: .utf8)
        let section = try #require(readme.components(separatedBy: "### Your own format").dropFirst().first)
        let blocks = Array(
            section.components(separatedBy: "\n## ")[0].components(separatedBy: "```swift\n").dropFirst()
                .map { $0.components(separatedBy: "\n```")[0] })
        let source = try String(contentsOf: here, encoding: .utf8)
        var regions: [String] = []
        for number in 1...2 {
            let start = try #require(source.range(of: "// readme code \(number)\n"))
            let end = try #require(
                source.range(of: "        // end of readme code", range: start.upperBound..<source.endIndex))
            regions.append(
                source[start.upperBound..<end.lowerBound].split(separator: "\n").map { $0.dropFirst(8) }
                    .joined(separator: "\n"))
        }
        #expect(blocks.count == 2)
        #expect(blocks.first == "import WireformProtobuf\n\n" + regions[0])
        #expect(blocks.last == regions[1])
    }
}
