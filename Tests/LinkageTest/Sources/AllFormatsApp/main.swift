import Wireform
import WireformFormURLEncoded
import WireformJSONBody
import WireformMultipart
import WireformPropertyListBody

// Every format, no Foundation edge: this app must need no Foundation, FoundationInternationalization or
// FoundationNetworking library, and must build with `--static-swift-stdlib`.
var registry = BodySerializerRegistry()
registry.register(FormURLEncodedSerializer(charset: "utf-8"))
registry.register(.json)
registry.register(PropertyListBodySerializer(format: .xml))
let serializer = RequestSerializer(registry: registry, includesDefaultHeaders: true)
let get = try serializer.serializedRequest(method: .get, url: "https://example.com/a", parameters: ["q": "a b"])
let json = try serializer.serializedRequest(
    method: .post, url: "https://example.com", parameters: ["a": 1], format: .json)
let plist = try serializer.serializedRequest(
    method: .post, url: "https://example.com", parameters: ["a": 1], format: PropertyListBodySerializer(format: .xml))
var form = MultipartForm(boundary: try .constant("B"))
form.append("1", name: "a")
print(get.url)
print(String(decoding: json.body?.bytes ?? [], as: UTF8.self))
print(plist.body?.bytes?.count ?? 0 > 0, try form.encodedBytes().count)
