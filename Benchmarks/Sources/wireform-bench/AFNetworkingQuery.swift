import Foundation

/// A straight Swift port of AFNetworking's `AFQueryStringFromParameters` on Foundation (`[String: Any]`,
/// `NSString` `compare:` key sorting, `addingPercentEncoding`): the Foundation baseline for W1–W3.
enum AFNetworkingQuery {
    /// AFNetworking's `AFCharacterSetForPercentEscaping`: URL query allowed minus `:#[]@!$&'()*+,;=`.
    static let allowed: CharacterSet = {
        var set = CharacterSet.urlQueryAllowed
        set.remove(charactersIn: ":#[]@" + "!$&'()*+,;=")
        return set
    }()

    static func escape(_ string: String) -> String {
        string.addingPercentEncoding(withAllowedCharacters: allowed) ?? string
    }

    static func queryString(from parameters: [String: Any]) -> String {
        var pairs: [String] = []
        appendPairs(key: nil, value: parameters, to: &pairs)
        return pairs.joined(separator: "&")
    }

    private static func appendPairs(key: String?, value: Any, to pairs: inout [String]) {
        switch value {
        case let dictionary as [String: Any]:
            for nestedKey in dictionary.keys.sorted(by: { ($0 as NSString).compare($1) == .orderedAscending }) {
                if let nestedValue = dictionary[nestedKey] {
                    appendPairs(key: key.map { "\($0)[\(nestedKey)]" } ?? nestedKey, value: nestedValue, to: &pairs)
                }
            }
        case let array as [Any]:
            for element in array { appendPairs(key: "\(key ?? "")[]", value: element, to: &pairs) }
        default:
            let field = escape(key ?? "")
            pairs.append("\(field)=\(escape("\(value)"))")
        }
    }
}
