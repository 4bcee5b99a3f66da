import Foundation
import Testing
import Wireform

@Suite struct BuiltInQueryStyleTests {
    private let parameters: ParameterValue = [
        "tags": ["a", "b"],
        "user": ["name": "x"],
        "ids": .set([2, 1]),
    ]

    @Test func repeatedWritesArraysAndSetsWithThePlainKey() throws {
        #expect(try query(.repeated, parameters) == "ids=1&ids=2&tags=a&tags=b&user%5Bname%5D=x")
    }

    @Test func repeatedRejectsContainersInsideArrays() {
        expectSerializationError(
            .unsupportedValue,
            "Repeated keys cannot express a dictionary inside an array or set, at 'a[b]'"
        ) {
            _ = try query(.repeated, ["a": ["b": [["c": 1]]]])
        }
        expectSerializationError(
            .unsupportedValue,
            "Repeated keys cannot express an array inside an array or set, at 'a'"
        ) {
            _ = try query(.repeated, ["a": [[1, 2], [3]]])
        }
    }

    @Test func indexedNumbersArrayAndSetElements() throws {
        #expect(
            try query(.indexed, parameters)
                == "ids%5B0%5D=1&ids%5B1%5D=2&tags%5B0%5D=a&tags%5B1%5D=b&user%5Bname%5D=x"
        )
        #expect(try query(.indexed, ["a": [["b": 1], [2]]]) == "a%5B0%5D%5Bb%5D=1&a%5B1%5D%5B0%5D=2")
    }

    @Test func commaDelimitedJoinsEscapedElementsWithALiteralComma() throws {
        #expect(try query(.commaDelimited, parameters) == "ids=1,2&tags=a,b&user%5Bname%5D=x")
        #expect(try query(.commaDelimited, ["t": ["a b", "c,d", .null, true]]) == "t=a%20b,c%2Cd,,1")
    }

    @Test func commaDelimitedRejectsNestedContainers() {
        expectSerializationError(
            .unsupportedValue,
            "A comma-delimited list cannot hold an array, at 't'"
        ) {
            _ = try query(.commaDelimited, ["t": [[1]]])
        }
    }

    @Test func dottedNestsDictionariesWithDotsAndIndexesArrays() throws {
        #expect(try query(.dotted, parameters) == "ids%5B0%5D=1&ids%5B1%5D=2&tags%5B0%5D=a&tags%5B1%5D=b&user.name=x")
        #expect(try query(.dotted, ["a": ["b": ["c": [true]]]]) == "a.b.c%5B0%5D=1")
    }
}
