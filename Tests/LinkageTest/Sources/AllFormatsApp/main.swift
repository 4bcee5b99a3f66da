import Wireform
import WireformFormURLEncoded
import WireformJSONBody
import WireformMultipart
import WireformPropertyListBody

// Every format, no Foundation edge: this app must need no Foundation, FoundationInternationalization or
// FoundationNetworking library, and must build with `--static-swift-stdlib`.
let serializer = RequestSerializer(
    registry: BodySerializerRegistry([.formURLEncoded(charset: "utf-8"), .json, .propertyList(format: .xml)]),
    includesDefaultHeaders: true
)
let get = try serializer.serializedRequest(method: .get, url: "https://example.com/a", parameters: ["q": "a b"])
let json = try serializer.serializedRequest(
    method: .post, url: "https://example.com", parameters: ["a": 1], format: .json)
let plist = try serializer.serializedRequest(
    method: .post, url: "https://example.com", parameters: ["a": 1], format: .propertyList(format: .xml))
var form = try MultipartForm(boundary: .constant("B"))
form.append("1", name: "a")
print(get.url)
print(String(decoding: json.body?.bytes ?? [], as: UTF8.self))
print(plist.body?.bytes?.count ?? 0 > 0, try form.encodedBytes().count)
