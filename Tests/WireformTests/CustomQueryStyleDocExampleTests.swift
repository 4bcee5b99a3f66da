import Testing
import Wireform

/// The example in `CustomQueryStyle`'s doc comment, with the output it documents.
@Suite struct CustomQueryStyleDocExampleTests {
    @Test func flatStyleWritesStringsAndNumbersAndNamesWhatItCannotWrite() throws {
        let flat: some QueryStyle = .custom { parameters in
            guard case .dictionary(let dictionary) = parameters else {
                throw SerializationError(
                    .invalidTopLevelValue, "A flat query needs a dictionary, not \(parameters.kindName)")
            }
            return try dictionary.map { name, value in
                switch value {
                case .string(let text): return QueryPair(name: name, text: text)
                case .number(let number): return QueryPair(name: name, text: number.text)
                default:
                    throw SerializationError(
                        .unsupportedValue,
                        "\(SerializationError.quoted(name)) is \(value.kindName), not a string or number")
                }
            }
        }
        #expect(try flat.queryString(for: ["q": "swift", "page": 2]) == "q=swift&page=2")
        let error = #expect(throws: SerializationError.self) { try flat.queryString(for: ["tags": ["a"]]) }
        #expect(error?.code == .unsupportedValue)
        #expect(error?.reason == "'tags' is an array, not a string or number")
        let topLevel = #expect(throws: SerializationError.self) { try flat.queryString(for: ["a"]) }
        #expect(topLevel?.reason == "A flat query needs a dictionary, not an array")
    }
}
