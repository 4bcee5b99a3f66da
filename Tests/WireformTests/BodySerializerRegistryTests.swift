import Testing
import Wireform

@Suite struct BodySerializerRegistryTests {
    @Test func findsTheSerializerRegisteredForAType() throws {
        var registry = BodySerializerRegistry()
        registry.register(TaggedSerializer(.json, tag: "json"))
        registry.register(TaggedSerializer(.formURLEncoded, tag: "form"))
        #expect(registry.tag(for: .json) == "json")
        #expect(registry.tag(for: .formURLEncoded) == "form")
        #expect(registry.contains(.json))
        #expect(!registry.contains(.xml))
    }

    @Test func lookupIgnoresParametersAndCase() throws {
        let registry = BodySerializerRegistry([TaggedSerializer(.json, tag: "json")])
        #expect(registry.tag(for: try mediaType("Application/JSON; charset=utf-8")) == "json")
    }

    @Test func registersUnderTheEssenceOfATypeWithParameters() throws {
        var registry = BodySerializerRegistry()
        registry.register(TaggedSerializer(try mediaType("text/csv; header=present"), tag: "csv"))
        #expect(registry.tag(for: try mediaType("text/csv")) == "csv")
        #expect(registry.registeredMediaTypes == [try mediaType("text/csv")])
    }

    @Test func fallsBackFromAStructuredSuffix() throws {
        let registry = BodySerializerRegistry([
            TaggedSerializer(.json, tag: "json"), TaggedSerializer(.xml, tag: "xml"),
        ])
        #expect(registry.tag(for: try mediaType("application/vnd.api+json")) == "json")
        #expect(registry.tag(for: try mediaType("application/problem+json; charset=utf-8")) == "json")
        #expect(registry.tag(for: try mediaType("application/soap+xml")) == "xml")
        #expect(registry.tag(for: try mediaType("image/svg+xml")) == "xml")
        #expect(registry.tag(for: try mediaType("application/vnd.x+yaml")) == nil)
    }

    @Test func suffixFallbackPrefersTheSameTopLevelTypeThenApplication() throws {
        var registry = BodySerializerRegistry([TaggedSerializer(.xml, tag: "application/xml")])
        registry.register(TaggedSerializer(try mediaType("text/xml"), tag: "text/xml"))
        #expect(registry.tag(for: try mediaType("text/vnd.x+xml")) == "text/xml")
        #expect(registry.tag(for: try mediaType("image/svg+xml")) == "application/xml")
    }

    @Test func exactRegistrationWinsOverTheSuffix() throws {
        var registry = BodySerializerRegistry([TaggedSerializer(.json, tag: "json")])
        registry.register(TaggedSerializer(try mediaType("application/vnd.api+json"), tag: "json:api"))
        #expect(registry.tag(for: try mediaType("application/vnd.api+json")) == "json:api")
        #expect(registry.tag(for: .json) == "json")
    }

    @Test func registeringTheSameTypeAgainReplaces() throws {
        var registry = BodySerializerRegistry()
        registry.register(TaggedSerializer(.json, tag: "first"))
        registry.register(TaggedSerializer(try mediaType("APPLICATION/json"), tag: "second"))
        #expect(registry.tag(for: .json) == "second")
        #expect(registry.registeredMediaTypes == [.json])
        #expect(
            BodySerializerRegistry([TaggedSerializer(.json, tag: "a"), TaggedSerializer(.json, tag: "b")]).tag(
                for: .json) == "b")
    }

    @Test func errorListsTheRegisteredTypesSorted() throws {
        let registry = BodySerializerRegistry([
            TaggedSerializer(.json, tag: "json"), TaggedSerializer(.formURLEncoded, tag: "form"),
        ])
        expectSerializationError(
            .noSerializerRegistered,
            "No serializer registered for 'application/x-protobuf'; registered: 'application/json', "
                + "'application/x-www-form-urlencoded'"
        ) {
            _ = try registry.serializer(for: mediaType("application/x-protobuf; proto=a.B"))
        }
        expectSerializationError(
            .noSerializerRegistered,
            "No serializer registered for 'text/csv'; registered: none"
        ) {
            _ = try BodySerializerRegistry().serializer(for: mediaType("text/csv"))
        }
    }

    @Test func isAValueTypeThatCopiesDoNotShare() {
        let original = BodySerializerRegistry([TaggedSerializer(.json, tag: "json")])
        var copy = original
        copy.register(TaggedSerializer(.json, tag: "changed"))
        copy.register(TaggedSerializer(.xml, tag: "xml"))
        #expect(original.tag(for: .json) == "json")
        #expect(!original.contains(.xml))
        #expect(copy.tag(for: .json) == "changed")
    }
}
