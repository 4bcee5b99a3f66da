import Foundation
import Testing
import Wireform

/// Trees nested deeper than any limit, built and taken apart without recursion.
///
/// Swift releases a nested value recursively (each array's storage releases its elements as it is freed): letting
/// go of a tree nested some tens of thousands of levels deep overflows the stack, whatever the library does (see
/// ``Wireform/ParameterValue`` in the package documentation). ``dismantle(_:)`` releases a tree a level at a time
/// instead; every test builds and dismantles its trees on the same thread, and keeps no other copy.
enum DeepTree {
    /// The shapes of nesting a test goes through.
    enum Shape: String, CaseIterable, Sendable, CustomTestStringConvertible {
        case arrays, dictionaries, sets, mixed
        var testDescription: String { rawValue }

        /// Only arrays and dictionaries, which ``Wireform/StandardQueryStyle/brackets`` nests with brackets.
        var isBracketed: Bool { self == .arrays || self == .dictionaries }
    }

    /// The depths a test goes through: far past the limit, and further than the stack could ever recurse.
    ///
    /// Under a sanitizer the second is 100,000 levels, still past anything the stack survives: every check refuses
    /// a tree at its 129th level, so the deeper levels only cost building and taking apart, some ten times dearer
    /// under ThreadSanitizer (a million levels took 174 s of the TSan pass's 212 s). The plain pass builds a million.
    static let depths = isSanitized ? [10_000, 100_000] : [10_000, 1_000_000]

    /// Whether this test process runs under ThreadSanitizer or AddressSanitizer (`swift test --sanitize=…`).
    static let isSanitized: Bool = {
        // The process's global symbol scope (portable, unlike RTLD_DEFAULT's value, which differs between platforms).
        guard let process = dlopen(nil, RTLD_NOW) else { return false }
        return dlsym(process, "__tsan_init") != nil || dlsym(process, "__asan_init") != nil
    }()

    /// The depths for `==` and `hash(into:)`, which visit every level (three trees each): 100,000 levels, past the
    /// depth at which Swift's own release of a nested value overflows (some 58,000 in a release build), and far past
    /// what a recursive walk survives on ``SmallStack``'s 2 MiB. A million levels took 26 s of the debug suite's CPU
    /// and more under the sanitizers, proving nothing more: the walks keep their own stack on the heap.
    static func depthsVisitingEveryLevel(_ shape: Shape) -> [Int] {
        [10_000, 100_000]
    }

    /// `leaf` inside `depth` containers of `shape`.
    static func make(_ shape: Shape, depth: Int, leaf: ParameterValue = "leaf") -> ParameterValue {
        var value = leaf
        for level in 0..<depth {
            switch shape {
            case .arrays: value = .array([value])
            case .dictionaries: value = .dictionary(["k": value])
            case .sets: value = .set([value])
            case .mixed:
                switch level % 3 {
                case 0: value = .array([1, value, "x"])
                case 1: value = .dictionary(["a": "b", "k": value])
                default: value = .set([value, true])
                }
            }
        }
        return value
    }

    /// Releases a tree one level at a time: each container's children are held while the container is freed.
    static func dismantle(_ tree: inout ParameterValue) {
        var pending = [tree]
        tree = .null
        while let value = pending.popLast() {
            switch value {
            case .array(let elements), .set(let elements): pending.append(contentsOf: elements)
            case .dictionary(let dictionary): for (_, member) in dictionary { pending.append(member) }
            default: break
            }
        }
    }

    /// The shapes of nesting in an `Any` that ``Wireform/ParameterValue/init(any:)`` goes through.
    enum AnyShape: String, CaseIterable, Sendable, CustomTestStringConvertible {
        /// `[[["leaf"]]]` as `[Any]`s.
        case arrays
        /// `["k": ["k": "leaf"]]` as `[String: Any]`s.
        case dictionaries
        /// `Optional<Any>.some(Optional<Any>.some("leaf"))`: no level of a tree, so any depth converts.
        case optionals
        /// `[Optional<Any>.some([Optional<Any>.some("leaf")])]`: arrays of Optionals.
        case optionalArrays
        var testDescription: String { rawValue }
    }

    /// `"leaf"` inside `depth` levels of `shape`, as `Any`.
    static func makeAny(_ shape: AnyShape, depth: Int) -> Any {
        var value: Any = "leaf"
        for _ in 0..<depth {
            switch shape {
            case .arrays: value = [value] as [Any]
            case .dictionaries: value = ["k": value] as [String: Any]
            case .optionals: value = Optional<Any>.some(value) as Any
            case .optionalArrays: value = [Optional<Any>.some(value) as Any] as [Any]
            }
        }
        return value
    }

    /// Releases what ``makeAny(_:depth:)`` built, one level at a time. Only casts to protocols and to `[Any]` or
    /// `[String: Any]` of a value that is one: a cast of a nested Optional to a concrete type recurses in the Swift
    /// runtime once per Optional.
    static func dismantleAny(_ value: inout Any) {
        var current = value
        value = 0
        while true {
            if let optional = current as? any AnyOptional {
                guard let wrapped = optional.wrapped else { return }
                current = wrapped
            } else if type(of: current) == [Any].self, let array = current as? [Any], let first = array.first {
                current = first
            } else if type(of: current) == [String: Any].self, let dictionary = current as? [String: Any],
                let member = dictionary["k"]
            {
                current = member
            } else {
                return
            }
        }
    }
}

/// An `Optional` seen through `Any`, for ``DeepTree/dismantleAny(_:)``.
private protocol AnyOptional {
    var wrapped: Any? { get }
}

extension Optional: AnyOptional {
    fileprivate var wrapped: Any? { self.map { $0 as Any } }
}

/// What a serializer, a query style or a conversion did with a deep tree, to compare on the test's thread.
enum DeepOutcome: Sendable, Equatable {
    /// It succeeded.
    case succeeded
    /// It threw a `SerializationError`.
    case refused(code: SerializationError.Code, reason: String)
    /// It threw something else.
    case failed(String)

    /// Runs `body`, keeping its outcome.
    static func of(_ body: () throws -> Void) -> Self {
        do {
            try body()
            return .succeeded
        } catch let error as SerializationError {
            return .refused(code: error.code, reason: error.reason)
        } catch {
            return .failed("\(error)")
        }
    }

    /// Whether this is a refusal with ``Wireform/SerializationError/Code/unsupportedValue``.
    var isRefusal: Bool {
        guard case .refused(let code, _) = self else { return false }
        return code == .unsupportedValue
    }

    /// Whether this is the documented refusal of a tree nested deeper than the limit.
    var isDepthRefusal: Bool {
        guard case .refused(let code, let reason) = self else { return false }
        return code == .unsupportedValue && reason.hasPrefix("Parameters nest deeper than 128 levels at '")
    }
}
