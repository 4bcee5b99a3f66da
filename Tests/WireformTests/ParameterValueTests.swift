import Foundation
import Testing
import Wireform

@Suite struct ParameterValueTests {
    /// `cond ? nil : x` must not compile into a silent `.null`: the null value is spelled `.null`.
    @Test func isNotExpressibleByNilLiteral() {
        #expect(!(ParameterValue.self is any ExpressibleByNilLiteral.Type))
        let optional: ParameterValue? = nil
        #expect(optional == nil)
        let value: ParameterValue = ["a": .null]
        #expect(value.dictionaryValue?["a"] == .null)
    }

    @Test func kindNamesAreForMessages() {
        let values: [ParameterValue] = [
            "s", 1, true, .null, .data(Data([1])), .date(.init(timeIntervalSince1970: 0)), [1], ["a": 1], .set([1]),
        ]
        #expect(
            values.map(\.kindName) == [
                "a string", "a number", "a boolean", "null", "data", "a date", "an array", "a dictionary", "a set",
            ])
    }
}
