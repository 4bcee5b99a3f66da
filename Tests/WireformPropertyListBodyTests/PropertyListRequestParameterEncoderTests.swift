import Foundation
import Testing
import Wireform
import WireformPropertyListBody

/// The request's ``RequestSerializer/parameterEncoder`` applies to an `Encodable` property list body as it does to
/// the query, form, multipart and JSON bodies: the bytes the value's tree gives.
@Suite struct PropertyListRequestParameterEncoderTests {
    struct Profile: Encodable {
        var firstName = "Ada"
        var lastLogin = Date(timeIntervalSince1970: 1_704_164_645)
    }

    @Test(arguments: [PropertyListBodySerializer.Format.xml, .binary])
    func theRequestsKeyAndDateStrategiesApply(format: PropertyListBodySerializer.Format) throws {
        var serializer = RequestSerializer()
        serializer.parameterEncoder = ParameterValueEncoder(
            dateEncodingStrategy: .secondsSince1970, keyEncodingStrategy: .convertToSnakeCase)
        let plist = PropertyListBodySerializer(format: format)
        let request = try serializer.serializedRequest(
            method: .post, url: "https://example.com/profiles", encoding: Profile(), format: plist)
        let tree = try serializer.parameterEncoder.encode(Profile())
        #expect(request.body?.bytes == (try plist.serialize(tree).body.bytes))
        let decoded = try PropertyListSerialization.propertyList(
            from: Data(try #require(request.body?.bytes)), format: nil)
        let dictionary = try #require(decoded as? [String: Any])
        #expect(dictionary["first_name"] as? String == "Ada")
        #expect((dictionary["last_login"] as? NSNumber)?.int64Value == 1_704_164_645)
    }
}
