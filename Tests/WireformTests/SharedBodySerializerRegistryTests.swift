import Testing
import Wireform

@Suite struct SharedBodySerializerRegistryTests {
    @Test func registersLooksUpAndRemoves() throws {
        let shared = SharedBodySerializerRegistry(BodySerializerRegistry([TaggedSerializer(.json, tag: "json")]))
        shared.register(TaggedSerializer(.xml, tag: "xml"))
        shared.register(TaggedSerializer(.json, tag: "json"), for: try mediaType("text/json"))
        #expect((try shared.serializer(for: mediaType("application/soap+xml")) as? TaggedSerializer)?.tag == "xml")
        #expect((try shared.serializer(for: mediaType("text/json")) as? TaggedSerializer)?.tag == "json")
        #expect((shared.removeSerializer(for: .xml) as? TaggedSerializer)?.tag == "xml")
        expectSerializationError(
            .noSerializerRegistered,
            "No serializer registered for 'application/xml'; registered: 'application/json', 'text/json'"
        ) {
            _ = try shared.serializer(for: .xml)
        }
    }

    @Test func snapshotIsACopyThatLaterChangesDoNotReach() {
        let shared = SharedBodySerializerRegistry()
        shared.register(TaggedSerializer(.json, tag: "before"))
        let snapshot = shared.snapshot
        shared.register(TaggedSerializer(.json, tag: "after"))
        shared.register(TaggedSerializer(.xml, tag: "xml"))
        #expect(snapshot.tag(for: .json) == "before")
        #expect(!snapshot.contains(.xml))
        #expect(shared.snapshot.tag(for: .json) == "after")
    }
}
