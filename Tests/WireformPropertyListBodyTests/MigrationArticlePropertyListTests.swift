import Foundation
import Testing
import Wireform
import WireformPropertyListBody

/// The migration article's `AFPropertyListRequestSerializer` table (`MigratingFromAFNetworkingAndAlamofire.md`),
/// compiled and run.
@Suite struct MigrationArticlePropertyListTests {
    @Test func afPropertyListRequestSerializerTable() throws {
        var registry = BodySerializerRegistry()
        registry.register(.propertyList)
        let serializer = RequestSerializer(registry: registry, bodyMediaType: .propertyList)
        let xml = try serializer.serializedRequest(method: .post, url: "https://example.com", parameters: ["a": 1])
        #expect(xml.body?.bytes.map { Array($0.prefix(5)) } == Array("<?xml".utf8))
        registry.register(PropertyListBodySerializer(format: .binary))
        let binary = try serializer.serializedRequest(
            method: .post, url: "https://example.com", parameters: ["a": 1],
            format: PropertyListBodySerializer(format: .binary))
        #expect(binary.body?.bytes.map { Array($0.prefix(6)) } == Array("bplist".utf8))
        let format = PropertyListBodySerializer(format: .xml)
        #expect(format.mediaType == .propertyList)
    }
}
