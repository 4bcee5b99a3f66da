import Testing
import Wireform

/// The query rows of the OpenAPI 3.1.2 / 3.2 "Style Examples" table, byte for byte, with the specification's values
/// for a parameter named `color`.
///
/// https://spec.openapis.org/oas/v3.1.2.html#style-examples
@Suite struct OpenAPIQueryStyleTests {
    /// One cell of the table: a style, a value and the exact query it produces.
    struct Row: Sendable, CustomTestStringConvertible {
        let style: String
        let value: String
        let parameters: ParameterValue
        let expected: String
        var testDescription: String { "\(style) \(value) → \(expected)" }
    }

    static let string: ParameterValue = "blue"
    static let array: ParameterValue = ["blue", "black", "brown"]
    static let object: ParameterValue = ["R": 100, "G": 200, "B": 150]

    /// The styles under test; keys keep their insertion order, as the table does.
    static func style(_ name: String) -> StandardQueryStyle {
        var style: StandardQueryStyle
        switch name {
        case "form explode=false": style = .form(explode: false)
        case "form explode=true": style = .form()
        case "spaceDelimited": style = .spaceDelimited
        case "pipeDelimited": style = .pipeDelimited
        default: style = .deepObject
        }
        style.keyOrdering = .insertion
        return style
    }

    static let rows: [Row] = [
        // form, explode: false
        Row(style: "form explode=false", value: "undefined", parameters: ["color": .null], expected: "color="),
        Row(style: "form explode=false", value: "empty", parameters: ["color": ""], expected: "color="),
        Row(style: "form explode=false", value: "string", parameters: ["color": string], expected: "color=blue"),
        Row(
            style: "form explode=false", value: "array", parameters: ["color": array],
            expected: "color=blue,black,brown"),
        Row(
            style: "form explode=false", value: "object", parameters: ["color": object],
            expected: "color=R,100,G,200,B,150"),
        // form, explode: true
        Row(style: "form explode=true", value: "undefined", parameters: ["color": .null], expected: "color="),
        Row(style: "form explode=true", value: "empty", parameters: ["color": ""], expected: "color="),
        Row(style: "form explode=true", value: "string", parameters: ["color": string], expected: "color=blue"),
        Row(
            style: "form explode=true", value: "array", parameters: ["color": array],
            expected: "color=blue&color=black&color=brown"),
        Row(
            style: "form explode=true", value: "object", parameters: ["color": object],
            expected: "R=100&G=200&B=150"),
        // spaceDelimited, explode: false
        Row(
            style: "spaceDelimited", value: "array", parameters: ["color": array],
            expected: "color=blue%20black%20brown"),
        Row(
            style: "spaceDelimited", value: "object", parameters: ["color": object],
            expected: "color=R%20100%20G%20200%20B%20150"),
        // pipeDelimited, explode: false
        Row(
            style: "pipeDelimited", value: "array", parameters: ["color": array],
            expected: "color=blue%7Cblack%7Cbrown"),
        Row(
            style: "pipeDelimited", value: "object", parameters: ["color": object],
            expected: "color=R%7C100%7CG%7C200%7CB%7C150"),
        // deepObject, explode: true
        Row(
            style: "deepObject", value: "object", parameters: ["color": object],
            expected: "color%5BR%5D=100&color%5BG%5D=200&color%5BB%5D=150"),
    ]

    /// The cells the table marks n/a (undefined behaviour): Wireform's documented choice.
    static let undefinedRows: [Row] = [
        Row(style: "spaceDelimited", value: "string", parameters: ["color": string], expected: "color=blue"),
        Row(style: "spaceDelimited", value: "undefined", parameters: ["color": .null], expected: "color="),
        Row(style: "pipeDelimited", value: "string", parameters: ["color": string], expected: "color=blue"),
        Row(style: "pipeDelimited", value: "empty", parameters: ["color": ""], expected: "color="),
        Row(style: "deepObject", value: "string", parameters: ["color": string], expected: "color=blue"),
        Row(
            style: "deepObject", value: "array", parameters: ["color": array],
            expected: "color=blue&color=black&color=brown"),
    ]

