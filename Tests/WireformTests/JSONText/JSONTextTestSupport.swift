import Foundation

@testable import Wireform

/// Records every event as a short line, to compare the events of two readings.
final class RecordingSinkBox: EncodingSinkBox {
    var events: [String] = []

    func beginKeyed(sortsKeys: Bool) { events.append("{") }
    func key(_ key: String) { events.append("key \(key)") }
    func endKeyed() { events.append("}") }
    func beginUnkeyed(isSet: Bool) { events.append(isSet ? "set[" : "[") }
    func endUnkeyed() { events.append("]") }
    func string(_ value: String) { events.append("string \(value)") }
    func member(_ name: String, string value: String) {
        key(name)
        string(value)
    }
    func bool(_ value: Bool) { events.append("bool \(value)") }
    func integer(_ magnitude: UInt64, isNegative: Bool) {
        events.append("integer \(isNegative ? "-" : "")\(magnitude)")
    }
    func number(_ value: ParameterNumber) { events.append("number \(value)") }
    func date(_ value: Date) { events.append("date \(value.timeIntervalSince1970)") }
    func data(_ value: Data) { events.append("data \(Array(value))") }
    func null() { events.append("null") }
    func array(of elements: [String]) { events.append("strings \(elements)") }
    func array(of elements: [Int]) { events.append("integers \(elements)") }
}

/// A reader that hands out its bytes `size` at a time, so that every token crosses chunk boundaries.
struct SmallStepReader: BodyReader {
    let bytes: [UInt8]
    let size: Int
    var position = 0

    mutating func read(into buffer: UnsafeMutableRawBufferPointer) -> Int {
        let count = min(size, buffer.count, bytes.count - position)
        for index in 0..<count { buffer[index] = bytes[position + index] }
        position += count
        return count
    }
}

/// A reader that never ends: `prefix`, then `repeated` forever.
struct EndlessReader: BodyReader {
    let prefix: [UInt8]
    let repeated: [UInt8]
    var position = 0

    mutating func read(into buffer: UnsafeMutableRawBufferPointer) -> Int {
        for index in 0..<buffer.count {
            buffer[index] =
                position < prefix.count
                ? prefix[position] : repeated[(position - prefix.count) % repeated.count]
            position += 1
        }
        return buffer.count
    }
}

/// The outcome of one reading: the events, or the error's code and reason.
enum JSONReading: Equatable {
    case events([String])
    case failure(String)
}

/// Reads `text` whole (one chunk) or `step` bytes at a time.
func readJSON(_ text: String, step: Int? = nil, readsTags: Bool = true, maximumLength: Int = .max) -> JSONReading {
    readJSON(bytes: Array(text.utf8), step: step, readsTags: readsTags, maximumLength: maximumLength)
}

/// Reads `bytes` whole (one chunk) or `step` bytes at a time.
func readJSON(bytes: [UInt8], step: Int? = nil, readsTags: Bool = true, maximumLength: Int = .max) -> JSONReading {
    let body =
        step.map { size in MessageBody(length: .unknown) { SmallStepReader(bytes: bytes, size: size) } }
        ?? MessageBody(bytes: bytes)
    let sink = RecordingSinkBox()
    do {
        try JSONText(body, maximumLength: maximumLength, readsTags: readsTags).sendEvents(to: sink)
        return .events(sink.events)
    } catch let error as SerializationError {
        return .failure("\(error.code): \(error.reason)")
    } catch {
        return .failure("\(error)")
    }
}
