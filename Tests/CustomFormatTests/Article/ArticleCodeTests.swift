import Foundation
import Testing

/// The article "Writing your own body serializer" shows only code that compiles and runs: each of its Swift code
/// blocks is, verbatim, a region between `// article code N` and `// end of article code` of a file in the worked
/// example, the WireformProtobuf package in `Integrations/Protobuf`, whose own build and tests compile and run them
/// (indented regions are compared without their indentation).
@Suite struct ArticleCodeTests {
    private static let root = URL(fileURLWithPath: #filePath)
        .deletingLastPathComponent().appendingPathComponent("../../..").standardizedFileURL
    private static let article = root.appendingPathComponent(
        "Sources/Core/Documentation.docc/WritingYourOwnBodySerializer.md")
    private static let files = [
        "Integrations/Protobuf/Sources/WireformProtobuf/ProtobufBodySerializer.swift",
        "Integrations/Protobuf/Sources/WireformProtobuf/BodySerializer+Protobuf.swift",
        "Integrations/Protobuf/Tests/WireformProtobufTests/ArticleUsageTests.swift",
        "Integrations/Protobuf/Tests/WireformProtobufTests/ArticleConformanceTests.swift",
    ]

    @Test func theArticlesCodeBlocksAreTheCodeTheWorkedExampleCompiles() throws {
        let blocks = Self.swiftBlocks(in: try String(contentsOf: Self.article, encoding: .utf8))
        var regions: [Int: String] = [:]
        for name in Self.files {
            let text = try String(contentsOf: Self.root.appendingPathComponent(name), encoding: .utf8)
            for (number, region) in Self.regions(in: text) {
                #expect(regions[number] == nil, "article code \(number) is marked twice")
                regions[number] = region
            }
        }
        #expect(blocks.count == 4)
        #expect(regions.keys.sorted() == Array(1...blocks.count))
        for (index, block) in blocks.enumerated() {
            #expect(regions[index + 1] == block, "article code \(index + 1) differs from the article")
        }
    }

    @Test func theArticleSaysWhereTheWorkedExampleIs() throws {
        let text = try String(contentsOf: Self.article, encoding: .utf8)
        #expect(
            text.contains("The worked example is **WireformProtobuf**, in the repository's `Integrations/Protobuf`"))
        for name in Self.files {
            #expect(FileManager.default.fileExists(atPath: Self.root.appendingPathComponent(name).path), "\(name)")
        }
    }

    @Test func blocksAndRegionsAreFoundAndDedented() {
        let markdown = "Text\n\n```swift\nlet a = 1\n\n  b()\n```\n\n```sh\nls\n```\n```swift\nc()\n```\n"
        #expect(Self.swiftBlocks(in: markdown) == ["let a = 1\n\n  b()", "c()"])
        let source = "x\n    // article code 2\n    let a = 1\n\n      b()\n    // end of article code\ny\n"
        #expect(Self.regions(in: source) == [2: "let a = 1\n\n  b()"])
    }

    /// The contents of the ```` ```swift ```` blocks, in order.
    static func swiftBlocks(in markdown: String) -> [String] {
        var blocks: [String] = []
        var current: [Substring]?
        for line in markdown.split(separator: "\n", omittingEmptySubsequences: false) {
            guard var lines = current else {
                if line == "```swift" { current = [] }
                continue
            }
            if line == "```" {
                blocks.append(lines.joined(separator: "\n"))
                current = nil
            } else {
                lines.append(line)
                current = lines
            }
        }
        return blocks
    }

    /// The marked regions by number, each without the indentation its lines share.
    static func regions(in source: String) -> [Int: String] {
        var regions: [Int: String] = [:]
        var current: (number: Int, lines: [Substring])?
        for line in source.split(separator: "\n", omittingEmptySubsequences: false) {
            let trimmed = line.drop { $0 == " " }
            if let region = current {
                if trimmed == "// end of article code" {
                    regions[region.number] = dedented(region.lines)
                    current = nil
                } else {
                    current?.lines.append(line)
                }
            } else if trimmed.hasPrefix("// article code "), let number = Int(trimmed.dropFirst(16)) {
                current = (number, [])
            }
        }
        return regions
    }

    private static func dedented(_ lines: [Substring]) -> String {
        let indentation = lines.filter { !$0.isEmpty }.map { $0.prefix { $0 == " " }.count }.min() ?? 0
        return lines.map { $0.dropFirst(min(indentation, $0.count)) }.joined(separator: "\n")
    }
}
