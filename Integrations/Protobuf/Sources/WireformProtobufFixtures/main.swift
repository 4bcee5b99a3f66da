// Writes request bodies made by WireformProtobuf into a folder, for Scripts/python-check to decode with Python's
// protobuf package, an implementation independent of swift-protobuf. Each body comes from a `RequestSerializer`, as
// an app would build it. Usage: WireformProtobufFixtures FOLDER
import Foundation
import SwiftProtobuf
import Wireform
import WireformProtobuf

/// The parameter tree of `struct-parameters`; Scripts/python_check.py holds the same tree as a Python dict.
let parameters: ParameterValue = [
    "name": "bang ✓",
    "count": 2,
    "ratio": .number(ParameterNumber(-0.5)),
    "price": .number(ParameterNumber(Decimal(string: "19.99")!)),
    "admin": true,
    "nickname": .null,
    "ids": [1, "two", [3]],
    "tags": .set(["b", "a", "b"]),
    "user": ["id": 7, "roles": .array([])],
    "when": .date(Date(timeIntervalSince1970: 1_704_164_645.25)),
    "largest": .number(ParameterNumber(9_007_199_254_740_992)),
    "tiny": .number(ParameterNumber(Double.leastNonzeroMagnitude)),  // 5e-324
    "keys": ["é": 1, "z": 2, "Z": 3, "ä": ["b": .array([])]],
]

func main() throws {
    let arguments = CommandLine.arguments
    guard arguments.count == 2 else {
        FileHandle.standardError.write(Data("usage: WireformProtobufFixtures FOLDER\n".utf8))
        exit(2)
    }
    let folder = URL(fileURLWithPath: arguments[1], isDirectory: true)

    var registry = BodySerializerRegistry()
    registry.register(.protobuf(dateEncoding: .iso8601))
    registry.register(.protobufJSON(dateEncoding: .iso8601))
    var serializer = RequestSerializer(registry: registry, includesDefaultHeaders: false)
    let url = URL(string: "https://example.com/fixtures")!

    var written: [String] = []
    func write(_ name: String, _ request: SerializedRequest, contentType: String) throws {
        guard let bytes = request.body?.bytes, request.headers[.contentType] == contentType else {
            throw FixtureError(description: "\(name): no in-memory body, or Content-Type is not \(contentType)")
        }
        // `.atomic` writes a temporary file and renames it: a reader never sees half a fixture.
        try Data(bytes).write(to: folder.appendingPathComponent(name), options: .atomic)
        written.append(name)
    }

    for (format, suffix, contentType) in [
        (ContentType.protobuf, "bin", "application/protobuf"),
        (.protobufJSON, "json", "application/protobuf+json; charset=utf-8"),
    ] {
        serializer.bodyMediaType = format
        try write(
            "struct-parameters.\(suffix)",
            serializer.serializedRequest(method: .post, url: url, parameters: parameters),
            contentType: contentType)

        func message(_ name: String, _ value: any Message) throws {
            let request =
                format == .protobuf
                ? try serializer.serializedRequest(method: .post, url: url, body: value, format: .protobuf)
                : try serializer.serializedRequest(method: .post, url: url, body: value, format: .protobufJSON)
            try write("\(name).\(suffix)", request, contentType: contentType)
        }
        let timestamp = Google_Protobuf_Timestamp(seconds: 1_704_164_645, nanos: 250_000_000)
        try message("timestamp", timestamp)
        try message("duration", Google_Protobuf_Duration(seconds: -90, nanos: -500_000_000))
        try message("any-timestamp", try Google_Protobuf_Any(message: timestamp))
        try message(
            "any-struct",
            try Google_Protobuf_Any(
                deterministicallyPacking: Google_Protobuf_Struct(parameters: ["id": 7, "tags": ["a", "b"]])))
        let list: Google_Protobuf_ListValue = [1, "two", nil, true, Google_Protobuf_Value(structValue: ["k": "v"])]
        try message("list-value", list)
        try message("value", Google_Protobuf_Value(numberValue: 0.1))
    }
    print("wrote \(written.count) fixtures to \(folder.path)")
}

struct FixtureError: Error, CustomStringConvertible {
    var description: String
}

do {
    try main()
} catch {
    FileHandle.standardError.write(Data("WireformProtobufFixtures: \(error)\n".utf8))
    exit(1)
}
