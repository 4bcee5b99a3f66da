import Testing
import Wireform
import WireformFormURLEncoded
import WireformJSONBody
import WireformMultipart
import WireformPropertyListBody

extension DeepNestingTests {
    /// The body formats, by name.
    enum Format: String, CaseIterable, Sendable, CustomTestStringConvertible {
        case form, json, xmlPropertyList, binaryPropertyList, multipart
        var testDescription: String { rawValue }

        /// Whether the format writes every container as it is (JSON, property lists): then only the depth limit
        /// refuses a deep tree. The form and multipart bodies name fields as ``StandardQueryStyle/brackets`` does.
        var nestsEveryContainer: Bool { self != .form && self != .multipart }

        var serializer: any BodySerializer {
            switch self {
            case .form: FormURLEncodedSerializer()
            case .json: JSONBodySerializer()
            case .xmlPropertyList: PropertyListBodySerializer(format: .xml)
            case .binaryPropertyList: PropertyListBodySerializer(format: .binary)
            case .multipart: MultipartFormDataSerializer()
            }
        }
    }

    /// Every format and every built-in query style (a query string and query pairs) on one tree of each shape and
    /// depth: each refuses it, none overflows the stack. JSON, the property lists and the styles that nest
    /// containers with brackets refuse with the depth error; the others may refuse the shape first.
    @Test(arguments: DeepTree.Shape.allCases)
    func everyFormatAndQueryStyleRefusesAnyDepth(_ shape: DeepTree.Shape) throws {
        for depth in DeepTree.depths {
            let outcomes = SmallStack.run {
                var tree = DeepTree.make(shape, depth: depth)
                var parameters: ParameterValue = ["top": tree]
                DeepTree.dismantle(&tree)
                defer { DeepTree.dismantle(&parameters) }
                var outcomes: [(name: String, outcome: DeepOutcome, isDepthError: Bool)] = []
                for format in Format.allCases {
                    let outcome = DeepOutcome.of {
                        _ = try format.serializer.serialize(parameters, context: BodySerializationContext())
                    }
                    outcomes.append((format.rawValue, outcome, format.nestsEveryContainer || shape.isBracketed))
                }
                for style in Style.allCases {
                    // Sets inside sets cannot be written by styles that repeat keys or delimit lists (brackets
                    // repeats a set's key), arrays inside dictionaries not by OpenAPI's styles.
                    let isDepthError =
                        style.nestsEveryContainer || shape.isBracketed && style == .brackets
                        || shape == .dictionaries && style.nestsDictionaries
                    let string = DeepOutcome.of { _ = try style.style.queryString(for: parameters) }
                    outcomes.append(("query \(style.rawValue)", string, isDepthError))
                    let pairs = DeepOutcome.of {
                        var pairs: [QueryPair] = []
                        try style.style.appendPairs(for: parameters, to: &pairs)
                    }
                    outcomes.append(("pairs \(style.rawValue)", pairs, isDepthError))
                }
                return outcomes.map {
                    "\($0.name): \($0.isDepthError ? $0.outcome.isDepthRefusal : $0.outcome.isRefusal)"
                }
            }
            #expect(outcomes?.count == Format.allCases.count + 2 * Style.allCases.count, "\(depth) levels")
            for outcome in outcomes ?? [] { #expect(outcome.hasSuffix(": true"), "\(depth) levels: \(outcome)") }
        }
    }

    /// The limit itself is unchanged: 128 containers are written, 129 refused, naming the path.
    @Test(arguments: Format.allCases)
    func everyFormatWritesTheLimitAndRefusesOneMore(_ format: Format) throws {
        let written = SmallStack.run {
            DeepOutcome.of {
                let parameters: ParameterValue = ["top": DeepTree.make(.dictionaries, depth: 127)]
                _ = try format.serializer.serialize(parameters, context: BodySerializationContext())
            }
        }
        #expect(written == .succeeded)
        let refused = SmallStack.run {
            DeepOutcome.of {
                let parameters: ParameterValue = ["top": DeepTree.make(.dictionaries, depth: 128)]
                _ = try format.serializer.serialize(parameters, context: BodySerializationContext())
            }
        }
        #expect(refused?.isDepthRefusal == true, "\(String(describing: refused))")
    }
}
