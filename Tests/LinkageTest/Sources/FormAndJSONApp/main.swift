import Wireform
import WireformFormURLEncoded
import WireformJSONBody

let serializer = RequestSerializer(
    registry: BodySerializerRegistry([.formURLEncoded(charset: "utf-8"), .json]),
    bodyMediaType: .json,
    includesDefaultHeaders: false
)
let request = try serializer.serializedRequest(method: .post, url: "https://example.com", parameters: ["a": 1])
print(String(decoding: request.body?.bytes ?? [], as: UTF8.self))
