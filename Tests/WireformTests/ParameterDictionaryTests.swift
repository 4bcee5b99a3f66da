import Testing
import Wireform

@Suite struct ParameterDictionaryTests {
    @Test func canonicallyEquivalentKeysStayDistinct() throws {
        var dictionary = ParameterDictionary()
        dictionary["\u{E9}"] = "precomposed"
        dictionary["e\u{301}"] = "decomposed"
        #expect(dictionary.count == 2)
        #expect(dictionary["\u{E9}"] == "precomposed")
        #expect(dictionary["e\u{301}"] == "decomposed")
        let query = try StandardQueryStyle.brackets.queryString(for: .dictionary(dictionary))
        #expect(query == "e%CC%81=decomposed&%C3%A9=precomposed")
    }

    @Test func equalityIsByteExact() {
        let precomposed: ParameterDictionary = ["\u{E9}": 1]
        let decomposed: ParameterDictionary = ["e\u{301}": 1]
        #expect(precomposed != decomposed)
        #expect(precomposed == ["\u{E9}": 1])
    }

    @Test func insertionOrderRemovalAndReplacement() {
        var dictionary: ParameterDictionary = ["b": 1, "a": 2, "c": 3]
        dictionary["a"] = nil
        dictionary["b"] = 9
        dictionary["d"] = 4
        #expect(dictionary.orderedKeys == ["b", "c", "d"])
        #expect(dictionary["b"] == 9)
        #expect(dictionary["c"] == 3)
    }
}
