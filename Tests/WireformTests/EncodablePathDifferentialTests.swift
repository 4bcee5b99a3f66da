import Foundation
import Testing

@testable import Wireform

/// Regression tests of the one query writer (`QueryWriter`) fed by two sources: an `Encodable` value and the
/// `ParameterValue` tree it encodes to must give the same query for every `StandardQueryStyle` option and every
/// `ParameterValueEncoder` strategy — the engine's events straight into the writer against the same engine building
/// the tree (`ParameterTreeSink`) whose events then reach the writer, errors included, and through
/// `RequestSerializer` as well as the query style.
///
/// Each option and each strategy is varied one at a time from the defaults, plus the built-in styles and a few
/// strategy mixes, so every option meets every strategy. Two tests keep the tables complete: a new stored option of
/// `StandardQueryStyle` or `ParameterValueEncoder` fails them until it is added here.
@Suite struct EncodablePathDifferentialTests {
    // MARK: Shapes

    /// Scalars of every kind, with reserved characters, spaces and non-ASCII text, and camel-case keys.
    struct Flat: Encodable {
        var text = "x:y/z?@!$'()*,; a+b&c=d#[]%41 é"
        var camelCase = 42
        var negative = -7
        var ratio = 1.5
        var flag = true
        var off = false
        var small: UInt8 = 200
        var price = Decimal(string: "3.25")!
        var when = Date(timeIntervalSince1970: 1_704_164_645.25)
        var bytes = Data([0, 32, 255, 58])
        var site = URL(string: "https://example.com/a?b=c:d")!
        var missing: String? = nil
    }

    struct Inner: Encodable {
        var firstName = "Ada:L"
        var isAdmin = true
        var lastSeen = Date(timeIntervalSince1970: 86_400)
        var avatarData = Data([1, 2, 58])
        var nickName: String? = nil
    }

    /// Nested dictionaries and arrays, a `Dictionary` and a `Set`, empty containers, and keys out of order.
    struct Nested: Encodable {
        var zebraKey = "last"
        var userInfo = Inner()
        var tagList = ["b:c", "a c"]
        var idList = [3, -1]
        var scoreMap = ["zeta": 1, "alpha": 2, "Mid": 3]
        var labelSet: Set<String> = ["b", "a", "10", "9"]
        var emptyList = [Int]()
        var emptyMap = [String: Int]()
        var dateList = [Date(timeIntervalSince1970: 0.5)]
        var blobList = [Data([7, 58])]
        var people = [Inner(), Inner(firstName: "B", isAdmin: false)]
        var aardvarkKey = "first"
    }

    /// Explicit nils: by key, in an array, and an optional written with `encode`.
    struct ExplicitNils: Encodable {
        enum CodingKeys: String, CodingKey {
            case explicitNil, ifPresentNil, optionalList, nestedNil, value
        }

        func encode(to encoder: any Encoder) throws {
            var container = encoder.container(keyedBy: CodingKeys.self)
            try container.encodeNil(forKey: .explicitNil)
            try container.encodeIfPresent(String?.none, forKey: .ifPresentNil)
            try container.encode([1, nil, 2] as [Int?], forKey: .optionalList)
            try container.encode(["inner": String?.none], forKey: .nestedNil)
            try container.encode("v:w", forKey: .value)
        }
    }

    /// Arrays in arrays and dictionaries in arrays, which many styles cannot express.
    struct Deep: Encodable {
        var grid = [[1, 2], [3]]
        var rows = [["k": "v:w"], ["j": "x"]]
        var plain = "p"
    }

    /// What an empty struct encodes (nothing), a value written through a single-value container, and the
    /// scalar types the fast paths special-case.
    struct Edge: Encodable {
        struct Empty: Encodable {}
        struct Wrapper: Encodable {
            var inner = ["b": 2, "a": 1]
            func encode(to encoder: any Encoder) throws {
                var container = encoder.singleValueContainer()
                try container.encode(inner)
            }
        }

        var empty = Empty()
        var wrapped = Wrapper()
        var float: Float = 0.1
        var int8: Int8 = -3
        var huge = UInt64.max
        var doubleOptional: Int?? = .some(nil)
        var subMillisecond = Date(timeIntervalSince1970: 0.0005)
        var strings = ["s:t", ""]
        var integers = [Int.min, 0]
    }

