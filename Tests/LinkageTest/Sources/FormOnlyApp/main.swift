import Wireform
import WireformFormURLEncoded

var registry = BodySerializerRegistry()
registry.register(FormURLEncodedSerializer(charset: "utf-8"))
let serializer = RequestSerializer(registry: registry, includesDefaultHeaders: false)
let request = try serializer.serializedRequest(method: .post, url: "https://example.com", parameters: ["a": 1])
print(String(decoding: request.body?.bytes ?? [], as: UTF8.self))
