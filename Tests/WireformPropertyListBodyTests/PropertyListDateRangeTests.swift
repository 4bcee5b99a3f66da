import Foundation
import Testing
import Wireform
import WireformPropertyListBody

/// A date that rounds into year 10000 (at millisecond precision, as ISO 8601 text) is the same error in XML
/// property lists as in JSON and queries, never truncated into 9999.
@Suite struct PropertyListDateRangeTests {
    @Test func aDateThatRoundsIntoYear10000IsAnErrorInXML() throws {
        let almost = Date(timeIntervalSince1970: 253_402_300_799.9996)
        #expect(!ISO8601Text.isRepresentable(almost))
        #expect(throws: SerializationError.self) {
            _ = try PropertyListBodySerializer(format: .xml).propertyListBytes(for: ["d": .date(almost)])
        }
        #expect(throws: SerializationError.self) {
            _ = try StandardQueryStyle.brackets.queryString(for: ["d": .date(almost)])
        }
    }

    @Test func theLastMillisecondOf9999IsWritten() throws {
        let last = Date(timeIntervalSince1970: 253_402_300_799.999)
        let bytes = try PropertyListBodySerializer(format: .xml).propertyListBytes(for: ["d": .date(last)])
        #expect(String(decoding: bytes, as: UTF8.self).contains("<date>9999-12-31T23:59:59Z</date>"))
    }
}
