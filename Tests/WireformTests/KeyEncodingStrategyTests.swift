import Foundation
import Testing
import Wireform

/// Alamofire's key strategies beyond snake case (`URLEncodedFormEncoder.KeyEncoding`): kebab case shares snake case's
/// words, `capitalized` uppercases the first character only, `uppercased` and `lowercased` the whole key.
@Suite struct KeyEncodingStrategyTests {
    private func key(_ key: String, _ strategy: ParameterValueEncoder.KeyEncodingStrategy) throws -> String {
        let encoded = try ParameterValueEncoder(keyEncodingStrategy: strategy).encode(KeyedValues(keys: [key]))
        guard case .dictionary(let dictionary) = encoded, dictionary.count == 1 else {
            Issue.record("not one key: \(encoded)")
            return ""
        }
        return dictionary[0].key
    }

    @Test(arguments: [
        ("myURLValue", "my-url-value"),
        ("userID", "user-id"),
        ("_leading", "_leading"),
        ("_Leading", "_-leading"),
        ("trailing_", "trailing_"),
        ("URLValue", "u-rl-value"),
        ("aBcD", "a-bc-d"),
        ("already_snake", "already_snake"),
        ("already-kebab", "already-kebab"),
        ("version2Point0", "version2-point0"),
        ("abcDEFgh", "abc-de-fgh"),
        ("x", "x"),
        ("", ""),
        ("ÉcoleÀ", "école-à"),
        ("naïveÜber", "naïve-über"),
    ])
    func kebabCaseSplitsWordsAsSnakeCaseDoes(key source: String, expected: String) throws {
        #expect(try key(source, .convertToKebabCase) == expected)
        // The same words as snake case, joined with `-` (keys without their own `_` or `-`).
        if !source.contains("_") && !source.contains("-") {
            let snake = try key(source, .convertToSnakeCase)
            #expect(snake.replacingOccurrences(of: "_", with: "-") == expected)
        }
    }

    @Test(arguments: [
        ("oneTwoThree", "OneTwoThree"),
        ("userID", "UserID"),
        ("already Upper", "Already Upper"),
        ("Upper", "Upper"),
        ("_key", "_key"),
        ("2fa", "2fa"),
        ("a b c", "A b c"),
        ("", ""),
        ("élan", "Élan"),
        ("ßig", "SSig"),
        ("\u{FB01}le", "FIle"),
        ("\u{01C6}emal", "\u{01C4}emal"),
        ("e\u{301}cole", "E\u{301}cole"),
        ("ωmega", "Ωmega"),
        ("日本語", "日本語"),
    ])
    func capitalizedUppercasesTheFirstCharacterOnly(key source: String, expected: String) throws {
        let result = try key(source, .capitalized)
        #expect(result.unicodeScalars.elementsEqual(expected.unicodeScalars))
        // Alamofire's definition: the first character uppercased, the rest as it is.
        #expect(result == source.prefix(1).uppercased() + source.dropFirst())
    }

    @Test(arguments: [
        ("oneTwoThree", "ONETWOTHREE"),
        ("user_id", "USER_ID"),
        ("straße", "STRASSE"),
        ("élan", "ÉLAN"),
        ("\u{FB01}le", "FILE"),
        ("", ""),
    ])
    func uppercasedUppercasesEveryCharacter(key source: String, expected: String) throws {
        #expect(try key(source, .uppercased).unicodeScalars.elementsEqual(expected.unicodeScalars))
    }

    @Test(arguments: [
        ("oneTwoThree", "onetwothree"),
        ("USER_ID", "user_id"),
        ("ÉLAN", "élan"),
        ("\u{130}STANBUL", "i\u{307}stanbul"),
        ("", ""),
    ])
    func lowercasedLowercasesEveryCharacter(key source: String, expected: String) throws {
        #expect(try key(source, .lowercased).unicodeScalars.elementsEqual(expected.unicodeScalars))
    }

    @Test func strategiesApplyToNestedStructKeysAndNotToDictionaryKeys() throws {
        struct Inner: Encodable { var innerKey = 1 }
        struct Outer: Encodable {
            var someKey = Inner()
            var mapKeys = ["dictKey": 2]
        }
        let kebab = try ParameterValueEncoder(keyEncodingStrategy: .convertToKebabCase).encode(Outer())
        #expect(kebab == ["some-key": ["inner-key": 1], "map-keys": ["dictKey": 2]])
        let capitalized = try ParameterValueEncoder(keyEncodingStrategy: .capitalized).encode(Outer())
        #expect(capitalized == ["SomeKey": ["InnerKey": 1], "MapKeys": ["dictKey": 2]])
    }

    /// Issue 29: a Swift `Dictionary` is told by the coding key type `Dictionary.encode(to:)` itself asks for (no
    /// read of the runtime's metadata): string and integer keys alike are kept as they are and sorted, and a struct
    /// whose coding keys look like a dictionary's is still a struct.
    @Test func dictionariesWithStringOrIntegerKeysKeepTheirKeysAndAreSorted() throws {
        struct Look: Encodable {
            var zKey = 1
            var aKey = 2
        }
        struct Outer: Encodable {
            var byName = ["b_key": 1, "a_key": 2]
            var byNumber = [20: "x", 3: "y"]
            var look = Look()
        }
        let encoder = ParameterValueEncoder(keyEncodingStrategy: .convertToKebabCase)
        let style = StandardQueryStyle(keyOrdering: .insertion)
        let query = try style.queryString(encoding: Outer(), parameterEncoder: encoder)
        #expect(
            query == "by-name%5Ba_key%5D=2&by-name%5Bb_key%5D=1&by-number%5B20%5D=x&by-number%5B3%5D=y"
                + "&look%5Bz-key%5D=1&look%5Ba-key%5D=2")
    }

    @Test func queryBytesOfEachStrategy() throws {
        struct Value: Encodable {
            var firstName = "a"
            var homeAddress = ["city": "b"]
        }
        let expected: [(ParameterValueEncoder.KeyEncodingStrategy, String)] = [
            (.convertToKebabCase, "first-name=a&home-address%5Bcity%5D=b"),
            (.capitalized, "FirstName=a&HomeAddress%5Bcity%5D=b"),
            (.uppercased, "FIRSTNAME=a&HOMEADDRESS%5Bcity%5D=b"),
            (.lowercased, "firstname=a&homeaddress%5Bcity%5D=b"),
        ]
        for (strategy, query) in expected {
            let encoder = ParameterValueEncoder(keyEncodingStrategy: strategy)
            // Streamed from the value, and from its tree: the same bytes.
            #expect(try StandardQueryStyle.brackets.queryString(encoding: Value(), parameterEncoder: encoder) == query)
            #expect(try StandardQueryStyle.brackets.queryString(for: try encoder.encode(Value())) == query)
        }
    }
}
