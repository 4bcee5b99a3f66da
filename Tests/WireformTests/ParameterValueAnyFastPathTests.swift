import Foundation
import Testing
import Wireform
import WireformFoundation

/// The exact-type fast paths of ``ParameterValue/init(any:)`` give what the general conversion gives.
@Suite struct ParameterValueAnyFastPathTests {
    @Test func commonSwiftCollectionsConvertWithSortedKeys() throws {
        let legacy: [String: Any] = [
            "strings": ["b": "2", "a": "1", "é": "3", "Z": "0"],
            "names": ["x", "y"],
            "ids": [3, 1, 2],
            "rows": [["k": 1, "j": true]] as [[String: Any]],
            "mixed": [1, "one", 1.5, false] as [Any],
        ]
        let expected: ParameterValue = [
            "ids": [3, 1, 2],
            "mixed": [1, "one", .double(1.5), false],
            "names": ["x", "y"],
            "rows": [["j": true, "k": 1]],
            "strings": ["Z": "0", "a": "1", "b": "2", "é": "3"],
        ]
        #expect(try ParameterValue(any: legacy) == expected)
    }

    @Test func largeDictionariesKeepEveryKeyFindable() throws {
        var legacy: [String: Any] = [:]
        for index in 0..<40 { legacy["key\(index)"] = index }
        let converted = try #require(try ParameterValue(any: legacy).testing_dictionary)
        #expect(converted.count == 40)
        #expect(converted.orderedKeys == legacy.keys.sorted { UTF8Order.precedes($0, $1) })
        for index in 0..<40 { #expect(converted["key\(index)"] == .integer(index)) }
    }

    @Test func booleanNumbersInsideSwiftCollectionsStayBooleans() throws {
        let legacy: [String: Any] = [
            "flag": NSNumber(value: true), "one": NSNumber(value: 1), "list": [NSNumber(value: false)] as [Any],
        ]
        #expect(try ParameterValue(any: legacy) == ["flag": true, "list": [false], "one": 1])
    }

    @Test func errorsInsideFastPathsNameTheKeyPath() {
        let legacy: [String: Any] = ["rows": [["ok": 1], ["bad": AnyOpaque()]] as [[String: Any]]]
        do {
            _ = try ParameterValue(any: legacy)
            Issue.record("Expected an error")
        } catch let error as SerializationError {
            #expect(error.reason == "Unsupported value of type 'AnyOpaque' at 'rows[1].bad'")
        } catch {
            Issue.record("Unexpected \(error)")
        }
    }

    @Test func nestingLimitHoldsForFastPathCollections() {
        var value: Any = ["leaf"] as [String]
        for _ in 0..<ParameterValue.maximumDepth { value = ["k": value] as [String: Any] }
        do {
            _ = try ParameterValue(any: value)
            Issue.record("Expected an error")
        } catch let error as SerializationError {
            #expect(error.code == .unsupportedValue)
        } catch {
            Issue.record("Unexpected \(error)")
        }
    }
}
