import Foundation
import Testing
import Wireform
import WireformFoundation

struct AnyOpaque {}

struct AnyEncodableUser: Encodable {
    var name: String
    var age: Int?
}

struct AnyThrowingEncodable: Encodable {
    func encode(to encoder: any Encoder) throws { throw AnyBoom() }
}

struct AnyBoom: Error {}

private func expectError(
    _ expectedCode: SerializationError.Code,
    _ expectedReason: String,
    sourceLocation: SourceLocation = #_sourceLocation,
    _ value: Any
) {
    do {
        let converted = try ParameterValue(any: value)
        Issue.record("Expected an error, got \(converted)", sourceLocation: sourceLocation)
    } catch let error as SerializationError {
        #expect(error.code == expectedCode, sourceLocation: sourceLocation)
        #expect(error.reason == expectedReason, sourceLocation: sourceLocation)
    } catch {
        Issue.record("Expected a SerializationError, got \(error)", sourceLocation: sourceLocation)
    }
}

@Suite struct ParameterValueAnyTests {
    @Test func numberBooleansStayBooleans() throws {
        #expect(try ParameterValue(any: NSNumber(value: true)) == .bool(true))
        #expect(try ParameterValue(any: NSNumber(value: false)) == .bool(false))
        #expect(try ParameterValue(any: NSNumber(booleanLiteral: true)) == .bool(true))
        #expect(try ParameterValue(any: true) == .bool(true))
    }

    @Test func numbersNeverBecomeBooleans() throws {
        #expect(try ParameterValue(any: NSNumber(value: 1)) == .integer(1))
        #expect(try ParameterValue(any: NSNumber(value: 0)) == .integer(0))
        #expect(try ParameterValue(any: NSNumber(value: Int8(1))) == .integer(1))
        #expect(try ParameterValue(any: NSNumber(value: UInt8(1))) == .integer(1))
        #expect(try ParameterValue(any: 1) == .integer(1))
        #expect(try ParameterValue(any: 0) == .integer(0))
    }

    @Test func numberObjectsKeepTheirExactValue() throws {
        #expect(try ParameterValue(any: NSNumber(value: Int64.min)) == .integer(Int64.min))
        #expect(try ParameterValue(any: NSNumber(value: UInt64.max)) == .integer(UInt64.max))
        #expect(try ParameterValue(any: NSNumber(value: 2.5)) == .double(2.5))
        guard case .number(let float) = try ParameterValue(any: NSNumber(value: Float(0.1))) else {
            Issue.record("NSNumber(Float) did not become a number")
            return
        }
        #expect(float.text == "0.1")
        let decimal = try #require(Decimal(string: "12345678901234567890.125"))
        #expect(try ParameterValue(any: NSDecimalNumber(decimal: decimal)) == .decimal(decimal))
    }