    @Test(arguments: rows)
    func writesTheSpecificationsStyleExample(_ row: Row) throws {
        #expect(try Self.style(row.style).queryString(for: row.parameters) == row.expected)
    }

    @Test(arguments: undefinedRows)
    func writesTheCellsTheTableLeavesUndefinedAsDocumented(_ row: Row) throws {
        #expect(try Self.style(row.style).queryString(for: row.parameters) == row.expected)
    }

    /// The pairs, escaped by ``QueryString``, are the same bytes as the direct writer's: one walk, two sinks.
    @Test(arguments: rows + undefinedRows)
    func pairsEscapedByQueryStringAreTheSameBytes(_ row: Row) throws {
        let style = Self.style(row.style)
        var bytes: [UInt8] = []
        QueryString.append(try style.pairs(for: row.parameters), to: &bytes)
        #expect(String(decoding: bytes, as: UTF8.self) == row.expected)
    }

    @Test func spaceDelimitedUsesPlusInAFormBodyThatWritesSpacesAsPlus() throws {
        let output = try StandardQueryStyle.spaceDelimited.queryString(for: ["color": Self.array], spaceEncoding: .plus)
        #expect(output == "color=blue+black+brown")
    }

    @Test func delimitersInsideItemsAreEscapedLikeTheDelimiter() throws {
        #expect(try query(.form(explode: false), ["q": ["a,b", "c"]]) == "q=a%2Cb,c")
        #expect(try query(.pipeDelimited, ["q": ["a|b", "c"]]) == "q=a%7Cb%7Cc")
        #expect(try query(.spaceDelimited, ["q": ["a b", "c"]]) == "q=a%20b%20c")
    }

    @Test func formWritesBooleansAsLiteralsAndEmptyContainersAsEmptyValues() throws {
        #expect(try query(.form(), ["on": true, "off": false]) == "off=false&on=true")
        #expect(try query(.form(), ["ids": [], "filter": [:]]) == "filter=&ids=")
        #expect(try query(.form(explode: false), ["ids": []]) == "ids=")
    }

    @Test func formSortsKeysByDefault() throws {
        #expect(try query(.form(), ["color": Self.object]) == "B=150&G=200&R=100")
        #expect(try query(.form(explode: false), ["color": Self.object]) == "color=B,150,G,200,R,100")
    }

    @Test func formDiffersFromCommaDelimited() throws {
        let parameters: ParameterValue = ["f": ["a": 1], "on": true, "x": .null]
        #expect(try query(.commaDelimited, parameters) == "f%5Ba%5D=1&on=1&x")
        #expect(try query(.form(explode: false), parameters) == "f=a,1&on=true&x=")
    }

    // MARK: - Nesting deeper than one level

    /// deepObject: dictionaries nest with one bracket pair per level; arrays inside them throw.
    @Test func deepObjectNestsDictionariesWithOneBracketPairPerLevel() throws {
        let parameters: ParameterValue = ["color": ["R": ["min": 1, "max": 2]]]
        var style = StandardQueryStyle.deepObject
        style.keyOrdering = .insertion
        #expect(try style.queryString(for: parameters) == "color%5BR%5D%5Bmin%5D=1&color%5BR%5D%5Bmax%5D=2")
    }

    @Test func explodedFormRejectsAContainerInsideTheDictionary() {
        expectSerializationError(
            .unsupportedValue, "An exploded dictionary cannot hold a dictionary, at 'color' key 'R'"
        ) {
            _ = try query(.form(), ["color": ["R": ["x": 1]]])
        }
        expectSerializationError(
            .unsupportedValue, "An exploded dictionary cannot hold an array, at 'color' key 'R'"
        ) {
            _ = try query(.form(), ["color": ["R": [1]]])
        }
    }

