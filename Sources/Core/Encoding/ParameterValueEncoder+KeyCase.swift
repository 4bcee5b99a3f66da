extension ParameterValueEncoder {
    /// Converts a camel-case key to lowercase words joined by `separator`, with exactly `JSONEncoder`'s word rules:
    /// `_` gives ``KeyEncodingStrategy/convertToSnakeCase``, `-` gives ``KeyEncodingStrategy/convertToKebabCase``
    /// (Alamofire's `URLEncodedFormEncoder.KeyEncoding` splits words the same way for both).
    ///
    /// Works on Unicode scalars: uppercase means general category Lu or Lt and lowercase means Ll, as in
    /// Foundation's `CharacterSet.uppercaseLetters` and `lowercaseLetters`. ASCII keys take a byte-level path.
    /// - Parameters:
    ///   - key: The key.
    ///   - separator: The ASCII byte written between words.
    /// - Returns: The converted key.
    static func separatedWords(_ key: String, separator: UInt8) -> String {
        if key.utf8.allSatisfy({ $0 < 0x80 }) { return asciiSeparatedWords(key, separator: separator) }
        let scalars = Array(key.unicodeScalars)
        let words = wordRanges(
            count: scalars.count,
            isUppercase: { isUppercase(scalars[$0]) },
            isLowercase: { scalars[$0].properties.generalCategory == .lowercaseLetter }
        )
        var result = ""
        for (position, range) in words.enumerated() {
            if position > 0 { result.unicodeScalars.append(Unicode.Scalar(separator)) }
            var word = String.UnicodeScalarView()
            word.append(contentsOf: scalars[range])
            result += String(word).lowercased()
        }
        return result
    }

    private static func asciiSeparatedWords(_ key: String, separator: UInt8) -> String {
        let bytes = Array(key.utf8)
        let words = wordRanges(
            count: bytes.count,
            isUppercase: { (UInt8(ascii: "A")...UInt8(ascii: "Z")).contains(bytes[$0]) },
            isLowercase: { (UInt8(ascii: "a")...UInt8(ascii: "z")).contains(bytes[$0]) }
        )
        var result: [UInt8] = []
        result.reserveCapacity(bytes.count + words.count)
        for (position, range) in words.enumerated() {
            if position > 0 { result.append(separator) }
            for byte in bytes[range] {
                let isUpper = (UInt8(ascii: "A")...UInt8(ascii: "Z")).contains(byte)
                result.append(isUpper ? byte | 0x20 : byte)
            }
        }
        return String(decoding: result, as: UTF8.self)
    }

    private static func isUppercase(_ scalar: Unicode.Scalar) -> Bool {
        switch scalar.properties.generalCategory {
        case .uppercaseLetter, .titlecaseLetter: return true
        default: return false
        }
    }

    /// Uppercases the first character (grapheme cluster) of a key and keeps the rest as it is, as Alamofire's
    /// `KeyEncoding.capitalized` does (see ``KeyEncodingStrategy/capitalized``).
    /// - Parameter key: The key.
    /// - Returns: The key with its first character uppercased.
    static func capitalizingFirstCharacter(_ key: String) -> String {
        guard let first = key.first else { return key }
        if first.isASCII {
            guard let byte = first.asciiValue, (UInt8(ascii: "a")...UInt8(ascii: "z")).contains(byte) else {
                return key
            }
            var bytes = Array(key.utf8)
            bytes[0] = byte & ~0x20
            return String(decoding: bytes, as: UTF8.self)
        }
        return first.uppercased() + key.dropFirst()
    }

    /// The word ranges of `JSONEncoder`'s algorithm, over positions `0..<count`.
    private static func wordRanges(
        count: Int,
        isUppercase: (Int) -> Bool,
        isLowercase: (Int) -> Bool
    ) -> [Range<Int>] {
        guard count > 0 else { return [] }
        var words: [Range<Int>] = []
        var wordStart = 0
        var searchStart = 1
        while let upper = (searchStart..<count).first(where: isUppercase) {
            words.append(wordStart..<upper)
            guard let lower = (upper..<count).first(where: isLowercase) else {
                wordStart = upper
                break
            }
            if lower == upper + 1 {
                // A capital followed by a lowercase letter starts a word.
                wordStart = upper
            } else {
                // A run of capitals is its own word; its last capital starts the next word.
                words.append(upper..<(lower - 1))
                wordStart = lower - 1
            }
            searchStart = lower + 1
        }
        words.append(wordStart..<count)
        return words
    }
}
