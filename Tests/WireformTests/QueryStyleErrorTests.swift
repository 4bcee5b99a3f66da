import Testing
import Wireform

@Suite struct QueryStyleErrorTests {
    @Test(arguments: [
        (ParameterValue.string("x"), "a string"),
        (.array([1]), "an array"),
        (.null, "null"),
        (1, "a number"),
        (.set(["a"]), "a set"),
        (true, "a boolean"),
    ])
    func topLevelValueMustBeADictionary(value: ParameterValue, kind: String) {
        for style in [StandardQueryStyle.brackets, .repeated, .indexed, .commaDelimited, .dotted, .deepObject] {
            expectSerializationError(
                .unsupportedValue,
                "Query and form parameters must be a dictionary at the top level, not \(kind)"
            ) {
                _ = try style.pairs(for: value)
            }
        }
    }

    @Test func rejectsNestingPastTheMaximumDepth() {
        var value: ParameterValue = 1
        for _ in 0..<200 { value = ["k": value] }
        let error = expectSerializationError(.unsupportedValue) { _ = try query(.brackets, value) }
        #expect(error?.reason.hasPrefix("Parameters nest deeper than 128 levels at 'k[k][k]") == true)
        #expect(error?.reason.hasSuffix("…'") == true)
    }

    @Test func rejectsDeepArraysToo() {
        var value: ParameterValue = 1
        for _ in 0..<200 { value = [value] }
        expectSerializationError(.unsupportedValue) { _ = try query(.brackets, ["a": value]) }
    }

    @Test func acceptsNestingWellBelowTheMaximum() throws {
        var value: ParameterValue = 1
        for _ in 0..<100 { value = ["k": value] }
        let text = try query(.brackets, ["k": value])
        #expect(text == "k" + String(repeating: "%5Bk%5D", count: 100) + "=1")
    }

    @Test func rejectsNonFiniteNumbersNamingTheKey() {
        let error = expectSerializationError(.unsupportedValue) {
            _ = try query(.brackets, ["a": ["n": .double(.infinity)]])
        }
        #expect(error?.reason == "Non-finite number inf at 'a[n]' cannot be written in a query")
    }
}
