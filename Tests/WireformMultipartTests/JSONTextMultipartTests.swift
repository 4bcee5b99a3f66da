import Foundation
import Testing
import Wireform
import WireformMultipart

/// `serializedRequest(…, json:)` writes the bytes of the tree path (`ParameterValue(json:)` then `parameters:`)
/// in this format, whether the format takes the reader's events or a tree.
@Suite struct JSONTextMultipartTests {
    static let texts = [
        #"{"b":"x y&=/é","a":[1,-2,3.50,null,true,1e-320],"c":{"d":{"e":"f"},"g":[]},"h":18446744073709551616}"#,
        #"{"s":{"$set":[3,1,2,1]},"t":{"$date":"2024-01-02T03:04:05Z"},"u":{"$data_base64":"AAEC"}}"#,
        #"{"z":1,"":[{}],"k":{"y":null,"x":[[]]}}"#,
    ]

    static let formats: [any BodySerializer] = [
        MultipartFormDataSerializer(boundary: fixedBoundary),
        MultipartFormDataSerializer(queryStyle: StandardQueryStyle.dotted, boundary: fixedBoundary),
    ]

    /// A constant boundary ("XyZ" is valid, so the fallback is never used).
    static let fixedBoundary = (try? MultipartBoundary.constant("XyZ")) ?? .random

    @Test(arguments: texts)
    func bodiesMatchTheTreePath(json: String) throws {
        let text = JSONText(MessageBody(bytes: Array(json.utf8)), readsTags: true)
        let tree = try ParameterValue(json: text)
        for format in Self.formats {
            let serializer = RequestSerializer()
            let expected = Result {
                try serializer.serializedRequest(method: .post, url: "https://e.com", parameters: tree, format: format)
            }
            let actual = Result {
                try serializer.serializedRequest(method: .post, url: "https://e.com", json: text, format: format)
            }
            switch (expected, actual) {
            case (.success(let expected), .success(let actual)):
                #expect(actual.body?.bytes == expected.body?.bytes, "\(json) \(format)")
                #expect(actual.headers == expected.headers)
            case (.failure(let expected), .failure(let actual)):
                #expect("\(actual)" == "\(expected)")
            default:
                Issue.record("\(json) \(format): \(expected) vs \(actual)")
            }
        }
    }
}
