import Testing
import Wireform

/// `ParameterDictionary` scans small dictionaries and hashes large ones; random edits across that threshold must
/// behave exactly like a plain list of pairs compared byte for byte.
@Suite struct ParameterDictionaryIndexTests {
    @Test func randomEditsMatchAListOfPairs() {
        var state: UInt64 = 0x1234_5678_9ABC_DEF1
        func next(_ bound: Int) -> Int {
            state ^= state << 13
            state ^= state >> 7
            state ^= state << 17
            return Int(state % UInt64(bound))
        }
        // "é" and "e\u{301}" are different keys; so are keys of equal length that differ in one byte.
        let keyPool = (0..<24).map { "key\($0)" } + ["é", "e\u{301}", "", "key1 ", "kex0"]
        for round in 0..<200 {
            var dictionary = ParameterDictionary()
            var model: [(key: String, value: ParameterValue)] = []
            for step in 0..<60 {
                let key = keyPool[next(keyPool.count)]
                let position = model.firstIndex { Array($0.key.utf8) == Array(key.utf8) }
                if next(4) == 0 {
                    dictionary[key] = nil
                    if let position { model.remove(at: position) }
                } else {
                    let value = ParameterValue.integer(step)
                    dictionary[key] = value
                    if let position { model[position].value = value } else { model.append((key, value)) }
                }
                let probe = keyPool[next(keyPool.count)]
                let expected = model.first { Array($0.key.utf8) == Array(probe.utf8) }?.value
                #expect(dictionary[probe] == expected, "round \(round), step \(step), key '\(probe)'")
            }
            #expect(dictionary.orderedKeys.map { Array($0.utf8) } == model.map { Array($0.key.utf8) })
            #expect(dictionary.map(\.value) == model.map(\.value))
            #expect(dictionary == ParameterDictionary(model.map { ($0.key, $0.value) }))
        }
    }

    @Test func initKeepsTheFirstPositionAndTheLastValueAcrossTheThreshold() {
        let pairs: [(String, ParameterValue)] = (0..<20).map { ("k\($0 % 12)", .integer($0)) }
        let dictionary = ParameterDictionary(pairs)
        #expect(dictionary.orderedKeys == (0..<12).map { "k\($0)" })
        #expect(dictionary["k0"] == .integer(12))
        #expect(dictionary["k7"] == .integer(19))
        #expect(dictionary["k11"] == .integer(11))
    }
}
