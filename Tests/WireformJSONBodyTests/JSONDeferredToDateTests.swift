import Foundation
import Testing
import Wireform
import WireformJSONBody

/// `ParameterValueEncoder.DateEncodingStrategy.deferredToDate` in a JSON body: the bytes `JSONEncoder` writes with
/// its default `.deferredToDate` (Alamofire's `JSONParameterEncoder`).
@Suite struct JSONDeferredToDateTests {
    struct Event: Encodable {
        var when: Date
    }

    let event = Event(when: Date(timeIntervalSince1970: 1_700_000_000.5))

    @Test func aTreeEncodedWithDeferredToDateWritesTheDatesOwnNumber() throws {
        let parameters = try ParameterValueEncoder(dateEncodingStrategy: .deferredToDate).encode(event)
        let request = try RequestSerializer().serializedRequest(
            method: .post, url: "https://example.com", parameters: parameters, format: .json)
        #expect(request.body?.bytes == Array(#"{"when":721692800.5}"#.utf8))
        let foundation = try RequestSerializer().serializedRequest(
            method: .post, url: "https://example.com", encoding: event,
            format: JSONBodySerializer(encoder: JSONEncoder()))
        #expect(foundation.body?.bytes == request.body?.bytes)
    }
}
