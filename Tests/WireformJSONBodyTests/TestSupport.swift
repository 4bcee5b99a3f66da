import Foundation
import Testing
import Wireform
import WireformJSONBody

/// The JSON text a serializer writes for parameters.
func jsonText(
    _ parameters: ParameterValue,
    _ serializer: JSONBodySerializer = JSONBodySerializer(),
    sourceLocation: SourceLocation = #_sourceLocation
) throws -> String {
    let body = try serializer.serialize(parameters)
    #expect(body.contentType == .json, sourceLocation: sourceLocation)
    let bytes = try #require(body.body.bytes, sourceLocation: sourceLocation)
    #expect(bytes == (try serializer.jsonBytes(for: parameters)), sourceLocation: sourceLocation)
    return String(decoding: bytes, as: UTF8.self)
}

/// The error a serializer throws for parameters.
func jsonError(
    _ parameters: ParameterValue,
    _ serializer: JSONBodySerializer = JSONBodySerializer(),
    sourceLocation: SourceLocation = #_sourceLocation
) throws -> SerializationError {
    try #require(throws: SerializationError.self, sourceLocation: sourceLocation) {
        try serializer.serialize(parameters)
    }
}

/// A small deterministic random number generator (SplitMix64), so randomized tests repeat exactly.
struct SeededGenerator: RandomNumberGenerator {
    private var state: UInt64

    init(seed: UInt64) { state = seed }

    mutating func next() -> UInt64 {
        state &+= 0x9E37_79B9_7F4A_7C15
        var value = state
        value = (value ^ (value >> 30)) &* 0xBF58_476D_1CE4_E5B9
        value = (value ^ (value >> 27)) &* 0x94D0_49BB_1331_11EB
        return value ^ (value >> 31)
    }
}
