import Wireform

/// A form's parts in order, stored so that a text field costs little more than its bytes.
///
/// A form made from a million parameters has a million parts. As ``MultipartPart``s, each would carry its own header
/// collection, body and name, several heap objects and hundreds of bytes. A field made from a parameter has only a
/// name and a value, so the store keeps those bytes one after another in one array, with two offsets per field, and
/// makes its ``MultipartPart`` only when asked (``MultipartForm/parts``). Other parts are kept as they are.
struct MultipartPartStore: Sendable {
    /// One part: a field (an index into the field offsets) or a part kept as it is (an index into `parts`).
    enum Slot: Sendable {
        case field(UInt32)
        case part(UInt32)
    }

    /// A part as the body writer sees it.
    enum Entry {
        /// A `form-data` field with no `Content-Type`: its name and value, as ranges of ``fieldBytes``.
        case field(name: Range<Int>, value: Range<Int>)
        case part(MultipartPart)
    }

    private(set) var slots: [Slot] = []
    /// Each field's name, then its value, one field after another.
    private(set) var fieldBytes: [UInt8] = []
    /// For field `i`: where its name ends (`2i`) and where its value ends (`2i + 1`) in ``fieldBytes``; 32 bits, so
    /// fields hold at most 4 GiB in all (a form past that keeps its further fields as parts).
    private var fieldEnds: [UInt32] = []
    private var parts: [MultipartPart] = []

    /// The number of parts.
    var count: Int { slots.count }

    /// The parts kept as they are (every part but the fields).
    var keptParts: [MultipartPart] { parts }

    mutating func append(_ part: MultipartPart) {
        slots.append(.part(UInt32(parts.count)))
        parts.append(part)
    }

    /// Makes room for `count` more fields of `byteCount` bytes of names and values in all, so that a form of many
    /// fields does not grow its arrays by doubling (which briefly holds them twice).
    mutating func reserveFields(_ count: Int, byteCount: Int) {
        slots.reserveCapacity(slots.count + count)
        fieldEnds.reserveCapacity(fieldEnds.count + 2 * count)
        fieldBytes.reserveCapacity(fieldBytes.count + byteCount)
    }

    /// Appends a field with a name and a value, and no `Content-Type`.
    /// - Returns: `false`, appending nothing, when the fields would hold more than 4 GiB in all.
    mutating func appendField(name: String, value: some Collection<UInt8>) -> Bool {
        guard fieldBytes.count + name.utf8.count + value.count <= Int(UInt32.max) else { return false }
        slots.append(.field(UInt32(fieldEnds.count / 2)))
        fieldBytes.append(contentsOf: name.utf8)
        fieldEnds.append(UInt32(fieldBytes.count))
        fieldBytes.append(contentsOf: value)
        fieldEnds.append(UInt32(fieldBytes.count))
        return true
    }

    /// Part `index`.
    func entry(at index: Int) -> Entry {
        switch slots[index] {
        case .part(let part):
            return .part(parts[Int(part)])
        case .field(let field):
            let field = Int(field)
            let nameStart = field == 0 ? 0 : Int(fieldEnds[2 * field - 1])
            let nameEnd = Int(fieldEnds[2 * field])
            return .field(name: nameStart..<nameEnd, value: nameEnd..<Int(fieldEnds[2 * field + 1]))
        }
    }

    /// The name of part `index` when it is a field and not the first part: the framing of such parts is the same
    /// for the same name, so it need not be made again for a run of fields of one name (`tags[]` for every element of
    /// an array).
    func repeatableFieldName(at index: Int) -> Range<Int>? {
        guard index > 0, case .field(let name, _) = entry(at: index) else { return nil }
        return name
    }

    /// Whether two ranges of ``fieldBytes`` hold the same bytes.
    func sameBytes(_ first: Range<Int>, _ second: Range<Int>) -> Bool {
        fieldBytes[first].elementsEqual(fieldBytes[second])
    }

    /// A field's name as text.
    func name(_ range: Range<Int>) -> String { String(decoding: fieldBytes[range], as: UTF8.self) }

    /// Part `index` as a ``MultipartPart``, made anew for a field.
    func part(at index: Int) -> MultipartPart {
        switch entry(at: index) {
        case .part(let part):
            return part
        case .field(let name, let value):
            var headers = HeaderFields()
            try? headers.addValue(
                MultipartHeaderEscaping.formDataDisposition(name: self.name(name), fileName: nil),
                for: .contentDisposition)
            return MultipartPart(
                headers: headers, body: MessageBody(bytes: Array(fieldBytes[value])), name: self.name(name))
        }
    }

    /// The name used in error messages for part `index`.
    func label(at index: Int) -> PartLabel {
        switch entry(at: index) {
        case .part(let part): return PartLabel(index: index, name: part.name)
        case .field(let name, _): return PartLabel(index: index, name: self.name(name))
        }
    }

    /// Appends the framing before part `index`: the delimiter (after a CRLF, but for the first part), then its header
    /// section, ending with the blank line.
    func appendFraming(ofPartAt index: Int, dashBoundary: [UInt8], to framing: inout some MultipartFramingSink) {
        if index > 0 { Self.appendLineEnd(to: &framing) }
        framing.append(contentsOf: dashBoundary)
        Self.appendLineEnd(to: &framing)
        switch entry(at: index) {
        case .part(let part):
            for field in part.headers {
                framing.append(contentsOf: field.name.rawName.utf8)
                framing.append(UInt8(ascii: ":"))
                framing.append(UInt8(ascii: " "))
                framing.append(contentsOf: field.value.utf8)
                Self.appendLineEnd(to: &framing)
            }
        case .field(let name, _):
            framing.append(contentsOf: "Content-Disposition: form-data; name=\"".utf8)
            MultipartHeaderEscaping.appendEscaped(fieldBytes[name], to: &framing)
            framing.append(UInt8(ascii: "\""))
            Self.appendLineEnd(to: &framing)
        }
        Self.appendLineEnd(to: &framing)
    }

    /// Appends CRLF without making an array for it: this runs twice for every part.
    private static func appendLineEnd(to framing: inout some MultipartFramingSink) {
        framing.append(0x0D)
        framing.append(0x0A)
    }
}
