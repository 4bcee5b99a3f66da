import Foundation
import Testing
import Wireform
import WireformMultipart

/// The request serializer's one query style names multipart fields, unless the format was given its own.
@Suite struct MultipartRequestContextTests {
    private func partNames(_ request: SerializedRequest) throws -> [String] {
        let bytes = try request.body.map { try readAll($0, readSize: 4096) } ?? []
        let text = String(decoding: bytes, as: UTF8.self)
        return text.split(separator: "\r\n").compactMap { line in
            guard let start = line.range(of: "name=\"") else { return nil }
            return String(line[start.upperBound...].dropLast())
        }
    }

    @Test func theRequestsQueryStyleNamesTheFields() throws {
        var serializer = try RequestSerializer(
            registry: BodySerializerRegistry([.multipartFormData(boundary: .constant("B"))]),
            bodyMediaType: .multipartFormData,
            includesDefaultHeaders: false
        )
        serializer.queryStyle = .indexed
        let request = try serializer.serializedRequest(
            method: .post, url: "https://example.com", parameters: ["ids": [1, 2], "user": ["name": "a"]])
        #expect(try partNames(request) == ["ids[0]", "ids[1]", "user[name]"])
    }

    @Test func aStyleOfTheFormatsOwnWins() throws {
        var serializer = try RequestSerializer(
            registry: BodySerializerRegistry([.multipartFormData(queryStyle: .repeated, boundary: .constant("B"))]),
            bodyMediaType: .multipartFormData,
            includesDefaultHeaders: false
        )
        serializer.queryStyle = .indexed
        let request = try serializer.serializedRequest(
            method: .post, url: "https://example.com", parameters: ["ids": [1, 2]])
        #expect(try partNames(request) == ["ids", "ids"])
    }

    @Test func aFormBuiltByTheCallerGoesThroughTheRequestSerializer() throws {
        var form = try MultipartForm(boundary: .constant("B"))
        form.append("x", name: "a")
        var serializer = RequestSerializer(includesDefaultHeaders: false)
        try serializer.setBearerToken("t")
        let request = try serializer.serializedRequest(
            method: .delete, url: "https://example.com/items/1", body: form.serializedBody)
        #expect(request.url == "https://example.com/items/1")
        #expect(request.headers[.authorization] == "Bearer t")
        #expect(request.headers[.contentType] == "multipart/form-data; boundary=B")
        let length = try request.body.map { try readAll($0, readSize: 4096).count }
        #expect(request.headers[.contentLength] == length.map(String.init))
        #expect(try partNames(request) == ["a"])
    }

    /// Parameters appended to a form take the style they are given: the request serializer's, so that fields are
    /// named as the format would name them.
    @Test func parametersAppendedToAFormTakeTheSerializersStyle() throws {
        var serializer = RequestSerializer(includesDefaultHeaders: false)
        serializer.queryStyle = .indexed
        var form = try MultipartForm(boundary: .constant("B"))
        try form.append(parameters: ["ids": [1, 2], "user": ["name": "a"]], queryStyle: serializer.queryStyle)
        let request = try serializer.serializedRequest(
            method: .post, url: "https://example.com", body: form.serializedBody)
        #expect(try partNames(request) == ["ids[0]", "ids[1]", "user[name]"])
    }
}
