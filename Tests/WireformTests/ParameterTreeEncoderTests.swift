import Foundation
import Testing

@testable import Wireform

/// The fast tree encoder against the general one (forced with a `userInfo` entry): the same tree for every kind of
/// value, and the general encoder's result or error for what the fast one hands back.
@Suite struct ParameterTreeEncoderTests {
    struct Flat: Encodable {
        var name = "bang"
        var age = 42
        var admin = true
        var score = 1.5
        var ratio: Float = 0.1
        var small: Int8 = -3
        var big: UInt64 = .max
        var price = Decimal(string: "3.14159265358979323846")!
        var site = URL(string: "https://example.com/a?b")!
        var joined = Date(timeIntervalSince1970: 1_704_164_645.25)
        var avatar = Data([1, 2, 3])
        var nickname: String? = nil
        var motto: String? = "go"
        var explicitNil: Int?? = .some(nil)
    }

    struct Nested: Encodable {
        var user = Flat()
        var tags = ["b", "a"]
        var ids = [3, 1, 2]
        var unique: Set<Int> = [2, 1, 3]
        var scores = ["zeta": 1.0, "alpha": 2.0, "Mid": 3.0, "é": 4.0]
        var numbered = [10: "ten", 2: "two"]
        var rows = [["k": [1, 2]], [:]]
        var optionals: [Int?] = [1, nil]
        var emptyList = [String]()
    }

    struct Many: Encodable {
        var values = Dictionary(uniqueKeysWithValues: (0..<40).map { ("key\($0)", $0) })
    }

    enum Shape: Encodable {
        case circle(radius: Double)
    }

    struct Repeated: Encodable {
        enum Key: String, CodingKey { case a, b }
        func encode(to encoder: any Encoder) throws {
            var container = encoder.container(keyedBy: Key.self)
            try container.encode(1, forKey: .b)
            try container.encode(2, forKey: .a)
            try container.encode(3, forKey: .b)
        }
    }

    struct Nothing: Encodable {
        func encode(to encoder: any Encoder) throws {}
    }

    struct Failing: Encodable {
        var ok = 1
        var bad = Double.nan
        func encode(to encoder: any Encoder) throws {
            var container = encoder.container(keyedBy: CodingKeys.self)
            try container.encode(ok, forKey: .ok)
            throw EncodingError.invalidValue(
                bad, EncodingError.Context(codingPath: container.codingPath, debugDescription: "no"))
        }
        enum CodingKeys: String, CodingKey { case ok, bad }
    }

    private let general = ParameterEncoder(userInfo: [CodingUserInfoKey(rawValue: "general")!: true])

    /// The fast encoder's tree, or `nil` when it fell back.
    private func fast(_ value: some Encodable) -> ParameterValue? { ParameterTreeEncoder.encode(value) }

    @Test func buildsTheGeneralEncodersTree() throws {
        let values: [any Encodable] = [Flat(), Nested(), Many(), [Nested(), Nested()], "top", 7, ["a": [1: true]]]
        for value in values {
            let tree = fast(value)
            #expect(tree != nil, "\(type(of: value)) fell back")
            #expect(tree == (try general.encode(value)), "\(type(of: value))")
            #expect(try ParameterEncoder().encode(value) == tree)
        }
    }

    @Test func keepsAStructsEncodingOrderAndSortsADictionarysKeys() throws {
        let tree = try #require(fast(Nested()))
        #expect(tree.dictionaryValue?.orderedKeys.prefix(3) == ["user", "tags", "ids"])
        #expect(tree.dictionaryValue?["scores"]?.dictionaryValue?.orderedKeys == ["Mid", "alpha", "zeta", "é"])
        guard case .set(let members)? = tree.dictionaryValue?["unique"] else {
            Issue.record("A Set did not become a set")
            return
        }
        #expect(Set(members) == [.integer(1), .integer(2), .integer(3)])
        let many = try #require(fast(Many())?.dictionaryValue?["values"]?.dictionaryValue)
        #expect(many.count == 40)
        for index in 0..<40 { #expect(many["key\(index)"] == .integer(index)) }
    }

    @Test func handsWhatItDoesNotReproduceToTheGeneralEncoder() throws {
        let values: [any Encodable] = [Shape.circle(radius: 1), Repeated(), ["n": Nothing()]]
        for value in values {
            #expect(fast(value) == nil, "\(type(of: value))")
            #expect(try ParameterEncoder().encode(value) == (try general.encode(value)), "\(type(of: value))")
        }
        #expect(fast(Failing()) == nil)
        let fastError = try #require(throws: SerializationError.self) { try ParameterEncoder().encode(Failing()) }
        let generalError = try #require(throws: SerializationError.self) { try general.encode(Failing()) }
        #expect(fastError.reason == generalError.reason)
        #expect(fastError.code == .encodingFailed)
    }

    @Test func nonDefaultStrategiesUseTheGeneralEncoder() throws {
        var encoder = ParameterEncoder()
        encoder.keyEncodingStrategy = .convertToSnakeCase
        struct Camel: Encodable { var pageSize = 1 }
        #expect(try encoder.encode(Camel()) == ["page_size": 1])
        encoder = ParameterEncoder()
        encoder.nilEncodingStrategy = .alwaysNull
        #expect(try encoder.encode(Flat()).dictionaryValue?["nickname"] == .null)
    }
}
