import Foundation
import Wireform

/// W4: percent-escape a 1 MiB mixed string (~70 % ASCII, ~20 % CJK, ~10 % emoji by bytes).
enum EscapeBenchmarks {
    static let allowedText = "ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz0123456789-._~/?"

    static func makeInput(byteCount: Int = 1 << 20) -> String {
        var generator = SeededGenerator(seed: 4)
        let ascii = Array("abcdefghijklmnopqrstuvwxyzABCDEFGHIJKLMNOPQRSTUVWXYZ0123456789     .,;:!?'\"()-_/&=+#%@")
        let emoji = ["😀", "👍🏽", "👨‍👩‍👧‍👦", "🧑🏿‍💻", "👴🏻", "👮🏽", "🏳️‍🌈", "👩🏼‍🚀", "🎉", "❤️"]
        let targets = [0.70, 0.20, 0.10]
        var written = [0, 0, 0]
        var text = ""
        text.reserveCapacity(byteCount + 64)
        var total = 0
        while true {
            // Add to whichever category is furthest below its share.
            var category = 0
            var worst = Double.infinity
            for index in 0..<3 {
                let share = total == 0 ? 0 : Double(written[index]) / Double(total)
                let deficit = share - targets[index]
                if deficit < worst {
                    worst = deficit
                    category = index
                }
            }
            let piece: String
            switch category {
            case 0: piece = String(ascii[Int(generator.next() % UInt64(ascii.count))])
            case 1:
                let scalar = Unicode.Scalar(UInt32(0x4E00 + generator.next() % 0x5000))!
                piece = String(Character(scalar))
            default: piece = emoji[Int(generator.next() % UInt64(emoji.count))]
            }
            let size = piece.utf8.count
            if total + size > byteCount { break }
            text += piece
            written[category] += size
            total += size
        }
        return text
    }

    static func run(into rows: inout [Row]) {
        let workload = "W4 escape 1 MiB mixed"
        let input = makeInput()
        let byteCount = input.utf8.count
        let foundationSet = CharacterSet(charactersIn: allowedText)
        let expected = input.addingPercentEncoding(withAllowedCharacters: foundationSet) ?? ""
        check(try! escape(input) == expected, "W4 output differs from Foundation")

        rows += try! measureInterleaved(
            workload,
            [
                Candidate(
                    implementation: "Wireform query escaping", unit: .megabytesPerSecond, bytesPerOp: byteCount,
                    isReference: true
                ) { try escape(input).utf8.count },
                Candidate(
                    implementation: "Foundation addingPercentEncoding", unit: .megabytesPerSecond, bytesPerOp: byteCount
                ) { (input.addingPercentEncoding(withAllowedCharacters: foundationSet) ?? "").utf8.count },
            ])
    }

    /// The escaped text through the public API: the value of a one-pair query, after its `q=`.
    static func escape(_ text: String) throws -> Substring {
        try StandardQueryStyle.brackets.queryString(for: ["q": .string(text)]).dropFirst(2)
    }
}
