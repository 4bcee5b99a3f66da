import Testing
import Wireform

/// The `simple` rows of the OpenAPI 3.1.2 / 3.2 "Style Examples" table as header values: the same text, never
/// percent-encoded.
@Suite struct HeaderParameterStyleTests {
    @Test func writesTheSpecificationsSimpleRowsUnexploded() throws {
        let style = HeaderParameterStyle.simple()
        #expect(try style.value(for: .null, name: "X-Color") == "")
        #expect(try style.value(for: "", name: "X-Color") == "")
        #expect(try style.value(for: "blue", name: "X-Color") == "blue")
        #expect(try style.value(for: ["blue", "black", "brown"], name: "X-Color") == "blue,black,brown")
        #expect(try style.value(for: ["R": 100, "G": 200, "B": 150], name: "X-Color") == "R,100,G,200,B,150")
    }

    @Test func writesTheSpecificationsSimpleRowsExploded() throws {
        let style = HeaderParameterStyle.simple(explode: true)
        #expect(try style.value(for: .null, name: "X-Color") == "")
        #expect(try style.value(for: "blue", name: "X-Color") == "blue")
        #expect(try style.value(for: ["blue", "black", "brown"], name: "X-Color") == "blue,black,brown")
        #expect(try style.value(for: ["R": 100, "G": 200, "B": 150], name: "X-Color") == "R=100,G=200,B=150")
    }

    @Test func doesNotPercentEncode() throws {
        #expect(try HeaderParameterStyle.simple().value(for: ["a b/c", "ü%"], name: "X-List") == "a b/c,ü%")
        #expect(try HeaderParameterStyle.simple().value(for: .set(["b", "a"]), name: "X-Set") == "a,b")
    }

    @Test func rejectsAValueAFieldCannotHold() {
        expectSerializationError(
            .invalidHeader,
            "Header 'X-Color' value 'a\\r\\nSet-Cookie: x' has a character that a field value cannot hold"
        ) {
            _ = try HeaderParameterStyle.simple().value(for: ["a\r\nSet-Cookie: x"], name: "X-Color")
        }
    }

    @Test func rejectsANestedContainer() {
        expectSerializationError(
            .unsupportedValue,
            "'X-Color' key 'R' holds an array inside a list or dictionary, which RFC 6570 cannot expand, in header "
                + "'X-Color'"
        ) {
            _ = try HeaderParameterStyle.simple().value(for: ["R": [1]], name: "X-Color")
        }
    }

    @Test func describesItself() {
        #expect(HeaderParameterStyle.simple().description == "simple")
        #expect(HeaderParameterStyle.simple(explode: true).description == "simple, explode")
    }
}
