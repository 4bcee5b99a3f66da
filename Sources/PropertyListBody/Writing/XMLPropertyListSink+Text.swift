import Wireform

#if canImport(FoundationEssentials)
    import FoundationEssentials
#else
    import Foundation
#endif

extension XMLPropertyListSink {
    /// Appends `<name>text</name>` and a newline, escaping `&`, `<` and `>`, and writing CR as `&#13;` so that
    /// XML line-end normalization cannot turn it into LF.
    /// - Returns: The problem, when the text has a character XML 1.0 cannot hold (then the element is not finished).
    mutating func appendElement(_ name: String, text: String, isKey: Bool) -> PropertyListWriteFailure.Problem? {
        appendOpenTag(name)
        var text = text
        let problem: PropertyListWriteFailure.Problem? = text.withUTF8 { utf8 in
            var runStart = 0
            var index = 0
            while index < utf8.count {
                let byte = utf8[index]
                let replacement: [UInt8]
                switch byte {
                case UInt8(ascii: "&"): replacement = Self.ampersand
                case UInt8(ascii: "<"): replacement = Self.lessThan
                case UInt8(ascii: ">"): replacement = Self.greaterThan
                case 0x0D: replacement = Self.carriageReturn
                case 0x09, 0x0A:
                    index += 1
                    continue
                case 0x00..<0x20:
                    return .characterNotAllowedInXML(Unicode.Scalar(byte), isKey: isKey)
                case 0xEF:
                    // U+FFFE and U+FFFF (EF BF BE, EF BF BF) are not XML characters.
                    if index + 2 < utf8.count, utf8[index + 1] == 0xBF, utf8[index + 2] >= 0xBE {
                        let scalar: Unicode.Scalar = utf8[index + 2] == 0xBE ? "\u{FFFE}" : "\u{FFFF}"
                        return .characterNotAllowedInXML(scalar, isKey: isKey)
                    }
                    index += 1
                    continue
                default:
                    index += 1
                    continue
                }
                if runStart < index { bytes.append(contentsOf: utf8[runStart..<index]) }
                bytes.append(contentsOf: replacement)
                index += 1
                runStart = index
            }
            if runStart < utf8.count { bytes.append(contentsOf: utf8[runStart...]) }
            return nil
        }
        if let problem { return problem }
        appendCloseTag(name)
        return nil
    }

    /// Appends `<data>` with Base64 lines as Apple's writer lays them out: at most 76 characters per line, less 8
    /// for each level of indentation (up to 8 levels), every line indented; a full last line is followed by the
    /// indentation twice, as Apple writes it.
    mutating func appendData(_ data: Data, depth: Int) {
        bytes.append(contentsOf: Self.dataOpen)
        appendIndent(depth)
        let base64 = [UInt8](data.base64EncodedData())
        let lineLength = 76 - 8 * min(depth, 8)
        var start = 0
        while start < base64.count {
            let end = min(start + lineLength, base64.count)
            // The Base64 array's storage, lent for the copy.
            base64[start..<end].withUnsafeBytes { bytes.append(contentsOf: $0) }
            bytes.append(UInt8(ascii: "\n"))
            if end - start == lineLength { appendIndent(depth) }
            start = end
        }
        appendIndent(depth)
        appendCloseTag("data")
    }

    /// Appends `<name>`.
    mutating func appendOpenTag(_ name: String) {
        bytes.append(UInt8(ascii: "<"))
        bytes.append(utf8: name)
        bytes.append(UInt8(ascii: ">"))
    }

    /// Appends `</name>` and a newline.
    mutating func appendCloseTag(_ name: String) {
        bytes.append(UInt8(ascii: "<"))
        bytes.append(UInt8(ascii: "/"))
        bytes.append(utf8: name)
        bytes.append(UInt8(ascii: ">"))
        bytes.append(UInt8(ascii: "\n"))
    }

    /// Appends a tab for each level of depth.
    mutating func appendIndent(_ depth: Int) {
        bytes.append(UInt8(ascii: "\t"), count: depth)
    }

    /// The XML declaration, the DOCTYPE and `<plist version="1.0">`.
    static let header: [UInt8] = Array(
        """
        <?xml version="1.0" encoding="UTF-8"?>
        <!DOCTYPE plist PUBLIC "-//Apple//DTD PLIST 1.0//EN" "http://www.apple.com/DTDs/PropertyList-1.0.dtd">
        <plist version="1.0">

        """.utf8
    )
    // The fixed elements and escapes, as bytes.
    /// `</plist>` and a newline.
    static let footer: [UInt8] = Array("</plist>\n".utf8)
    /// `<data>`.
    static let dataOpen: [UInt8] = Array("<data>\n".utf8)
    /// `<true/>`.
    static let trueElement: [UInt8] = Array("<true/>\n".utf8)
    /// `<false/>`.
    static let falseElement: [UInt8] = Array("<false/>\n".utf8)
    /// `<array/>`.
    static let emptyArray: [UInt8] = Array("<array/>\n".utf8)
    /// `<array>`.
    static let arrayOpen: [UInt8] = Array("<array>\n".utf8)
    /// `</array>`.
    static let arrayClose: [UInt8] = Array("</array>\n".utf8)
    /// `<dict/>`.
    static let emptyDictionary: [UInt8] = Array("<dict/>\n".utf8)
    /// `<dict>`.
    static let dictionaryOpen: [UInt8] = Array("<dict>\n".utf8)
    /// `</dict>`.
    static let dictionaryClose: [UInt8] = Array("</dict>\n".utf8)
    /// `&amp;`.
    static let ampersand: [UInt8] = Array("&amp;".utf8)
    /// `&lt;`.
    static let lessThan: [UInt8] = Array("&lt;".utf8)
    /// `&gt;`.
    static let greaterThan: [UInt8] = Array("&gt;".utf8)
    /// `&#13;`.
    static let carriageReturn: [UInt8] = Array("&#13;".utf8)
}
