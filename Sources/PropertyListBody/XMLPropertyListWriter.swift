import Wireform

#if canImport(FoundationEssentials)
    import FoundationEssentials
#else
    import Foundation
#endif

/// Writes a ``Wireform/ParameterValue`` tree as an XML property list, laid out as Apple's writer lays it out:
/// the XML declaration, the DOCTYPE, `<plist version="1.0">`, one element per line indented with tabs, empty
/// containers as `<dict/>` and `<array/>`, and a final newline.
struct XMLPropertyListWriter {
    let keyOrdering: KeyOrdering
    var bytes: [UInt8] = []

    init(keyOrdering: KeyOrdering) { self.keyOrdering = keyOrdering }

    mutating func writeDocument(_ value: ParameterValue) throws(PropertyListWriteFailure) {
        bytes.append(contentsOf: Self.header)
        try write(value, depth: 0)
        bytes.append(contentsOf: Self.footer)
    }

    /// Writes one value starting at the current position (its indentation already written) and ending with a
    /// newline.
    mutating func write(_ value: ParameterValue, depth: Int) throws(PropertyListWriteFailure) {
        switch value {
        case .string(let string):
            try appendElement("string", text: string, isKey: false)
        case .number(let number):
            try PropertyListTree.checkNumber(number)
            let name = number.isInteger ? "integer" : "real"
            appendOpenTag(name)
            number.appendText(to: &bytes)
            appendCloseTag(name)
        case .bool(let bool):
            bytes.append(contentsOf: bool ? Self.trueElement : Self.falseElement)
        case .null:
            throw PropertyListWriteFailure(.null)
        case .date(let date):
            // One rule for every text format: the date must fall in the years 1 to 9999 once rounded to
            // milliseconds, as ISO 8601 text needs (a date that rounds into year 10000 is an error, not truncated).
            guard ISO8601Text.isRepresentable(date) else { throw PropertyListWriteFailure(.dateOutOfRange) }
            // XML property lists hold whole seconds only; round down as Apple's writer does.
            let seconds = date.timeIntervalSince1970.rounded(.down)
            appendOpenTag("date")
            do {
                try ISO8601Text.append(Date(timeIntervalSince1970: seconds), to: &bytes)
            } catch {
                throw PropertyListWriteFailure(.dateOutOfRange)
            }
            appendCloseTag("date")
        case .data(let data):
            appendData(data, depth: depth)
        case .array(let elements):
            try PropertyListTree.checkDepth(depth)
            try writeArray(elements, depth: depth)
        case .set(let members):
            try PropertyListTree.checkDepth(depth)
            try writeArray(ParameterValue.canonicalSetMembers(members), depth: depth)
        case .dictionary(let dictionary):
            try PropertyListTree.checkDepth(depth)
            try writeDictionary(dictionary, depth: depth)
        }
    }

    private mutating func writeArray(_ elements: [ParameterValue], depth: Int) throws(PropertyListWriteFailure) {
        guard !elements.isEmpty else {
            bytes.append(contentsOf: Self.emptyArray)
            return
        }
        bytes.append(contentsOf: Self.arrayOpen)
        for (index, element) in elements.enumerated() {
            appendIndent(depth + 1)
            do {
                try write(element, depth: depth + 1)
            } catch {
                throw error.inside(.index(index))
            }
        }
        appendIndent(depth)
        bytes.append(contentsOf: Self.arrayClose)
    }

    private mutating func writeDictionary(
        _ dictionary: ParameterDictionary,
        depth: Int
    ) throws(PropertyListWriteFailure) {
        guard !dictionary.isEmpty else {
            bytes.append(contentsOf: Self.emptyDictionary)
            return
        }
        bytes.append(contentsOf: Self.dictionaryOpen)
        for index in PropertyListTree.orderedIndices(of: dictionary, keyOrdering: keyOrdering) {
            let (key, value) = dictionary[index]
            do {
                appendIndent(depth + 1)
                try appendElement("key", text: key, isKey: true)
                appendIndent(depth + 1)
                try write(value, depth: depth + 1)
            } catch {
                throw error.inside(.key(key))
            }
        }
        appendIndent(depth)
        bytes.append(contentsOf: Self.dictionaryClose)
    }

