import Foundation
import Testing
import Wireform
import WireformFoundation
import WireformPropertyListBody

#if canImport(FoundationNetworking)
    import FoundationNetworking
#endif

/// The examples on the `WireformPropertyListBody` DocC landing page, with the output they document.
@Suite struct PropertyListLandingPageExampleTests {
    @Test func overviewExample() throws {
        var registry = BodySerializerRegistry()
        registry.register(.propertyList)  // XML
        let serializer = RequestSerializer(registry: registry, bodyMediaType: .propertyList)

        let request = try serializer.serializedRequest(
            method: .post,
            url: "https://example.com/items",
            parameters: ["name": "bang", "count": 3]
        ).urlRequest()
        #expect(request.value(forHTTPHeaderField: "Content-Type") == "application/x-plist")
        let xml = """
            <?xml version="1.0" encoding="UTF-8"?>
            <!DOCTYPE plist PUBLIC "-//Apple//DTD PLIST 1.0//EN" "http://www.apple.com/DTDs/PropertyList-1.0.dtd">
            <plist version="1.0">
            <dict>
            \t<key>count</key>
            \t<integer>3</integer>
            \t<key>name</key>
            \t<string>bang</string>
            </dict>
            </plist>

            """
        #expect(request.httpBody.map { String(decoding: $0, as: UTF8.self) } == xml)
    }

    @Test func binaryFormat() throws {
        var registry = BodySerializerRegistry()
        registry.register(.propertyList(format: .binary))  // or binary
        let serializer = RequestSerializer(registry: registry, bodyMediaType: .propertyList)
        let request = try serializer.serializedRequest(
            method: .post, url: "https://example.com/items", parameters: ["name": "bang", "count": 3])
        #expect(request.body?.bytes?.starts(with: Array("bplist00".utf8)) == true)
    }
}
