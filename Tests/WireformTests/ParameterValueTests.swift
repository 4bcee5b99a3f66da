import Foundation
import Testing
import Wireform

@Suite struct ParameterValueTests {
    /// `cond ? nil : x` must not compile into a silent `.null`: the null value is spelled `.null`.
    @Test func isNotExpressibleByNilLiteral() {
        #expect(!(ParameterValue.self is any ExpressibleByNilLiteral.Type))
        let optional: ParameterValue? = nil
        #expect(optional == nil)
        let value: ParameterValue = ["a": .null]
        #expect(value.testing_dictionary?["a"] == .null)
    }

    @Test func kindNamesAreForMessages() {
        let values: [ParameterValue] = [
            "s", 1, true, .null, .data(Data([1])), .date(.init(timeIntervalSince1970: 0)), [1], ["a": 1], .set([1]),
        ]
        #expect(
            values.map(\.kindName) == [
                "a string", "a number", "a boolean", "null", "data", "a date", "an array", "a dictionary", "a set",
            ])
    }

    @Test func setsAreEqualWhateverTheOrderAndRepeats() {
        let one: ParameterValue = .set(["b", "a", 1])
        let other: ParameterValue = .set([1.0, "a", "b", "a"])
        #expect(one == other)
        #expect(Set([one, other]).count == 1)
        #expect(ParameterValue.set([1]) != .set([2]))
        #expect(ParameterValue.array([1, 2]) != .array([2, 1]))
    }

    @Test func numbersAreEqualWhenWrittenTheSame() {
        #expect(ParameterValue.integer(1) == .double(1.0))
        #expect(ParameterValue.integer(1) == .decimal(Decimal(1)))
        #expect(ParameterValue.integer(0) != .double(-0.0))
        #expect(Set<ParameterValue>([.integer(1), .double(1.0), .decimal(Decimal(1))]).count == 1)
    }

    @Test func stringsCompareByTheirBytes() {
        #expect(ParameterValue.string("é") != .string("e\u{301}"))
        #expect(Set<ParameterValue>(["é", "e\u{301}"]).count == 2)
    }

    @Test func canonicalSetMembersAreDistinctAndOrderedByKindThenText() {
        let date = Date(timeIntervalSince1970: 0)
        let members: [ParameterValue] = [
            "b", 1.0, .data(Data([2])), "a", 1, [2], true, .null, .date(date), 10, "b", ["k": 1], [2], false,
        ]
        #expect(
            ParameterValue.canonicalSetMembers(members) == [
                .null, false, true, 1, 10, "a", "b", .date(date), .data(Data([2])), [2], ["k": 1],
            ])
        #expect(ParameterValue.canonicalSetMembers([]) == [])
    }
}
