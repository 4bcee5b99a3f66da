import Foundation
import Testing

@testable import Wireform

/// The query writer's fields for multipart forms (`QueryFieldSink`, `QueryFields`): the names and values of the
/// pairs the same writer gives, stored end to end, for every source and style.
@Suite struct QueryFieldSinkTests {
    /// The fields as pairs of text.
    private static func pairs(_ fields: QueryFields) -> [[String]] {
        (0..<fields.count).map {
            [fields.nameText(at: $0), String(decoding: fields.valueBytes(at: $0), as: UTF8.self)]
        }
    }

    /// The pairs a style gives, with each value as multipart fields keep it.
    private static func expected(_ style: any QueryStyle, _ tree: ParameterValue) throws -> [[String]] {
        try style.pairs(for: tree).map { pair in
            switch pair.value {
            case .text(let text): [pair.name, text]
            case .data(let data): [pair.name, String(decoding: data, as: UTF8.self)]
            case .list(let items): [pair.name, items.joined(separator: ",")]
            case .nameOnly: [pair.name, ""]
            }
        }
    }

    // Computed, not a `static let`: LeakSanitizer cannot see a global tree's key index and reports it as leaked.
    static var tree: ParameterValue {
        [
            "b": ["y": 1, "x": [-2, 0, 3]], "a": "é &=", "c": .null, "d": .data(Data("raw".utf8)), "e": [2.5, true],
            "f": ["z": ["q": "1"], "": ""], "g": [], "h": [:], "i": [["nested"]],
        ]
    }

    static let styles: [StandardQueryStyle] = [
        .brackets, .indexed, .dotted, .commaDelimited, .repeated, .form(explode: true), .deepObject, .spaceDelimited,
        .pipeDelimited,
    ]

    @Test(arguments: styles)
    func treesGiveThePairsOfTheStyle(style: StandardQueryStyle) throws {
        let expected = Result { try Self.expected(style, Self.tree) }
        let actual = Result { try Self.pairs(style.fields(for: Self.tree)) }
        switch (expected, actual) {
        case (.success(let expected), .success(let actual)): #expect(actual == expected)
        case (.failure(let expected), .failure(let actual)): #expect("\(actual)" == "\(expected)")
        default: Issue.record("\(style): \(expected) vs \(actual)")
        }
    }

    @Test(arguments: styles)
    func eventsGiveWhatTheTreeGives(style: StandardQueryStyle) throws {
        let expected = Result { try Self.pairs(style.fields(for: Self.tree)) }
        // Sent through a box, with its keys in the order written above (the writer sorts them).
        let actual = Result { try Self.pairs(style.fields(events: { try Self.tree.sendEvents(to: $0) })) }
        switch (expected, actual) {
        case (.success(let expected), .success(let actual)): #expect(actual == expected)
        case (.failure(let expected), .failure(let actual)): #expect("\(actual)" == "\(expected)")
        default: Issue.record("\(style): \(expected) vs \(actual)")
        }
    }

    @Test func offsetsThatPassTheirLowBitsGiveTheSameFields() throws {
        // 600 members in order, then one that belongs first: the fields move while their offsets pass 8 bytes many
        // times over.
        let members = (0..<600).map { #""k\#(1000 + $0)":[\#($0),"v\#($0)"]"# } + [#""a":{"y":"2","x":"1"}"#]
        let text = JSONText(MessageBody(bytes: Array(("{" + members.joined(separator: ",") + "}").utf8)))
        let box = QueryFieldWriterBox(QueryWriter(style: .brackets, output: QueryFieldSink(offsetLowBits: 3)))
        try text.sendEvents(to: box)
        try box.writer.finish()
        let narrow = box.writer.output.takeFields()
        let wide = try StandardQueryStyle.brackets.fields(events: { try text.sendEvents(to: $0) })
        #expect(narrow.count == 1202)
        #expect(Self.pairs(narrow) == Self.pairs(wide))
        #expect(Self.pairs(narrow).prefix(3) == [["a[x]", "1"], ["a[y]", "2"], ["k1000[]", "0"]])
    }

    @Test func aTopLevelThatIsNotADictionaryIsAnError() {
        #expect(throws: SerializationError.self) { try StandardQueryStyle.brackets.fields(for: ["x", "y"]) }
        #expect(throws: SerializationError.self) {
            try StandardQueryStyle.brackets.fields(events: { try ParameterValue.string("x").sendEvents(to: $0) })
        }
    }
}
