import Testing
import Wireform

/// The path rows (`matrix`, `label`, `simple`) of the OpenAPI 3.1.2 / 3.2 "Style Examples" table, byte for byte.
///
/// https://spec.openapis.org/oas/v3.1.2.html#style-examples
@Suite struct PathParameterStyleTests {
    static let undefined: ParameterValue = .null
    static let string: ParameterValue = "blue"
    static let array: ParameterValue = ["blue", "black", "brown"]
    static let object: ParameterValue = ["R": 100, "G": 200, "B": 150]

    /// (style, undefined, string, array, object), as in the table.
    static let rows: [(PathParameterStyle, String, String, String, String)] = [
        (.matrix(), ";color", ";color=blue", ";color=blue,black,brown", ";color=R,100,G,200,B,150"),
        (
            .matrix(explode: true), ";color", ";color=blue", ";color=blue;color=black;color=brown",
            ";R=100;G=200;B=150"
        ),
        (.label(), ".", ".blue", ".blue,black,brown", ".R,100,G,200,B,150"),
        (.label(explode: true), ".", ".blue", ".blue.black.brown", ".R=100.G=200.B=150"),
        (.simple(), "", "blue", "blue,black,brown", "R,100,G,200,B,150"),
        (.simple(explode: true), "", "blue", "blue,black,brown", "R=100,G=200,B=150"),
    ]

    @Test(arguments: rows)
    func writesTheSpecificationsStyleExample(
        _ style: PathParameterStyle, _ undefined: String, _ string: String, _ array: String, _ object: String
    ) throws {
        #expect(try style.value(for: Self.undefined, name: "color") == undefined)
        #expect(try style.value(for: "", name: "color") == undefined)
        #expect(try style.value(for: Self.string, name: "color") == string)
        #expect(try style.value(for: Self.array, name: "color") == array)
        #expect(try style.value(for: Self.object, name: "color") == object)
    }

    @Test(arguments: rows.map(\.0))
    func escapesEveryPathDelimiterInValuesAndKeys(_ style: PathParameterStyle) throws {
        let text = try style.value(for: ["a/b": "c?d#e"], name: "color")
        #expect(text.contains("a%2Fb") && text.contains("c%3Fd%23e"))
        #expect(!text.contains("/") && !text.contains("?") && !text.contains("#"))
    }

    @Test func escapesANameOutsideTheUnreservedSet() throws {
        #expect(try PathParameterStyle.matrix().value(for: "x", name: "a b") == ";a%20b=x")
    }

    @Test func describesItself() {
        #expect(PathParameterStyle.matrix().description == "matrix")
        #expect(PathParameterStyle.label(explode: true).description == "label, explode")
        #expect(PathParameterStyle.simple() != PathParameterStyle.simple(explode: true))
    }

    @Test func rejectsANestedContainerNamingTheParameter() {
        expectSerializationError(
            .unsupportedValue,
            "'color' holds an array inside a list or dictionary, which RFC 6570 cannot expand, in path parameter "
                + "'color' (matrix)"
        ) {
            _ = try PathParameterStyle.matrix().value(for: [[1]], name: "color")
        }
    }

    @Test func appendLeavesTheBufferUnchangedOnError() {
        var bytes: [UInt8] = Array("/a".utf8)
        #expect(throws: SerializationError.self) {
            try PathParameterStyle.label().append(["x": [1]], name: "p", to: &bytes)
        }
        #expect(bytes == Array("/a".utf8))
    }
}
