import Foundation
import Testing
import Wireform

/// `ParameterValueEncoder.DateEncodingStrategy.deferredToDate`: the date encodes itself (seconds since 2001 as a
/// number), through every query path (the one writer's `Encodable` source, a tree, a form body).
@Suite struct DeferredToDateTests {
    struct Event: Encodable {
        var when: Date
    }

    /// 2023-11-14T22:13:20.500Z: 721692800.5 seconds after 2001-01-01T00:00:00Z.
    let event = Event(when: Date(timeIntervalSince1970: 1_700_000_000.5))
    let deferred = ParameterValueEncoder(dateEncodingStrategy: .deferredToDate)

    @Test func theDateIsItsOwnNumber() throws {
        #expect(try deferred.encode(event) == ["when": .double(721_692_800.5)])
        #expect(try deferred.encode(Event(when: Date(timeIntervalSinceReferenceDate: 0))) == ["when": 0])
        #expect(try deferred.encode(Event(when: Date(timeIntervalSince1970: 0))) == ["when": -978_307_200])
    }

    @Test func queryStringsFromTheEncodableSourceAndFromATreeAgree() throws {
        let direct = try StandardQueryStyle.brackets.queryString(encoding: event, parameterEncoder: deferred)
        #expect(direct == "when=721692800.5")
        #expect(try StandardQueryStyle.brackets.queryString(for: deferred.encode(event)) == direct)
        // The default lets the query style write the date: ISO 8601 text.
        #expect(
            try StandardQueryStyle.brackets.queryString(encoding: event) == "when=2023-11-14T22%3A13%3A20.500Z")
    }

    @Test func aRequestSerializerUsesItForQueriesAndFormBodies() throws {
        var serializer = RequestSerializer()
        serializer.parameterEncoder.dateEncodingStrategy = .deferredToDate
        let query = try serializer.serializedRequest(method: .get, url: "https://example.com/e", encoding: event)
        #expect(query.url == "https://example.com/e?when=721692800.5")
        let form = try serializer.serializedRequest(method: .post, url: "https://example.com/e", encoding: event)
        #expect(form.body?.bytes == Array("when=721692800.5".utf8))
    }
}
