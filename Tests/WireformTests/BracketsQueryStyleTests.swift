import Foundation
import Testing
import Wireform

@Suite struct BracketsQueryStyleTests {
    @Test func flattensAFNetworkingsExample() throws {
        let parameters: ParameterValue = [
            "name": "bang",
            "phone": ["mobile": "xx", "home": "xx"],
            "families": ["father", "mother"],
            "nums": .set([1, 2]),
        ]
        #expect(
            try query(.brackets, parameters)
                == "families%5B%5D=father&families%5B%5D=mother&name=bang&nums=1&nums=2"
                + "&phone%5Bhome%5D=xx&phone%5Bmobile%5D=xx"
        )
    }

    @Test func isTheDefaultOfStandardQueryStyle() throws {
        let parameters: ParameterValue = ["b": [1, 2], "a": ["x": true]]
        #expect(try query(StandardQueryStyle(), parameters) == query(.brackets, parameters))
    }

    @Test func producesUnescapedPairsInOrder() throws {
        let pairs = try StandardQueryStyle.brackets.pairs(for: ["user": ["name": "a b"], "tags": ["x"], "gone": .null])
        #expect(
            pairs == [
                QueryPair(name: "gone", value: .nameOnly),
                QueryPair(name: "tags[]", text: "x"),
                QueryPair(name: "user[name]", text: "a b"),
            ]
        )
    }

    @Test func writesNullAsBareKey() throws {
        #expect(try query(.brackets, ["a": .null, "b": 1, "c": ["d": .null]]) == "a&b=1&c%5Bd%5D")
    }

    @Test func writesBooleansAsOneAndZero() throws {
        #expect(try query(.brackets, ["t": true, "f": false]) == "f=0&t=1")
    }

    @Test func omitsEmptyContainers() throws {
        #expect(try query(.brackets, ["a": [], "b": [:], "c": .set([]), "d": 1, "e": ["f": []]]) == "d=1")
        #expect(try query(.brackets, [:]) == "")
    }

    @Test func nestsArraysOfArraysAndDictionaries() throws {
        #expect(try query(.brackets, ["a": [[1, 2]]]) == "a%5B%5D%5B%5D=1&a%5B%5D%5B%5D=2")
        #expect(try query(.brackets, ["a": [["b": 1], ["c": 2]]]) == "a%5B%5D%5Bb%5D=1&a%5B%5D%5Bc%5D=2")
    }

    @Test func sortsKeysByUTF8Bytes() throws {
        let parameters: ParameterValue = ["b": 1, "é": 4, "B": 2, "a": 3, "_": 5]
        #expect(try query(.brackets, parameters) == "B=2&_=5&a=3&b=1&%C3%A9=4")
    }

    @Test func sortsSetMembersByTheirTextAndWritesEachOnce() throws {
        #expect(try query(.brackets, ["s": .set([10, 9, "b", "a", 9, "a"])]) == "s=10&s=9&s=a&s=b")
    }

    @Test func escapesKeysAndValuesAlike() throws {
        #expect(
            try query(.brackets, ["a b&c": "d=e#f", "ü": "👍🏽"]) == "a%20b%26c=d%3De%23f&%C3%BC=%F0%9F%91%8D%F0%9F%8F%BD")
    }

    @Test func writesDatesAsISO8601InUTC() throws {
        let parameters: ParameterValue = [
            "d": .date(Date(timeIntervalSince1970: 0)),
            "m": .date(Date(timeIntervalSince1970: 1_704_164_645.25)),
        ]
        #expect(try query(.brackets, parameters) == "d=1970-01-01T00%3A00%3A00Z&m=2024-01-02T03%3A04%3A05.250Z")
    }

    @Test func writesDataAsEscapedRawBytes() throws {
        #expect(try query(.brackets, ["d": .data(Data([0x00, 0xFF, 0x41]))]) == "d=%00%FFA")
    }

    @Test func writesIntegers() throws {
        #expect(
            try query(.brackets, ["n": 42, "m": -7, "big": .integer(UInt64.max)])
                == "big=18446744073709551615&m=-7&n=42")
    }

    @Test func keepsAFNetworkingsBehaviourForNestedSetsOfScalarsOnly() throws {
        // AFNetworking wrote a set's dictionary members under the plain key, indistinguishable from a dictionary.
        expectSerializationError(
            .unsupportedValue,
            "Repeated keys cannot express a dictionary inside an array or set, at 's'"
        ) {
            _ = try query(.brackets, ["s": .set([["a": 1]])])
        }
    }
}
