import Testing
import Wireform

/// The example in `CustomQueryStyle`'s doc comment, with the output it documents.
@Suite struct CustomQueryStyleDocExampleTests {
    @Test func flatStyleWritesStringsAndNumbersAndNamesWhatItCannotWrite() throws {
        let flat: some QueryStyle = .custom { parameters in
            guard case .dictionary(let dictionary) = parameters else {
                throw SerializationError(.unsupportedValue, "A flat query needs a dictionary")
            }
            return try dictionary.map { name, value in
                switch value {
                case .string(let text): return QueryPair(name: name, value: .text(text))
                case .number(let number): return QueryPair(name: name, value: .text(number.description))
                default: throw SerializationError(.unsupportedValue, "'\(name)' is not a string or number")
                }
            }
        }
        #expect(try flat.queryString(for: ["q": "swift", "page": 2]) == "q=swift&page=2")
        let error = #expect(throws: SerializationError.self) { try flat.queryString(for: ["tags": ["a"]]) }
        #expect(error?.code == .unsupportedValue)
        #expect(error?.reason == "'tags' is not a string or number")
        let topLevel = #expect(throws: SerializationError.self) { try flat.queryString(for: ["a"]) }
        #expect(topLevel?.reason == "A flat query needs a dictionary")
    }
}
