import Foundation
import Testing
import Wireform
import WireformFormURLEncoded

/// The form serializer takes events: a tree sent as events through `serialize(context:events:)` writes the bytes of
/// `serialize(_:context:)` for that tree, byte for byte, in every style.
@Suite struct FormURLEncodedSerializerEventsTests {
    static let tree: ParameterValue = [
        "name": "a b&c=d", "é": 1, "e\u{301}": 2, "tags": ["x", "y,z"], "set": .set(["b", "a", "b"]),
        "user": ["id": 7, "flags": [true, false], "empty": [:], "none": .null, "ratio": 0.5],
        "list": [1, -2, 3], "data": .data(Data([0, 0xFF, 0x26])),
    ]

    static let styles: [any QueryStyle] = [
        .brackets, .indexed, .repeated, .commaDelimited, .dotted, .deepObject, .form(explode: true),
        .form(explode: false), .spaceDelimited, .pipeDelimited,
        StandardQueryStyle(keyOrdering: .insertion, emptyContainers: .emptyValue, nulls: .emptyValue),
        StandardQueryStyle(arrays: .custom { "\($0)_\($1)" }, sets: .indexed, reservedCharacters: .allowed),
        // Another style gets the events as a tree.
        CustomQueryStyle.custom { parameters in
            var pairs: [QueryPair] = []
            try StandardQueryStyle.indexed.appendPairs(for: parameters, to: &pairs)
            return pairs
        },
    ]

    @Test(arguments: 0..<styles.count, [PercentEncoding.SpaceEncoding.percent20, .plus])
    func eventsOfATreeWriteTheTreesBytes(styleIndex: Int, spaceEncoding: PercentEncoding.SpaceEncoding) throws {
        let serializer = FormURLEncodedSerializer(charset: "utf-8")
        let context = BodySerializationContext(queryStyle: Self.styles[styleIndex], spaceEncoding: spaceEncoding)
        let tree = Self.tree
        let fromTree = Result { try serializer.serialize(tree, context: context) }
        let fromEvents = Result { try serializer.serialize(context: context, events: { try tree.sendEvents(to: $0) }) }
        switch (fromTree, fromEvents) {
        case (.success(let expected), .success(let body)):
            #expect(
                String(decoding: body.body.bytes ?? [], as: UTF8.self)
                    == String(decoding: expected.body.bytes ?? [], as: UTF8.self))
            #expect(body.contentType == expected.contentType)
        case (.failure(let expected as SerializationError), .failure(let error as SerializationError)):
            #expect(error.code == expected.code && error.reason == expected.reason)
        default:
            Issue.record("The tree gave \(fromTree), its events \(fromEvents)")
        }
    }
}