    @Test func explodedFormRejectsADictionaryInsideAnArray() {
        expectSerializationError(
            .unsupportedValue, "Repeated keys cannot express a dictionary inside an array or set, at 'color'"
        ) {
            _ = try query(.form(), ["color": [["R": 1]]])
        }
    }

    @Test func anExplodedDictionaryMustBeAParametersOwnValue() {
        let style = StandardQueryStyle(arrays: .indexed, nesting: .exploded)
        expectSerializationError(
            .unsupportedValue, "An exploded dictionary must be a parameter's own value, not nested, at 'a[0]'"
        ) {
            _ = try query(style, ["a": [["b": 1]]])
        }
    }

    @Test func delimitedStylesRejectContainersInsideTheList() {
        expectSerializationError(
            .unsupportedValue, "A comma-delimited list cannot hold an array, at 'color' key 'R'"
        ) {
            _ = try query(.form(explode: false), ["color": ["R": [1]]])
        }
        expectSerializationError(.unsupportedValue, "A space-delimited list cannot hold a dictionary, at 'color'") {
            _ = try query(.spaceDelimited, ["color": [["R": 1]]])
        }
        expectSerializationError(.unsupportedValue, "A pipe-delimited list cannot hold an array, at 'color'") {
            _ = try query(.pipeDelimited, ["color": [[1]]])
        }
    }

    // MARK: - allowReserved

    /// OpenAPI 3.1.2 Appendix C.4.2: `/` and the pre-encoded `%2B` pass, `^` is escaped.
    @Test func allowReservedKeepsReservedCharactersAndTriplesInValues() throws {
        var style = StandardQueryStyle.form()
        style.reservedCharacters = .allowed
        style.keyOrdering = .insertion
        let parameters: ParameterValue = ["formulas": ["a": "x%2By", "b": "x/y", "c": "x^y"]]
        #expect(try style.queryString(for: parameters) == "a=x%2By&b=x/y&c=x%5Ey")
        #expect(try query(.form(), parameters) == "a=x%252By&b=x/y&c=x%5Ey")
    }

    @Test func allowReservedStillEscapesWhatWouldBreakTheQuery() throws {
        var style = StandardQueryStyle.form()
        style.reservedCharacters = .allowed
        #expect(try style.queryString(for: ["v": ":@!$'()*,;/?"]) == "v=:@!$'()*,;/?")
        #expect(try style.queryString(for: ["v": "a&b=c+d#e[f] g"]) == "v=a%26b%3Dc%2Bd%23e%5Bf%5D%20g")
        #expect(try style.queryString(for: ["v": "50%", "w": "%zz%4"]) == "v=50%25&w=%25zz%254")
        #expect(try style.queryString(for: ["v": "%e2%9C%93"]) == "v=%e2%9C%93")
    }

    @Test func allowReservedLeavesNamesEscaped() throws {
        var style = StandardQueryStyle.deepObject
        style.reservedCharacters = .allowed
        #expect(try style.queryString(for: ["a:b": ["c/d": "e:f"]]) == "a%3Ab%5Bc/d%5D=e:f")
    }

    @Test func allowReservedAppliesToDelimitedItems() throws {
        var style = StandardQueryStyle.pipeDelimited
        style.reservedCharacters = .allowed
        #expect(try style.queryString(for: ["p": ["a/b", "c:d"]]) == "p=a/b%7Cc:d")
    }

    @Test func optionNamesDescribeThemselves() {
        #expect(StandardQueryStyle.ArrayEncoding.spaceDelimited.description == "spaceDelimited")
        #expect(StandardQueryStyle.ArrayEncoding.pipeDelimited.description == "pipeDelimited")
        #expect(StandardQueryStyle.NestingEncoding.exploded.description == "exploded")
        #expect(StandardQueryStyle.ReservedCharacterEncoding.allowed.description == "allowed")
        #expect(StandardQueryStyle().reservedCharacters == .percentEncoded)
    }
}