    @Test func swiftScalarsOfEveryWidth() throws {
        #expect(try ParameterValue(any: "x") == "x")
        #expect(try ParameterValue(any: "abc".dropFirst()) == "bc")
        #expect(try ParameterValue(any: NSString(string: "ns")) == "ns")
        #expect(try ParameterValue(any: Int8.min) == .integer(-128))
        #expect(try ParameterValue(any: Int16(-2)) == .integer(-2))
        #expect(try ParameterValue(any: Int32(3)) == .integer(3))
        #expect(try ParameterValue(any: Int64.max) == .integer(Int64.max))
        #expect(try ParameterValue(any: UInt(4)) == .integer(4))
        #expect(try ParameterValue(any: UInt8(5)) == .integer(5))
        #expect(try ParameterValue(any: UInt16(6)) == .integer(6))
        #expect(try ParameterValue(any: UInt32(7)) == .integer(7))
        #expect(try ParameterValue(any: UInt64.max) == .integer(UInt64.max))
        #expect(try ParameterValue(any: 0.5) == .double(0.5))
        #expect(try ParameterValue(any: Float(0.1)) == .number(ParameterNumber(Float(0.1))))
        #expect(try ParameterValue(any: CGFloat(1.5)) == .double(1.5))
        #expect(try ParameterValue(any: Decimal(7)) == .decimal(7))
        if #available(macOS 15.0, iOS 18.0, watchOS 11.0, tvOS 18.0, visionOS 2.0, *) {
            #expect(try ParameterValue(any: UInt128.max) == .integer(UInt128.max))
        }
    }

    @Test func nullDateDataAndURL() throws {
        let nothing: Int? = nil
        let something: Int? = 3
        #expect(try ParameterValue(any: NSNull()) == .null)
        #expect(try ParameterValue(any: nothing as Any) == .null)
        #expect(try ParameterValue(any: something as Any) == 3)
        let date = Date(timeIntervalSince1970: 1_700_000_000)
        #expect(try ParameterValue(any: date) == .date(date))
        #expect(try ParameterValue(any: Data([1, 2])) == .data(Data([1, 2])))
        #expect(try ParameterValue(any: NSData(data: Data([3]))) == .data(Data([3])))
        let url = try #require(URL(string: "https://example.com/x?y=1"))
        #expect(try ParameterValue(any: url) == "https://example.com/x?y=1")
    }

    @Test func containers() throws {
        #expect(try ParameterValue(any: [1, "a", true] as [Any]) == [1, "a", true])
        #expect(try ParameterValue(any: NSArray(array: [1, "b"])) == [1, "b"])
        guard case .set(let members) = try ParameterValue(any: Set([1, 2])) else {
            Issue.record("Set did not become a set")
            return
        }
        #expect(Set(members) == [1, 2])
        guard case .set(let objects) = try ParameterValue(any: NSSet(array: ["x"])) else {
            Issue.record("NSSet did not become a set")
            return
        }
        #expect(objects == ["x"])
        #expect(try ParameterValue(any: NSDictionary(dictionary: ["b": 1, "a": 2])) == ["a": 2, "b": 1])
        let passthrough: ParameterValue = ["k": .set(["v"])]
        #expect(try ParameterValue(any: ["p": passthrough] as [String: Any]) == ["p": passthrough])
    }

    @Test func dictionaryKeysAreSortedByUTF8() throws {
        let legacy: [String: Any] = ["nums": [1, 2], "b": "x", "A": 1, "é": 2, "a": ["z": 1, "y": 2]]
        let converted = try ParameterValue(any: legacy)
        #expect(converted == ["A": 1, "a": ["y": 2, "z": 1], "b": "x", "nums": [1, 2], "é": 2])
        #expect(converted.testing_dictionary?.orderedKeys == ["A", "a", "b", "nums", "é"])
    }

    @Test func afnetworkingExampleParameters() throws {
        let legacy: [String: Any] = [
            "name": "bang",
            "phone": ["mobile": "xx", "home": "xx"],
            "families": ["father", "mother"],
            "nums": NSSet(array: [1]),
        ]
        let expected: ParameterValue = [
            "families": ["father", "mother"],
            "name": "bang",
            "nums": .set([1]),
            "phone": ["home": "xx", "mobile": "xx"],
        ]
        #expect(try ParameterValue(any: legacy) == expected)
    }

    @Test func jsonSerializationOutputKeepsBooleans() throws {
        let json = #"{"flag":true,"count":1,"ratio":1.5,"none":null,"list":[false,0],"big":18446744073709551615}"#
        let object = try JSONSerialization.jsonObject(with: Data(json.utf8))
        let expected: ParameterValue = [
            "big": .integer(UInt64.max),
            "count": 1,
            "flag": true,
            "list": [false, 0],
            "none": .null,
            "ratio": 1.5,
        ]
        #expect(try ParameterValue(any: object) == expected)
    }

    @Test func encodableValuesUseTheDefaultEncoder() throws {
        let legacy: [String: Any] = ["user": AnyEncodableUser(name: "bang", age: nil)]
        #expect(try ParameterValue(any: legacy) == ["user": ["name": "bang"]])
    }

    @Test func otherEncodableScalarsUseTheirOwnEncoding() throws {
        let id = try #require(UUID(uuidString: "E621E1F8-C36C-495A-93FC-0C247A3E6E5F"))
        #expect(try ParameterValue(any: ["id": id] as [String: Any]) == ["id": "E621E1F8-C36C-495A-93FC-0C247A3E6E5F"])
    }

    @Test func optionalsInsideContainers() throws {
        let missing: String? = nil
        let present: [String: Any]? = ["k": 1]
        #expect(try ParameterValue(any: [missing as Any, present as Any] as [Any]) == [.null, ["k": 1]])
    }

    @Test func unsupportedValuesNameTheKeyPathAndType() {
        let legacy: [String: Any] = ["user": ["tags": ["a", "b", AnyOpaque()]]]
        expectError(.unsupportedValue, "Unsupported value of type 'AnyOpaque' at 'user.tags[2]'", legacy)
        expectError(.unsupportedValue, "Unsupported value of type 'NSObject' at '[0][\"a b\"]'", [["a b": NSObject()]])
        expectError(.unsupportedValue, "Unsupported value of type 'AnyOpaque' at '(root)'", AnyOpaque())
    }

    @Test func dictionaryKeysMustBeStrings() {
        let legacy: [String: Any] = ["filters": [1: "a"]]
        expectError(.unsupportedValue, "Dictionary key of type 'Int' at 'filters' is not a string", legacy)
    }

    @Test func encodableErrorsNameTheKeyPath() {
        let legacy: [String: Any] = ["user": [AnyThrowingEncodable()]]
        expectError(
            .serializerFailed,
            "In the Encodable value at 'user[0]': Encoding failed at '(root)': AnyBoom()",
            legacy
        )
    }

    @Test func rejectsNestingPastTheMaximumDepth() throws {
        var value: Any = 1
        for _ in 0..<ParameterValue.maximumDepth { value = [value] }
        _ = try ParameterValue(any: value)
        value = [value]
        let path = String(repeating: "[0]", count: ParameterValue.maximumDepth)
        expectError(.unsupportedValue, "Parameters nest deeper than 128 levels at '\(path)'", value)
    }
}
