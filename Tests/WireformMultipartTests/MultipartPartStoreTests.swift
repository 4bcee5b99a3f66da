import Foundation
import Testing
import Wireform

@testable import WireformMultipart

/// Fields made from parameters are stored as bytes (`MultipartPartStore`) and framed as the body is written: the
/// body, its length and `parts` are what the same fields appended as parts give, in every way of reading it.
@Suite struct MultipartPartStoreTests {
    private static let parameters: ParameterValue = [
        "tags": ["a", "b", "c"], "q\"uote": ["x", "y"], "blob": .data(Data([0xFF, 0x00])), "none": .null,
        "user": ["name": "Zoë", "id": 7], "empty": "",
    ]

    /// The same form with every field appended as a part.
    private func formOfParts(boundary: String) throws -> MultipartForm {
        let fromParameters = try pinnedForm(parameters: Self.parameters, boundary: boundary)
        var form = try MultipartForm(boundary: .constant(boundary))
        form.append(ByteArrayPart(part: fromParameters.parts[0]).part)
        for part in fromParameters.parts.dropFirst() { form.append(part) }
        return form
    }

    @Test func fieldsGiveTheBytesTheirPartsGive() async throws {
        let form = try pinnedForm(parameters: Self.parameters)
        let parts = try formOfParts(boundary: "B")
        let expected = try parts.encodedBytes()
        #expect(try form.encodedBytes() == expected)
        #expect(form.serializedBody.body.length == .known(Int64(expected.count)))
        #expect(try readAll(form.serializedBody.body, readSize: 1) == expected)
        #expect(try readAll(form.serializedBody.body, readSize: 7) == expected)
        #expect(try await form.serializedBody.body.collect(upTo: 1 << 20) == expected)
        let text = String(decoding: expected, as: UTF8.self)
        // Runs of one name share their framing; the name with a quote is escaped once for each of its fields.
        #expect(text.components(separatedBy: "name=\"tags[]\"").count == 4)
        #expect(text.components(separatedBy: "name=\"q%22uote[]\"").count == 3)
    }

    @Test func partsAreMadeFromTheStoredFields() throws {
        let form = try pinnedForm(parameters: ["n": [1, 2], "d": .data(Data([9]))])
        let parts = form.parts
        #expect(parts.map(\.name) == ["d", "n[]", "n[]"])
        #expect(parts.map { $0.body.bytes } == [[9], Array("1".utf8), Array("2".utf8)])
        #expect(
            parts.map { Array($0.headers).map(\.value) } == [
                [#"form-data; name="d""#], [#"form-data; name="n[]""#], [#"form-data; name="n[]""#],
            ])
    }

    @Test func fieldsMixWithOtherPartsInOrder() throws {
        var form = try pinnedForm(parameters: ["a": ["1", "2"]])
        form.append("x", name: "a[]")
        try form.append(parameters: ["a": ["3"]], queryStyle: .brackets)
        let expected = crlf(
            "--B", #"Content-Disposition: form-data; name="a[]""#, "", "1",
            "--B", #"Content-Disposition: form-data; name="a[]""#, "", "2",
            "--B", #"Content-Disposition: form-data; name="a[]""#, "", "x",
            "--B", #"Content-Disposition: form-data; name="a[]""#, "", "3",
            "--B--", "")
        #expect(try form.encodedBytes() == expected)
        #expect(form.serializedBody.body.length == .known(Int64(expected.count)))
    }

    @Test func aFieldThatHoldsTheDelimiterIsStillFound() throws {
        let form = try pinnedForm(parameters: ["a": ["ok", "x\r\n--B\r\n"]])
        let error = #expect(throws: SerializationError.self) { try form.validate() }
        #expect(error?.code == .invalidPart)
        #expect(error?.reason.hasPrefix("The content of part 1 'a[]' contains") == true)
    }
}

/// A part rebuilt from its headers and an in-memory copy of its body.
private struct ByteArrayPart {
    let part: MultipartPart

    init(part: MultipartPart) {
        self.part = MultipartPart(
            headers: part.headers, body: MessageBody(bytes: part.body.bytes ?? []), name: part.name)
    }
}
