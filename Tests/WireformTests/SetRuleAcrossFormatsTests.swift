import Foundation
import Testing
import Wireform

/// One set rule for every format: the members `ParameterValue.canonicalSetMembers` gives, in its order.
@Suite struct SetRuleAcrossFormatsTests {
    @Test func queryWritesTheCanonicalMembers() throws {
        let parameters: ParameterValue = ["s": .set(["b", 1.0, "a", 1, .decimal(Decimal(1)), true, "b"])]
        let written = try query(.brackets, parameters)
        #expect(written == "s=1&s=1&s=a&s=b")  // true (written 1) and the number 1 are distinct members
        #expect(try query(.repeated, ["s": .set([2, 10, 2.0])]) == "s=10&s=2")
    }
}