    /// A key written twice by a hand-written `encode(to:)`.
    struct RepeatedKey: Encodable {
        enum CodingKeys: String, CodingKey { case key }
        func encode(to encoder: any Encoder) throws {
            var container = encoder.container(keyedBy: CodingKeys.self)
            try container.encode("first", forKey: .key)
            try container.encode("second:2", forKey: .key)
        }
    }

    /// Values some formats or strategies reject: a non-finite number, a date ISO 8601 cannot write.
    struct Unwritable: Encodable {
        var infinite = Double.infinity
        var far = Date(timeIntervalSince1970: 1e12)
    }

    static let shapes: [(name: String, value: any Encodable & Sendable)] = [
        ("Flat", Flat()), ("Nested", Nested()), ("ExplicitNils", ExplicitNils()), ("Deep", Deep()), ("Edge", Edge()),
        ("RepeatedKey", RepeatedKey()), ("Unwritable", Unwritable()), ("Infinite", ["x": Double.infinity]),
        ("FarDate", ["d": Date(timeIntervalSince1970: -1e12)]), ("TopLevelArray", [1, 2]), ("TopLevelString", "s"),
        ("Dictionary", ["b:c": [1], "a": [2]]),
    ]

    // MARK: Options and strategies

    /// A custom array encoding for the tables: `name(index)`.
    static let parenthesized = StandardQueryStyle.ArrayEncoding.custom { key, index in "\(key)(\(index))" }

    /// Every option of `StandardQueryStyle` (by its stored property's name: an encoding's case, and the custom
    /// encodings' closures and tables) with every value but the default.
    static let styleOptions: [(option: String, variants: [StandardQueryStyle])] = [
        (
            "arrayCase",
            [.indexed, .repeated, .commaDelimited, .spaceDelimited, .pipeDelimited, parenthesized].map {
                StandardQueryStyle(arrays: $0)
            }
        ),
        (
            "setCase",
            [.brackets, .indexed, .commaDelimited, .spaceDelimited, .pipeDelimited, parenthesized].map {
                StandardQueryStyle(sets: $0)
            }
        ),
        (
            "customEncodings",
            [
                StandardQueryStyle(
                    arrays: parenthesized, sets: .custom { key, index in "\(key).\(index)" },
                    reservedCharacters: try! .allowing(":@,;"))
            ]
        ),
        (
            "nesting",
            [.dotted, .exploded, .commaDelimited, .spaceDelimited, .pipeDelimited].map {
                StandardQueryStyle(nesting: $0)
            }
        ),
        ("allowsNestedArrays", [StandardQueryStyle(allowsNestedArrays: false)]),
        ("bools", [StandardQueryStyle(bools: .literal)]),
        ("keyOrdering", [StandardQueryStyle(keyOrdering: .insertion)]),
        ("emptyContainers", [StandardQueryStyle(emptyContainers: .emptyValue)]),
        ("nulls", [StandardQueryStyle(nulls: .emptyValue), StandardQueryStyle(nulls: .omitted)]),
        (
            "dates",
            [
                StandardQueryStyle().with(dates: .secondsSince1970),
                StandardQueryStyle().with(dates: .millisecondsSince1970),
            ]
        ),
        ("data", [StandardQueryStyle().with(data: .base64)]),
        (
            "reservedCase",
            [
                StandardQueryStyle(reservedCharacters: .allowed),
                StandardQueryStyle(reservedCharacters: try! .allowing("!$'()*")),
            ]
        ),
    ]

    /// The built-in styles, as they are and with reserved characters allowed (OpenAPI's `allowReserved`).
    static let builtInStyles: [StandardQueryStyle] = {
        let styles: [StandardQueryStyle] = [
            .brackets, .repeated, .indexed, .commaDelimited, .dotted, .deepObject, .form(), .form(explode: false),
            .spaceDelimited, .pipeDelimited,
        ]
        return styles
            + styles.map { style in
                var style = style
                style.reservedCharacters = .allowed
                return style
            }
    }()

    static let styles: [StandardQueryStyle] = builtInStyles + styleOptions.flatMap(\.variants)

