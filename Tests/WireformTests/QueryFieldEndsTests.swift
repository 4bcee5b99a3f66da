import Testing

@testable import Wireform

/// Offsets past the span of an entry's low bits (4 GiB, here 16 or 8 bytes) read back whole.
@Suite struct QueryFieldEndsTests {
    @Test func offsetsPastTheLowBitsReadBackWhole() {
        var ends = QueryFieldEnds(lowBits: 4)
        let offsets = [0, 3, 15, 16, 16, 40, 40, 47, 48, 100, 1000]
        for offset in offsets { ends.append(offset) }
        #expect(ends.count == offsets.count)
        #expect((0..<ends.count).map { ends[$0] } == offsets)
    }

    @Test func droppedOffsetsTakeTheirCrossingsWithThem() {
        var ends = QueryFieldEnds(lowBits: 3)
        for offset in [2, 9, 30, 31] { ends.append(offset) }
        ends.removeAll(from: 2)
        #expect((0..<ends.count).map { ends[$0] } == [2, 9])
        for offset in [10, 17, 64] { ends.append(offset) }
        #expect((0..<ends.count).map { ends[$0] } == [2, 9, 10, 17, 64])
        ends.removeAll(from: 0)
        ends.append(5)
        #expect(ends.count == 1 && ends[0] == 5)
    }

    @Test func offsetsUnderTheSpanAreTheirLowBits() {
        var ends = QueryFieldEnds()
        for offset in [0, 1, 1 << 31, (1 << 32) - 1] { ends.append(offset) }
        #expect((0..<ends.count).map { ends[$0] } == [0, 1, 1 << 31, (1 << 32) - 1])
        ends.append(1 << 32)
        ends.append(3 << 32 + 5)
        #expect(ends[4] == 1 << 32 && ends[5] == 3 << 32 + 5 && ends[3] == (1 << 32) - 1)
    }
}
