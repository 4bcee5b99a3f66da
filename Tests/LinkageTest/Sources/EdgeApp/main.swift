import Wireform
import WireformFoundation

// The control: an app that asks for a `URLRequest` links Foundation and FoundationNetworking.
let request = try RequestSerializer().serializedRequest(method: .get, url: "https://example.com", parameters: ["a": 1])
    .urlRequest()
print(request.url?.absoluteString ?? "")
