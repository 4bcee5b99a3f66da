import Foundation
import Testing
import Wireform
import WireformJSONBody

@Suite struct JSONBodySerializerEncodableTests {
    struct User: Encodable {
        var name: String
        var path: String
        var joined: Date
        var avatar: Data
        var score: Double
    }

    private let user = User(
        name: "bang",
        path: "a/b",
        joined: Date(timeIntervalSince1970: 1_704_164_645.25),
        avatar: Data([1, 2, 3]),
        score: 1.5
    )

    private func text(_ value: some Encodable, _ serializer: JSONBodySerializer = .json) throws -> String {
        let body = try serializer.serialize(encodable: value)
        #expect(body.contentType == .json)
        return String(decoding: try #require(body.body.bytes), as: UTF8.self)
    }

    @Test func encodesWithTheSerializersSettingsByDefault() throws {
        #expect(
            try text(user)
                == #"{"avatar":"AQID","joined":"2024-01-02T03:04:05.250Z","name":"bang","path":"a/b","score":1.5}"#
        )
    }

    @Test func followsTheDateEncoding() throws {
        #expect(try text(["t": user.joined], .json(dateEncoding: .millisecondsSince1970)) == #"{"t":1704164645250}"#)
        #expect(try text(["t": user.joined], .json(dateEncoding: .secondsSince1970)) == #"{"t":1704164645.25}"#)
    }

    @Test func escapesSlashesWhenAsked() throws {
        #expect(try text(["p": "a/b"], .json(options: [.escapingSlashes])) == #"{"p":"a\/b"}"#)
    }

    @Test func usesTheCallersEncoderAsConfigured() throws {
        let encoder = JSONEncoder()
        encoder.keyEncodingStrategy = .convertToSnakeCase
        encoder.outputFormatting = [.sortedKeys]
        struct Profile: Encodable { var userName = "bang" }
        #expect(try text(Profile(), .json(encoder: encoder)) == #"{"user_name":"bang"}"#)
    }

    @Test func rejectsNonFiniteNumbersNamingTheCodingPath() throws {
        let error = try #require(throws: SerializationError.self) {
            try JSONBodySerializer().serialize(encodable: ["list": [1, Double.nan]])
        }
        #expect(error.code == .serializerFailed)
        #expect(error.reason.hasPrefix("The value at 'list[1]' cannot be encoded as JSON: "))
        #expect(error.underlyingError is EncodingError)
    }

    @Test func rejectsDatesAndDataWhenTheirEncodingIsRejected() throws {
        let date = try #require(throws: SerializationError.self) {
            try JSONBodySerializer.json(dateEncoding: .rejected).serialize(encodable: user)
        }
        #expect(date.code == .serializerFailed)
        #expect(
            date.reason
                == "The value at 'joined' cannot be encoded as JSON: Dates are not allowed: the date encoding is "
                + "'rejected'"
        )
        let data = try #require(throws: SerializationError.self) {
            try JSONBodySerializer.json(dataEncoding: .rejected).serialize(encodable: user)
        }
        #expect(
            data.reason
                == "The value at 'avatar' cannot be encoded as JSON: Data is not allowed: the data encoding is "
                + "'rejected'"
        )
    }

    @Test func rejectsDatesOutsideISO8601() throws {
        let error = try #require(throws: SerializationError.self) {
            try JSONBodySerializer().serialize(encodable: ["t": Date(timeIntervalSince1970: .nan)])
        }
        #expect(error.code == .serializerFailed)
        #expect(
            error.reason
                == "The value at 't' cannot be encoded as JSON: Date is not finite or is outside the years 1 to 9999"
        )
    }

    @Test func rejectsTopLevelScalarsWithoutFragments() throws {
        let error = try #require(throws: SerializationError.self) {
            try JSONBodySerializer().serialize(encodable: 42)
        }
        #expect(error.code == .unsupportedValue)
        #expect(
            error.reason
                == "A JSON body must be an object or an array, not a value of type 'Int'; "
                + "use the 'fragmentsAllowed' option to write a top-level scalar"
        )
    }

    @Test func writesTopLevelScalarsWithFragments() throws {
        #expect(try text("a/b", .json(options: [.fragmentsAllowed])) == #""a/b""#)
        #expect(try text(42, .json(options: [.fragmentsAllowed])) == "42")
    }

    @Test func wrapsOtherEncoderErrors() throws {
        struct Failing: Encodable {
            struct Oops: Error {}
            func encode(to encoder: any Encoder) throws { throw Oops() }
        }
        let error = try #require(throws: SerializationError.self) {
            try JSONBodySerializer().serialize(encodable: Failing())
        }
        #expect(error.code == .serializerFailed)
        #expect(error.reason == "The value cannot be encoded as JSON")
        #expect(error.underlyingError is Failing.Oops)
    }
}
