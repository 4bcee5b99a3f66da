import Foundation
import Testing
import Wireform

@Suite struct QueryStyleOptionsTests {
    @Test func literalBooleans() throws {
        #expect(try query(StandardQueryStyle(bools: .literal), ["t": true, "f": false]) == "f=false&t=true")
    }

    @Test func insertionOrderKeepsTheOrderKeysWereWritten() throws {
        let style = StandardQueryStyle(keyOrdering: .insertion)
        #expect(try query(style, ["b": 1, "a": ["z": 1, "y": 2], "c": 3]) == "b=1&a%5Bz%5D=1&a%5By%5D=2&c=3")
    }

    @Test func sortedOrderDoesNotDependOnInsertionOrder() throws {
        #expect(try query(.brackets, ["b": 1, "a": 2]) == query(.brackets, ["a": 2, "b": 1]))
    }

    @Test func emptyContainersAsEmptyValues() throws {
        let style = StandardQueryStyle(emptyContainers: .emptyValue)
        #expect(try query(style, ["a": [], "b": [:], "c": .set([]), "d": ["e": []]]) == "a=&b=&c=&d%5Be%5D=")
    }

    @Test func nullAsEmptyValueOrOmitted() throws {
        #expect(try query(StandardQueryStyle(nulls: .emptyValue), ["a": .null, "b": 1]) == "a=&b=1")
        #expect(try query(StandardQueryStyle(nulls: .omitted), ["a": .null, "b": 1]) == "b=1")
    }

    @Test func datesAsEpochNumbers() throws {
        let date: ParameterValue = .date(Date(timeIntervalSince1970: 1_700_000_000.5))
        #expect(try query(StandardQueryStyle().with(dates: .millisecondsSince1970), ["d": date]) == "d=1700000000500")
        #expect(
            try query(
                StandardQueryStyle().with(dates: .secondsSince1970), ["d": .date(Date(timeIntervalSince1970: 86_400))])
                == "d=86400"
        )
    }

    @Test func dataAsBase64() throws {
        #expect(try query(StandardQueryStyle().with(data: .base64), ["d": .data(Data("hi?".utf8))]) == "d=aGk/")
    }

    @Test func setsCanBeBracketed() throws {
        #expect(try query(StandardQueryStyle(sets: .brackets), ["s": .set(["b", "a"])]) == "s%5B%5D=a&s%5B%5D=b")
    }
}
