#if canImport(FoundationEssentials)
    import FoundationEssentials
#else
    import Foundation
#endif

/// Writes ``QueryPair``s as a percent-escaped `name=value&name=value` string.
package enum QueryString {
    /// Appends the escaped pairs, joined with `&`.
    /// - Parameters:
    ///   - pairs: The pairs, in order.
    ///   - output: The buffer to append to.
    ///   - allowed: The bytes to keep literal in names and values.
    ///   - spaceEncoding: How to write spaces.
    package static func append(
        _ pairs: [QueryPair],
        to output: inout [UInt8],
        allowing allowed: PercentEncoding.AllowedCharacters = .queryComponent,
        spaceEncoding: PercentEncoding.SpaceEncoding = .percent20
    ) {
        var isFirst = true
        for pair in pairs {
            if !isFirst { output.append(UInt8(ascii: "&")) }
            isFirst = false
            PercentEncoding.append(pair.name, to: &output, allowing: allowed, spaceEncoding: spaceEncoding)
            switch pair.value {
            case .nameOnly:
                break
            case .text(let text):
                output.append(UInt8(ascii: "="))
                PercentEncoding.append(text, to: &output, allowing: allowed, spaceEncoding: spaceEncoding)
            case .data(let data):
                output.append(UInt8(ascii: "="))
                // Data's storage holds bytes only, so binding it to UInt8 is sound; escaped without a copy.
                data.withUnsafeBytes { raw in
                    PercentEncoding.append(
                        bytes: raw.bindMemory(to: UInt8.self),
                        to: &output,
                        allowing: allowed,
                        spaceEncoding: spaceEncoding
                    )
                }
            case .list(let items):
                output.append(UInt8(ascii: "="))
                for (index, item) in items.enumerated() {
                    if index > 0 { output.append(UInt8(ascii: ",")) }
                    PercentEncoding.append(item, to: &output, allowing: allowed, spaceEncoding: spaceEncoding)
                }
            }
        }
    }
}
