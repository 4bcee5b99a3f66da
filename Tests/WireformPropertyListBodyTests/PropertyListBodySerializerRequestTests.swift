import Foundation
import Testing
import Wireform
import WireformPropertyListBody

@Suite struct PropertyListBodySerializerRequestTests {
    private func requestSerializer(_ serializer: PropertyListBodySerializer = .propertyList) -> RequestSerializer {
        var registry = BodySerializerRegistry()
        registry.register(serializer)
        return RequestSerializer(registry: registry, bodyMediaType: .propertyList, includesDefaultHeaders: false)
    }

    @Test(arguments: ["application/x-plist", "Application/X-Plist; charset=utf-8"])
    func registryResolvesThePropertyListType(contentType: String) throws {
        var registry = BodySerializerRegistry()
        registry.register(.propertyList(format: .binary))
        let serializer = try registry.serializer(for: try ContentType(validating: contentType))
        let plist = try #require(serializer as? PropertyListBodySerializer)
        #expect(plist.format == .binary)
    }

    @Test func staticMembersMatchTheInitializer() {
        let plain: PropertyListBodySerializer = .propertyList
        #expect(plain.format == .xml)
        #expect(plain.keyOrdering == .sorted)
        #expect(plain.mediaType == .propertyList)
        let binary: PropertyListBodySerializer = .propertyList(format: .binary, keyOrdering: .insertion)
        #expect(binary.format == .binary)
        #expect(binary.keyOrdering == .insertion)
    }

    @Test func postWritesAPropertyListBody() throws {
        let request = try requestSerializer().serializedRequest(
            method: .post,
            url: "https://example.com/items",
            parameters: ["name": "bang"]
        )
        #expect(request.headers[.contentType] == "application/x-plist")
        let bytes = try #require(request.body?.bytes)
        #expect(request.headers[.contentLength] == String(bytes.count))
        #expect(
            String(decoding: bytes, as: UTF8.self)
                == plistDocument("<dict>", "\t<key>name</key>", "\t<string>bang</string>", "</dict>")
        )
    }

    @Test func binaryRequestsUseTheSameContentType() throws {
        let request = try requestSerializer(.propertyList(format: .binary)).serializedRequest(
            method: .put,
            url: "https://example.com/items/1",
            parameters: ["n": 1]
        )
        #expect(request.headers[.contentType] == "application/x-plist")
        #expect(try #require(request.body?.bytes).starts(with: Array("bplist00".utf8)))
    }

    @Test(arguments: [RequestMethod.get, .head, .delete])
    func queryMethodsPutParametersInTheURL(method: RequestMethod) throws {
        let request = try requestSerializer().serializedRequest(
            method: method,
            url: "https://example.com/items",
            parameters: ["name": "bang", "ids": [1, 2]]
        )
        #expect(request.url == "https://example.com/items?ids%5B%5D=1&ids%5B%5D=2&name=bang")
        #expect(request.body == nil)
        #expect(request.headers[.contentType] == nil)
    }

    @Test func keepsTheCallersContentType() throws {
        let headers = try HeaderFields(validating: [("Content-Type", "application/x-plist; charset=UTF-8")])
        let request = try requestSerializer().serializedRequest(
            method: .post,
            url: "https://example.com/items",
            headers: headers,
            parameters: ["n": 1]
        )
        #expect(request.headers[.contentType] == "application/x-plist; charset=UTF-8")
        #expect(request.body?.bytes != nil)
    }

    @Test func noParametersMeansNoBodyAndNoContentType() throws {
        let request = try requestSerializer().serializedRequest(method: .post, url: "https://example.com/ping")
        #expect(request.body == nil)
        #expect(request.headers[.contentType] == nil)
    }
}
