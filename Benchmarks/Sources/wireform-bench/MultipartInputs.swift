import Foundation

/// M1's input: 100 text fields of 1 KiB and 10 file parts of 100 KiB `Data`.
struct MultipartInput {
    let fieldNames: [String]
    let fieldValues: [String]
    let fileNames: [String]
    let fileFilenames: [String]
    let fileContents: [Data]
    static let boundary = "wireform-bench-boundary-7f3a9c2e"

    init() {
        var generator = SeededGenerator(seed: 7)
        let alphabet = Array("abcdefghijklmnopqrstuvwxyz ABCDEFGHIJKLMNOPQRSTUVWXYZ 0123456789.,")
        fieldNames = (0..<100).map { "field\($0)" }
        fieldValues = (0..<100).map { _ in
            String((0..<1_024).map { _ in alphabet[Int(generator.next() % UInt64(alphabet.count))] })
        }
        fileNames = (0..<10).map { "file\($0)" }
        fileFilenames = (0..<10).map { "file\($0).bin" }
        fileContents = (0..<10).map { _ in
            var bytes = [UInt8](repeating: 0, count: 100 * 1_024)
            for index in stride(from: 0, to: bytes.count, by: 8) {
                let word = generator.next()
                for offset in 0..<8 { bytes[index + offset] = UInt8(truncatingIfNeeded: word >> (offset * 8)) }
            }
            return Data(bytes)
        }
    }
}
