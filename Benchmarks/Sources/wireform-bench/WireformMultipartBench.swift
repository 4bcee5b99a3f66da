import Foundation

/// Wireform's M1/M2 entries; empty until `WireformMultipart` lands on main.
enum WireformMultipartBench {
    static let isAvailable = false

    static func candidateM1(input: MultipartInput) throws -> Candidate? { nil }
}

extension WireformMultipartBench {
    /// Runs a Wireform M2 case in a child process; `nil` when the case is unknown.
    static func runStreamingCase(_ name: String, input: String, output: String) async throws -> Int? { nil }
}