    /// Appends `<name>text</name>` and a newline, escaping `&`, `<` and `>`, and writing CR as `&#13;` so that
    /// XML line-end normalization cannot turn it into LF.
    private mutating func appendElement(_ name: String, text: String, isKey: Bool) throws(PropertyListWriteFailure) {
        appendOpenTag(name)
        var text = text
        let failure: PropertyListWriteFailure? = text.withUTF8 { utf8 in
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
                    return PropertyListWriteFailure(
                        .characterNotAllowedInXML(Unicode.Scalar(byte), isKey: isKey)
                    )
                case 0xEF:
                    // U+FFFE and U+FFFF (EF BF BE, EF BF BF) are not XML characters.
                    if index + 2 < utf8.count, utf8[index + 1] == 0xBF, utf8[index + 2] >= 0xBE {
                        let scalar: Unicode.Scalar = utf8[index + 2] == 0xBE ? "\u{FFFE}" : "\u{FFFF}"
                        return PropertyListWriteFailure(.characterNotAllowedInXML(scalar, isKey: isKey))
                    }
                    index += 1
                    continue
                default:
                    index += 1
                    continue
                }
                if runStart < index { bytes.append(contentsOf: UnsafeBufferPointer(rebasing: utf8[runStart..<index])) }
                bytes.append(contentsOf: replacement)
                index += 1
                runStart = index
            }
            if runStart < utf8.count { bytes.append(contentsOf: UnsafeBufferPointer(rebasing: utf8[runStart...])) }
            return nil
        }
        if let failure { throw failure }
        appendCloseTag(name)
    }

    /// Appends `<data>` with Base64 lines as Apple's writer lays them out: at most 76 characters per line, less 8
    /// for each level of indentation (up to 8 levels), every line indented; a full last line is followed by the
    /// indentation twice, as Apple writes it.
    private mutating func appendData(_ data: Data, depth: Int) {
        bytes.append(contentsOf: Self.dataOpen)
        appendIndent(depth)
        let base64 = [UInt8](data.base64EncodedData())
        let lineLength = 76 - 8 * min(depth, 8)
        var start = 0
        while start < base64.count {
            let end = min(start + lineLength, base64.count)
            bytes.append(contentsOf: base64[start..<end])
            bytes.append(UInt8(ascii: "\n"))
            if end - start == lineLength { appendIndent(depth) }
            start = end
        }
        appendIndent(depth)
        appendCloseTag("data")
    }

    private mutating func appendOpenTag(_ name: String) {
        bytes.append(UInt8(ascii: "<"))
        bytes.append(contentsOf: name.utf8)
        bytes.append(UInt8(ascii: ">"))
    }

    /// Appends `</name>` and a newline.
    private mutating func appendCloseTag(_ name: String) {
        bytes.append(UInt8(ascii: "<"))
        bytes.append(UInt8(ascii: "/"))
        bytes.append(contentsOf: name.utf8)
        bytes.append(UInt8(ascii: ">"))
        bytes.append(UInt8(ascii: "\n"))
    }

    private mutating func appendIndent(_ depth: Int) {
        bytes.append(contentsOf: repeatElement(UInt8(ascii: "\t"), count: depth))
    }

    private static let header: [UInt8] = Array(
        """
        <?xml version="1.0" encoding="UTF-8"?>
        <!DOCTYPE plist PUBLIC "-//Apple//DTD PLIST 1.0//EN" "http://www.apple.com/DTDs/PropertyList-1.0.dtd">
        <plist version="1.0">

        """.utf8
    )
    private static let footer: [UInt8] = Array("</plist>\n".utf8)
    private static let dataOpen: [UInt8] = Array("<data>\n".utf8)
    private static let trueElement: [UInt8] = Array("<true/>\n".utf8)
    private static let falseElement: [UInt8] = Array("<false/>\n".utf8)
    private static let emptyArray: [UInt8] = Array("<array/>\n".utf8)
    private static let arrayOpen: [UInt8] = Array("<array>\n".utf8)
    private static let arrayClose: [UInt8] = Array("</array>\n".utf8)
    private static let emptyDictionary: [UInt8] = Array("<dict/>\n".utf8)
    private static let dictionaryOpen: [UInt8] = Array("<dict>\n".utf8)
    private static let dictionaryClose: [UInt8] = Array("</dict>\n".utf8)
    private static let ampersand: [UInt8] = Array("&amp;".utf8)
    private static let lessThan: [UInt8] = Array("&lt;".utf8)
    private static let greaterThan: [UInt8] = Array("&gt;".utf8)
    private static let carriageReturn: [UInt8] = Array("&#13;".utf8)
}
