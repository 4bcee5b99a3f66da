import Foundation
import FuzzSupport
import Wireform
import WireformJSONBody
import WireformPropertyListBody

// Invariants for the JSON and property-list writers, on random trees with hostile Unicode, extreme numbers and
// dates, deep nesting and very long keys:
// - they never crash and only throw SerializationError with a reason;
// - JSON output parses with Foundation's JSONSerialization, and its strings, booleans, nulls and container shapes
//   equal the input (numbers are compared as doubles, which is what the parser gives back);
// - property-list output (XML and binary) parses with PropertyListSerialization into the same shapes and strings.
private func checkJSON(_ parameters: ParameterValue, options: JSONWritingOptions) {
    let bytes: [UInt8]
    do {
        let body = try JSONBodySerializer(options: options).serialize(parameters, context: BodySerializationContext())
        bytes = body.body.bytes ?? []
    } catch let error as SerializationError {
        check(!error.reason.isEmpty, "empty error reason")
        return
    } catch {
        check(false, "non-SerializationError thrown: \(error)")
        return
    }
    guard let parsed = try? JSONSerialization.jsonObject(with: Data(bytes), options: [.fragmentsAllowed]) else {
        check(false, "JSON does not parse: \(String(decoding: bytes.prefix(300), as: UTF8.self))")
        return
    }
    check(Shape.matches(parsed, parameters, format: .json), "JSON differs from the input: \(parameters)")
}

private func checkPropertyList(_ parameters: ParameterValue, format: PropertyListBodySerializer.Format) {
    let bytes: [UInt8]
    do {
        let body = try PropertyListBodySerializer(format: format).serialize(
            parameters, context: BodySerializationContext())
        bytes = body.body.bytes ?? []
    } catch let error as SerializationError {
        check(!error.reason.isEmpty, "empty error reason")
        return
    } catch {
        check(false, "non-SerializationError thrown: \(error)")
        return
    }
    guard let parsed = try? PropertyListSerialization.propertyList(from: Data(bytes), options: [], format: nil) else {
        check(false, "\(format) plist does not parse: \(String(decoding: bytes.prefix(300), as: UTF8.self))")
        return
    }
    check(
        Shape.matches(parsed, parameters, format: .propertyList),
        "\(format) plist differs from the input: \(parameters) → \(parsed) from \(String(decoding: bytes.prefix(600), as: UTF8.self).debugDescription)"
    )
}

/// libFuzzer's entry point: one input, checked against the invariants above.
@_cdecl("LLVMFuzzerTestOneInput")
public func fuzz(_ data: UnsafePointer<UInt8>, _ size: Int) -> CInt {
    addressSanitizerCanary(size)
    var input = FuzzInput(UnsafeRawBufferPointer(start: data, count: size))
    let selector = input.byte()
    let parameters: ParameterValue = selector & 0x10 == 0 ? .dictionary(input.dictionary()) : input.value()
    switch selector % 4 {
    case 0: checkJSON(parameters, options: .sortedKeys)
    case 1: checkJSON(parameters, options: [.prettyPrinted, .escapingSlashes, .fragmentsAllowed])
    case 2: checkPropertyList(parameters, format: .xml)
    default: checkPropertyList(parameters, format: .binary)
    }
    return 0
}
