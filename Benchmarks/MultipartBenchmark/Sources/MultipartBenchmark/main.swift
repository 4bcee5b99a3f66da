import Foundation
import Wireform
import WireformMultipart

/// Modes: `idle`, `memory`, `async FILE`, `stream FILE [readSize]`, `sample` (a sample body on stdout, its
/// Content-Type on stderr, for checking with real multipart parsers).
let arguments = CommandLine.arguments.dropFirst()
let mode = arguments.first ?? "memory"

func seconds(_ start: ContinuousClock.Instant) -> Double {
    let elapsed = ContinuousClock.now - start
    return Double(elapsed.components.seconds) + Double(elapsed.components.attoseconds) / 1e18
}

func report(_ label: String, bytes: Int64, seconds: Double) {
    let rate = Double(bytes) / seconds / 1e9
    print("\(label): \(bytes) bytes in \(String(format: "%.3f", seconds)) s = \(String(format: "%.2f", rate)) GB/s")
}

func fileForm(_ path: String) throws -> MultipartForm {
    var form = MultipartForm()
    form.append("bench", name: "name")
    try form.append(fileAt: URL(fileURLWithPath: path), name: "file")
    return form
}

switch mode {
case "idle":
    print("idle")
case "memory":
    var form = MultipartForm()
    let field = String(repeating: "x", count: 1024)
    for index in 0..<100 { form.append(field, name: "field\(index)") }
    let file = Data((0..<(100 * 1024)).map { UInt8(truncatingIfNeeded: $0) })
    for index in 0..<10 { form.append(file, name: "file\(index)", fileName: "f\(index).bin") }
    _ = try form.encodedBytes()
    let iterations = 2000
    var total: Int64 = 0
    let start = ContinuousClock.now
    for _ in 0..<iterations { total += Int64(try form.encodedBytes().count) }
    report("in-memory encodedBytes (100 x 1 KiB fields + 10 x 100 KiB parts)", bytes: total, seconds: seconds(start))
case "async":
    let form = try fileForm(String(arguments.dropFirst().first ?? "/tmp/wireform-bench-256m.bin"))
    let start = ContinuousClock.now
    var total: Int64 = 0
    for try await chunk in form.body.chunks(chunkSize: 1 << 20) { total += Int64(chunk.count) }
    report("async chunks (1 MiB)", bytes: total, seconds: seconds(start))
case "stream":
    let form = try fileForm(String(arguments.dropFirst().first ?? "/tmp/wireform-bench-256m.bin"))
    let readSize = Int(arguments.dropFirst(2).first ?? "65524") ?? 65524
    let stream = try form.body.makeInputStream()
    stream.open()
    var buffer = [UInt8](repeating: 0, count: readSize)
    var total: Int64 = 0
    let start = ContinuousClock.now
    while true {
        let count = buffer.withUnsafeMutableBufferPointer { stream.read($0.baseAddress!, maxLength: readSize) }
        if count < 0 { fatalError("stream failed: \(String(describing: stream.streamError))") }
        if count == 0 { break }
        total += Int64(count)
    }
    report("InputStream (read size \(readSize))", bytes: total, seconds: seconds(start))
case "sample":
    var form = try MultipartForm(
        parameters: ["user": ["name": "bäng \"quoted\""], "tags": ["a", "b"], "empty": nil],
        boundary: .constant("wireform-sample-boundary")
    )
    form.append("line1\r\nline2", name: "multi\"line\r\nname")
    form.append(Data([0, 1, 2, 255, 13, 10, 45, 45]), name: "blob", fileName: "blob.bin")
    let file = FileManager.default.temporaryDirectory.appendingPathComponent("wireform-sample-photo.JPG")
    try Data((0..<5000).map { UInt8(truncatingIfNeeded: $0 &* 7) }).write(to: file)
    try form.append(fileAt: file, name: "photo")
    form.append(name: "stream", fileName: "résumé \"1\".pdf", length: .known(3)) { InputStream(data: Data("PDF".utf8)) }
    let bytes = try form.encodedBytes()
    try? FileManager.default.removeItem(at: file)
    FileHandle.standardError.write(Data("Content-Type: \(form.contentType)\nContent-Length: \(bytes.count)\n".utf8))
    FileHandle.standardOutput.write(Data(bytes))
default:
    print("unknown mode \(mode)")
}
