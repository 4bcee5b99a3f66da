import Testing
import Wireform

@Suite struct DeepObjectQueryStyleTests {
    @Test func writesObjectsWithBracketsAndTopLevelArraysRepeated() throws {
        let parameters: ParameterValue = ["filter": ["color": "red", "size": 10], "id": [1, 2], "on": true]
        #expect(try query(.deepObject, parameters) == "filter%5Bcolor%5D=red&filter%5Bsize%5D=10&id=1&id=2&on=true")
    }

    @Test func allowsNestedDictionaries() throws {
        #expect(try query(.deepObject, ["filter": ["size": ["min": 1]]]) == "filter%5Bsize%5D%5Bmin%5D=1")
    }

    @Test func rejectsAnArrayInsideADictionary() {
        expectSerializationError(
            .unsupportedValue,
            "This query style cannot write an array or set inside a dictionary, at 'filter[ids]'"
        ) {
            _ = try query(.deepObject, ["filter": ["ids": [1, 2]]])
        }
    }

    /// Regression: an array of dictionaries came out as `a[b]=1`, as if the array were not there.
    @Test func rejectsAnArrayOfDictionariesInsteadOfDroppingTheArray() {
        expectSerializationError(
            .unsupportedValue,
            "Repeated keys cannot express a dictionary inside an array or set, at 'a'"
        ) {
            _ = try query(.deepObject, ["a": [["b": 1]]])
        }
    }

    @Test func rejectsAnArrayOfArraysAndASetOfContainers() {
        expectSerializationError(
            .unsupportedValue, "Repeated keys cannot express an array inside an array or set, at 'a'"
        ) {
            _ = try query(.deepObject, ["a": [[1]]])
        }
        expectSerializationError(
            .unsupportedValue, "Repeated keys cannot express a dictionary inside an array or set, at 's'"
        ) {
            _ = try query(.deepObject, ["s": .set([["b": 1]])])
        }
    }
}