    /// Every strategy of `ParameterValueEncoder` (by its stored property's name) with every value but the default.
    static let encoderOptions: [(option: String, variants: [ParameterValueEncoder])] = [
        (
            "dateEncodingStrategy",
            [
                .deferredToDate, .secondsSince1970, .millisecondsSince1970, .iso8601,
                .custom { .string("t\($0.timeIntervalSince1970)") },
            ].map { ParameterValueEncoder(dateEncodingStrategy: $0) }
        ),
        (
            "dataEncodingStrategy",
            [.deferredToData, .base64, .custom { .string($0.map { String($0, radix: 16) }.joined(separator: ":")) }]
                .map { ParameterValueEncoder(dataEncodingStrategy: $0) }
        ),
        (
            "keyEncodingStrategy",
            [.convertToSnakeCase, .custom { $0.last.map { "k:" + $0.stringValue } ?? "" }].map {
                ParameterValueEncoder(keyEncodingStrategy: $0)
            }
        ),
        ("nilEncodingStrategy", [.alwaysNull, .omitKeys].map { ParameterValueEncoder(nilEncodingStrategy: $0) }),
        ("userInfo", [ParameterValueEncoder(userInfo: [marker: "set"])]),
    ]

    /// The defaults, each strategy alone, and two mixes.
    static let encoders: [ParameterValueEncoder] =
        [
            ParameterValueEncoder(),
            ParameterValueEncoder(
                dateEncodingStrategy: .iso8601, dataEncodingStrategy: .base64, keyEncodingStrategy: .convertToSnakeCase,
                nilEncodingStrategy: .alwaysNull),
            ParameterValueEncoder(
                dateEncodingStrategy: .millisecondsSince1970, dataEncodingStrategy: .deferredToData,
                nilEncodingStrategy: .omitKeys),
        ] + encoderOptions.flatMap(\.variants)

    /// Any user info turns off both fast paths: the general encoder then builds the tree.
    static let marker = CodingUserInfoKey(rawValue: "EncodablePathDifferentialTests")!

    // MARK: Comparison

    /// A result or the error's full text, so two outcomes compare with `==`.
    enum Outcome: Equatable, CustomStringConvertible {
        case text(String)
        case tree(ParameterValue)
        case failure(String)

        init(_ body: () throws -> String) {
            do { self = .text(try body()) } catch { self = .failure(String(describing: error)) }
        }

        init(tree body: () throws -> ParameterValue) {
            do { self = .tree(try body()) } catch { self = .failure(String(describing: error)) }
        }

        var description: String {
            switch self {
            case .text(let text): return text
            case .tree(let tree): return String(describing: tree)
            case .failure(let text): return "error: \(text)"
            }
        }
    }

    /// The tree through the general encoder, whatever the strategies.
    static func generalTree(_ value: any Encodable, _ encoder: ParameterValueEncoder) throws -> ParameterValue {
        var general = encoder
        general.userInfo[marker] = "general"
        return try general.encode(value)
    }

    /// What `RequestSerializer` writes from the value or from its tree: the query of a GET, the form body of a POST.
    static func requestText(
        _ method: RequestMethod,
        _ style: StandardQueryStyle,
        _ encoder: ParameterValueEncoder,
        _ spaceEncoding: PercentEncoding.SpaceEncoding,
        encoding value: (any Encodable)?,
        parameters: ParameterValue?
    ) throws -> String {
        var serializer = RequestSerializer(queryStyle: style)
        serializer.parameterEncoder = encoder
        serializer.spaceEncoding = spaceEncoding
        let url = URL(string: "https://example.com/p")!
        let request =
            if let value {
                try serializer.serializedRequest(method: method, url: url, encoding: value)
            } else {
                try serializer.serializedRequest(method: method, url: url, parameters: parameters)
            }
        if method == .post { return bodyText(request) ?? "" }
        return URLComponents(string: request.url)?.percentEncodedQuery ?? ""
    }

