import Testing
import Wireform

@Suite struct CSVSerializerTests {
    @Test func writesAHeaderAndQuotedFieldsWithCRLF() throws {
        let rows: ParameterValue = [
            ["name": "bang", "note": "says \"hi\", twice", "age": 30],
            ["name": "li\nne", "note": .null, "age": 2.5],
        ]
        let body = try CSVSerializer().serialize(rows)
        #expect(
            body.body.bytes
                == Array("name,note,age\r\nbang,\"says \"\"hi\"\", twice\",30\r\n\"li\nne\",,2.5\r\n".utf8)
        )
        #expect(body.contentType.description == "text/csv; charset=utf-8; header=present")
    }

    @Test func throwsItsOwnErrorForNestedValues() {
        #expect(throws: CSVError.nestedValue(row: 0, column: "a")) {
            try CSVSerializer().serialize([["a": ["b": 1]]])
        }
    }

    @Test func encodableValuesGoThroughTheDefaultParameterEncoder() throws {
        struct Row: Encodable {
            var name: String
            var age: Int
        }
        let body = try CSVSerializer().serialize(encodable: [Row(name: "a", age: 1), Row(name: "b,c", age: 2)])
        #expect(body.body.bytes == Array("name,age\r\na,1\r\n\"b,c\",2\r\n".utf8))
    }

    @Test func aFormatWithoutItsOwnEmptyBodyHasNone() throws {
        #expect(CSVSerializer().bodyWithoutParameters == nil)
    }
}
