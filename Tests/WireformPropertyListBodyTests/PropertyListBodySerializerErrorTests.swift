import Foundation
import Testing
import Wireform
import WireformPropertyListBody

@Suite struct PropertyListBodySerializerErrorTests {
    @Test(arguments: [PropertyListBodySerializer.Format.xml, .binary])
    func rejectsNullNamingTheKeyPath(format: PropertyListBodySerializer.Format) throws {
        let error = try plistError(["user": ["nickname": .null]], format: format)
        #expect(error.code == .unsupportedValue)
        #expect(
            error.reason == "Null at 'user.nickname' cannot be written in a property list, which has no null value"
        )
    }

    @Test(arguments: [PropertyListBodySerializer.Format.xml, .binary])
    func rejectsNullAtTheRoot(format: PropertyListBodySerializer.Format) throws {
        let error = try plistError(.null, format: format)
        #expect(error.reason == "Null at '(root)' cannot be written in a property list, which has no null value")
    }

    @Test(arguments: [PropertyListBodySerializer.Format.xml, .binary])
    func rejectsNonFiniteNumbers(format: PropertyListBodySerializer.Format) throws {
        let nan = try plistError(["scores": [1, .double(.nan)]], format: format)
        #expect(nan.code == .unsupportedValue)
        #expect(nan.reason == "Non-finite number nan at 'scores[1]' cannot be written in a property list")
        let infinity = try plistError(["s": .set([.double(-.infinity)])], format: format)
        #expect(infinity.reason == "Non-finite number -inf at 's[0]' cannot be written in a property list")
    }

    @Test(arguments: [Double.nan, .infinity, 253_402_300_800, -62_135_596_801])
    func rejectsXMLDatesOutsideTheISO8601Years(seconds: Double) throws {
        let error = try plistError(["when": .date(Date(timeIntervalSince1970: seconds))])
        #expect(error.code == .unsupportedValue)
        #expect(
            error.reason
                == "Date at 'when' cannot be written in an XML property list: it is not finite or is outside the "
                + "years 1 to 9999"
        )
    }

    @Test func rejectsNonFiniteBinaryDates() throws {
        let error = try plistError(["when": .date(Date(timeIntervalSince1970: .nan))], format: .binary)
        #expect(error.code == .unsupportedValue)
        #expect(error.reason == "Date at 'when' cannot be written in a property list: it is not finite")
    }

    @Test(arguments: [PropertyListBodySerializer.Format.xml, .binary])
    func rejectsIntegersWiderThan64Bits(format: PropertyListBodySerializer.Format) throws {
        guard #available(macOS 15.0, iOS 18.0, watchOS 11.0, tvOS 18.0, visionOS 2.0, *) else { return }
        let error = try plistError(["big": [.integer(Int128(UInt64.max) + 1)]], format: format)
        #expect(error.code == .unsupportedValue)
        #expect(
            error.reason
                == "Integer 18446744073709551616 at 'big[0]' does not fit in 64 bits, the widest integer a property "
                + "list holds"
        )
    }

    @Test func rejectsControlCharactersInXMLStrings() throws {
        let error = try plistError(["a": ["b": "x\u{1}y"]])
        #expect(error.code == .unsupportedValue)
        #expect(
            error.reason
                == "The string at 'a.b' contains U+0001, which an XML property list cannot hold; use the binary format"
        )
    }

    @Test func rejectsControlCharactersInXMLKeys() throws {
        let error = try plistError(["k\u{0}": 1])
        #expect(
            error.reason
                == #"The key at '["k\#u{0}"]' contains U+0000, which an XML property list cannot hold; "#
                + "use the binary format"
        )
    }

    @Test func rejectsNoncharactersInXMLStrings() throws {
        let error = try plistError(["x\u{FFFF}"])
        #expect(
            error.reason
                == "The string at '[0]' contains U+FFFF, which an XML property list cannot hold; use the binary format"
        )
        let other = try plistError(["\u{FFFE}"])
        #expect(other.reason.contains("U+FFFE"))
    }

    @Test(arguments: [PropertyListBodySerializer.Format.xml, .binary])
    func rejectsNestingDeeperThanTheLimit(format: PropertyListBodySerializer.Format) throws {
        var value: ParameterValue = 1
        for _ in 0...ParameterValue.maximumDepth { value = ["k": value] }
        let error = try plistError(value, format: format)
        #expect(error.code == .unsupportedValue)
        let path = Array(repeating: "k", count: ParameterValue.maximumDepth).joined(separator: ".")
        #expect(error.reason == "Parameters nest deeper than \(ParameterValue.maximumDepth) levels at '\(path)'")
    }
}