    /// Every path against the tree path for one value, style, encoder and space encoding: the differences found,
    /// and whether the tree path wrote a query (rather than an error).
    static func differences(
        _ shape: (name: String, value: any Encodable & Sendable),
        _ style: StandardQueryStyle,
        _ encoder: ParameterValueEncoder,
        _ spaceEncoding: PercentEncoding.SpaceEncoding
    ) -> (found: [String], wroteQuery: Bool) {
        let value = shape.value
        let tree = Outcome(tree: { try encoder.encode(value) })
        let treeQuery = Outcome {
            try style.queryString(for: encoder.encode(value), spaceEncoding: spaceEncoding)
        }
        let paths: [(String, Outcome)] = [
            ("general tree", Outcome(tree: { try generalTree(value, encoder) })),
            (
                "queryString(encoding:)",
                Outcome {
                    try style.queryString(encoding: value, parameterEncoder: encoder, spaceEncoding: spaceEncoding)
                }
            ),
            (
                "general tree's query",
                Outcome { try style.queryString(for: generalTree(value, encoder), spaceEncoding: spaceEncoding) }
            ),
        ]
        var found: [String] = []
        let context = "\(shape.name), \(describe(style)), \(describe(encoder)), \(spaceEncoding)"
        for (path, outcome) in paths {
            let expected = path == "general tree" ? tree : treeQuery
            if outcome != expected {
                found.append("\(context): \(path) gave\n  \(outcome)\nthe tree path\n  \(expected)")
            }
        }
        for method in [RequestMethod.get, .post] {
            let fromValue = Outcome {
                try requestText(method, style, encoder, spaceEncoding, encoding: value, parameters: nil)
            }
            let fromTree = Outcome {
                try requestText(method, style, encoder, spaceEncoding, encoding: nil, parameters: encoder.encode(value))
            }
            if fromValue != fromTree {
                found.append(
                    "\(context): RequestSerializer \(method) gave\n  \(fromValue)\nthe tree path\n  \(fromTree)")
            }
        }
        if case .text = treeQuery { return (found, true) }
        return (found, false)
    }

    static func describe(_ style: StandardQueryStyle) -> String {
        Mirror(reflecting: style).children.map { "\($0.label ?? "?"): \($0.value)" }.joined(separator: ", ")
    }

    static func describe(_ encoder: ParameterValueEncoder) -> String {
        "date \(encoder.dateEncodingStrategy.base), data \(encoder.dataEncodingStrategy.base), "
            + "keys \(encoder.keyEncodingStrategy.base), nil \(encoder.nilEncodingStrategy), "
            + "userInfo \(encoder.userInfo.count)"
    }

    // MARK: Tests

    @Test(arguments: shapes.indices)
    func everyStyleOptionAndStrategyGivesTheTreePathsQuery(shapeIndex: Int) {
        var found: [String] = []
        var checked = 0
        var queries = 0
        for style in Self.styles {
            for encoder in Self.encoders {
                for spaceEncoding in [PercentEncoding.SpaceEncoding.percent20, .plus] {
                    let result = Self.differences(Self.shapes[shapeIndex], style, encoder, spaceEncoding)
                    found += result.found
                    checked += 1
                    queries += result.wroteQuery ? 1 : 0
                }
            }
        }
        #expect(checked == Self.styles.count * Self.encoders.count * 2)
        // Errors must agree too, but a shape that only ever fails would compare little.
        let name = Self.shapes[shapeIndex].name
        let alwaysFails: Set = ["Unwritable", "Infinite", "TopLevelArray", "TopLevelString"]
        #expect(alwaysFails.contains(name) ? queries == 0 : queries > checked / 4, "\(name): \(queries) of \(checked)")
        // The first few differences in full; the count says how many there are.
        #expect(found.isEmpty, "\(found.count) differences, first: \(found.prefix(3).joined(separator: "\n"))")
    }

    @Test func theStyleTableCoversEveryStoredOption() {
        let stored = Set(Mirror(reflecting: StandardQueryStyle()).children.compactMap(\.label))
        #expect(stored == Set(Self.styleOptions.map(\.option)))
    }

    @Test func theEncoderTableCoversEveryStoredStrategy() {
        let stored = Set(Mirror(reflecting: ParameterValueEncoder()).children.compactMap(\.label))
        #expect(stored == Set(Self.encoderOptions.map(\.option)))
    }
}
