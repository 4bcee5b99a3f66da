import Foundation
import Testing
import Wireform
import WireformJSONBody

/// The request's ``RequestSerializer/parameterEncoder`` applies to an `Encodable` JSON body as it does to the query,
/// form and multipart bodies: its key, date and nil strategies, in the bytes the value's tree gives.
@Suite struct JSONRequestParameterEncoderTests {
    struct Profile: Encodable {
        var firstName = "Ada"
        var lastLogin = Date(timeIntervalSince1970: 1_704_164_645)
        var middleName: String? = nil
    }

    @Test func theRequestsKeyDateAndNilStrategiesApply() throws {
        var serializer = RequestSerializer()
        serializer.parameterEncoder = ParameterValueEncoder(
            dateEncodingStrategy: .secondsSince1970, keyEncodingStrategy: .convertToSnakeCase,
            nilEncodingStrategy: .alwaysNull)
        let request = try serializer.serializedRequest(
            method: .post, url: "https://example.com/profiles", encoding: Profile(), format: .json)
        let expected = #"{"first_name":"Ada","last_login":1704164645,"middle_name":null}"#
        #expect(request.body?.bytes.map { String(decoding: $0, as: UTF8.self) } == expected)
        let tree = try serializer.parameterEncoder.encode(Profile())
        #expect(try JSONBodySerializer.json.serialize(tree).body.bytes == request.body?.bytes)
    }

    @Test func aGivenJSONEncoderIsUsedAsConfigured() throws {
        var serializer = RequestSerializer()
        serializer.parameterEncoder.keyEncodingStrategy = .convertToSnakeCase
        let encoder = JSONEncoder()
        encoder.dateEncodingStrategy = .secondsSince1970
        let request = try serializer.serializedRequest(
            method: .post, url: "https://example.com/profiles", encoding: Profile(),
            format: JSONBodySerializer(encoder: encoder))
        let text = try #require(request.body?.bytes.map { String(decoding: $0, as: UTF8.self) })
        #expect(text.contains(#""firstName":"Ada""#))
    }
}
