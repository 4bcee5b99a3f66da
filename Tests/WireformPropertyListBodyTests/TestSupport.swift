import Foundation
import Testing
import Wireform
import WireformPropertyListBody

/// The XML text a serializer writes for parameters.
func plistXML(
    _ parameters: ParameterValue,
    keyOrdering: KeyOrdering = .sorted,
    sourceLocation: SourceLocation = #_sourceLocation
) throws -> String {
    let serializer = PropertyListBodySerializer(format: .xml, keyOrdering: keyOrdering)
    let body = try serializer.serialize(parameters)
    #expect(body.contentType == .propertyList, sourceLocation: sourceLocation)
    return String(decoding: try #require(body.body.bytes, sourceLocation: sourceLocation), as: UTF8.self)
}

/// The XML property list document around a body, as Apple writes it.
func plistDocument(_ lines: String...) -> String {
    """
    <?xml version="1.0" encoding="UTF-8"?>
    <!DOCTYPE plist PUBLIC "-//Apple//DTD PLIST 1.0//EN" "http://www.apple.com/DTDs/PropertyList-1.0.dtd">
    <plist version="1.0">

    """ + lines.map { $0 + "\n" }.joined() + "</plist>\n"
}

/// The error a serializer throws for parameters.
func plistError(
    _ parameters: ParameterValue,
    format: PropertyListBodySerializer.Format = .xml,
    sourceLocation: SourceLocation = #_sourceLocation
) throws -> SerializationError {
    try #require(throws: SerializationError.self, sourceLocation: sourceLocation) {
        try PropertyListBodySerializer(format: format).serialize(parameters)
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
