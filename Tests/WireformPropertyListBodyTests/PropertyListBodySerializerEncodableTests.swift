import Foundation
import Testing
import Wireform
import WireformPropertyListBody

@Suite struct PropertyListBodySerializerEncodableTests {
    struct Item: Codable, Equatable {
        var name: String
        var count: Int
        var created: Date
        var thumbnail: Data
        var tags: [String]
    }

    private let item = Item(
        name: "bang",
        count: 3,
        created: Date(timeIntervalSinceReferenceDate: 86_400),
        thumbnail: Data([1, 2, 3]),
        tags: ["a", "b"]
    )

    @Test(arguments: [PropertyListBodySerializer.Format.xml, .binary])
    func encodesInTheChosenFormatAndDecodesBack(format: PropertyListBodySerializer.Format) throws {
        let body = try PropertyListBodySerializer(format: format).serialize(encodable: item)
        #expect(body.contentType == .propertyList)
        let bytes = try #require(body.body.bytes)
        #expect(bytes.starts(with: Array((format == .xml ? "<?xml" : "bplist00").utf8)))
        var parsedFormat = PropertyListSerialization.PropertyListFormat.xml
        _ = try PropertyListSerialization.propertyList(from: Data(bytes), format: &parsedFormat)
        #expect(parsedFormat == (format == .xml ? .xml : .binary))
        #expect(try PropertyListDecoder().decode(Item.self, from: Data(bytes)) == item)
    }

    @Test func namesTheCodingPathOfAnInvalidValue() throws {
        struct Rejecting: Encodable {
            func encode(to encoder: any Encoder) throws {
                throw EncodingError.invalidValue(
                    0,
                    EncodingError.Context(codingPath: encoder.codingPath, debugDescription: "not allowed")
                )
            }
        }
        let error = try #require(throws: SerializationError.self) {
            try PropertyListBodySerializer().serialize(encodable: ["outer": [Rejecting()]])
        }
        #expect(error.code == .serializerFailed)
        #expect(error.reason == "Invalid value of type 'Int' at 'outer[0]': not allowed")
        #expect(error.underlyingError is EncodingError)
    }

    @Test func wrapsOtherEncoderErrors() throws {
        struct Failing: Encodable {
            struct Oops: Error {}
            func encode(to encoder: any Encoder) throws { throw Oops() }
        }
        let error = try #require(throws: SerializationError.self) {
            try PropertyListBodySerializer().serialize(encodable: Failing())
        }
        #expect(error.code == .serializerFailed)
        #expect(error.reason == "Encoding failed at '(root)': Oops()")
        #expect(error.underlyingError is Failing.Oops)
    }
}
