import Foundation
import Testing
import Wireform
import WireformMultipart

/// The multipart serializer takes events: a tree sent as events through `serialize(context:events:)` gives the
/// field parts of `serialize(_:context:)` for that tree, byte for byte (with a constant boundary), in every style.
@Suite struct MultipartFormDataSerializerEventsTests {
    static let tree: ParameterValue = [
        "name": "a b&c=d", "é": 1, "e\u{301}": 2, "tags": ["x", "y,z"], "set": .set(["b", "a", "b"]),
        "user": ["id": 7, "flags": [true, false], "empty": [:], "none": .null, "ratio": 0.5],
        "list": [1, -2, 3], "data": .data(Data([0, 0xFF, 0x26])),
    ]

    static let styles: [any QueryStyle] = [
        .brackets, .indexed, .repeated, .commaDelimited, .dotted, .deepObject, .form(explode: true),
        .form(explode: false), .spaceDelimited, .pipeDelimited,
        StandardQueryStyle(keyOrdering: .insertion, emptyContainers: .emptyValue, nulls: .emptyValue),
        StandardQueryStyle(arrays: .custom { "\($0)_\($1)" }, sets: .indexed),
        // Another style gets the events as a tree.
        CustomQueryStyle.custom { parameters in
            var pairs: [QueryPair] = []
            try StandardQueryStyle.indexed.appendPairs(for: parameters, to: &pairs)
            return pairs
        },
    ]

    @Test(arguments: 0..<styles.count)
    func eventsOfATreeGiveTheTreesParts(styleIndex: Int) throws {
        let serializer = MultipartFormDataSerializer(boundary: try .constant("fixed-boundary"))
        let context = BodySerializationContext(queryStyle: Self.styles[styleIndex])
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
