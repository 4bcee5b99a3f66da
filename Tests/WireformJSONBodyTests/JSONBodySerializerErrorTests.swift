import Foundation
import Testing
import Wireform
import WireformJSONBody

@Suite struct JSONBodySerializerErrorTests {
    @Test func rejectsNaNNamingTheKeyPath() throws {
        let error = try jsonError(["user": ["scores": [1, .double(.nan)]]])
        #expect(error.code == .unsupportedValue)
        #expect(error.reason == "Non-finite number nan at 'user.scores[1]' cannot be written as JSON")
    }

    @Test func rejectsInfinitiesNamingTheKeyPath() throws {
        let positive = try jsonError(["a b": .double(.infinity)])
        #expect(positive.code == .unsupportedValue)
        #expect(positive.reason == #"Non-finite number inf at '["a b"]' cannot be written as JSON"#)
        let negative = try jsonError([.double(-.infinity)])
        #expect(negative.reason == "Non-finite number -inf at '[0]' cannot be written as JSON")
    }

    @Test func rejectsDecimalNaN() throws {
        let error = try jsonError(["d": .decimal(.nan)])
        #expect(error.code == .unsupportedValue)
        #expect(error.reason == "Non-finite number NaN at 'd' cannot be written as JSON")
    }

    @Test func rejectsNonFiniteNumbersInsideSets() throws {
        let error = try jsonError(["s": .set([1, .double(.nan)])])
        #expect(error.reason == "Non-finite number nan at 's[1]' cannot be written as JSON")
    }

    @Test func rejectsDatesWhenTheDateEncodingIsRejected() throws {
        let error = try jsonError(["when": [.date(Date(timeIntervalSince1970: 0))]], .json(dateEncoding: .rejected))
        #expect(error.code == .unsupportedValue)
        #expect(error.reason == "Date at 'when[0]' cannot be written as JSON: the date encoding is 'rejected'")
    }

    @Test func rejectsDataWhenTheDataEncodingIsRejected() throws {
        let error = try jsonError(["file": .data(Data([1]))], .json(dataEncoding: .rejected))
        #expect(error.code == .unsupportedValue)
        #expect(error.reason == "Data at 'file' cannot be written as JSON: the data encoding is 'rejected'")
    }

    @Test(arguments: [
        (JSONDateEncoding.iso8601, Double.nan),
        (.iso8601, .infinity),
        (.iso8601, 253_402_300_800),  // 10000-01-01
        (.iso8601, -62_135_596_801),  // before 0001-01-01
        (.secondsSince1970, -.infinity),
        (.millisecondsSince1970, 1e300),
        (.millisecondsSince1970, .nan),
    ])
    func rejectsDatesTheEncodingCannotHold(encoding: JSONDateEncoding, seconds: Double) throws {
        let error = try jsonError(["t": [.date(Date(timeIntervalSince1970: seconds))]], .json(dateEncoding: encoding))
        #expect(error.code == .unsupportedValue)
        #expect(
            error.reason
                == "Date at 't[0]' cannot be written as JSON: it is not finite or is out of range for the "
                + "'\(encoding)' date encoding"
        )
    }

    @Test func writesTheFirstAndLastISO8601Dates() throws {
        let first = Date(timeIntervalSince1970: -62_135_596_800)
        let last = Date(timeIntervalSince1970: 253_402_300_799)
        #expect(try jsonText([.date(first), .date(last)]) == #"["0001-01-01T00:00:00Z","9999-12-31T23:59:59Z"]"#)
    }

    @Test(arguments: [
        ("a string", ParameterValue.string("x")),
        ("a number", .integer(1)),
        ("a boolean", .bool(true)),
        ("null", .null),
        ("a date", .date(Date(timeIntervalSince1970: 0))),
        ("data", .data(Data())),
    ])
    func rejectsTopLevelScalarsWithoutFragments(kind: String, value: ParameterValue) throws {
        let error = try jsonError(value)
        #expect(error.code == .unsupportedValue)
        #expect(
            error.reason
                == "A JSON body must be an object or an array, not \(kind); "
                + "use the 'fragmentsAllowed' option to write a top-level scalar"
        )
    }

    @Test func rejectsNestingDeeperThanTheLimit() throws {
        var value: ParameterValue = 1
        for _ in 0...ParameterValue.maximumDepth { value = [value] }
        let error = try jsonError(value)
        #expect(error.code == .unsupportedValue)
        let path = String(repeating: "[0]", count: ParameterValue.maximumDepth)
        #expect(error.reason == "Parameters nest deeper than \(ParameterValue.maximumDepth) levels at '\(path)'")
    }

    @Test func acceptsNestingAtTheLimit() throws {
        var value: ParameterValue = 1
        for _ in 0..<ParameterValue.maximumDepth { value = [value] }
        let expected =
            String(repeating: "[", count: ParameterValue.maximumDepth) + "1"
            + String(repeating: "]", count: ParameterValue.maximumDepth)
        #expect(try jsonText(value) == expected)
    }

    @Test func rejectsAnInvalidCharset() throws {
        let error = try jsonError([:], .json(charset: "utf-8\n"))
        #expect(error.code == .invalidHeader)
    }
}
