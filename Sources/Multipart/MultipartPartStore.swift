import Wireform

/// A form's parts in order, stored so that a field made from a parameter costs little more than its bytes.
///
/// A form made from a million parameters has a million parts. As ``MultipartPart``s, each would carry its own header
/// collection, body and name, several heap objects and hundreds of bytes. A field made from a parameter has only a
/// name and a value, so the fields of one `append(parameters:queryStyle:)` (or JSON text, or `Encodable` value) are
/// kept as the query writer wrote them: one ``Wireform/QueryFields``, their names and values end to end in one
/// buffer with two offsets a field, and one slot for all of them. A ``MultipartPart`` is made for a field only when
/// asked (``MultipartForm/parts``). Other parts are kept as they are, one slot each.
struct MultipartPartStore: Sendable {
    /// A run of parts: the fields of one append (an index into `fieldRuns`) or a part kept as it is (an index into
    /// `parts`).
    private enum Slot: Sendable {
        case fields(Int)
        case part(Int)
    }

    /// A field: its run of fields and its index there.
    struct Field: Equatable {
        /// The run, an index into ``MultipartPartStore/fieldRuns``.
        let run: Int
        /// The field's index in the run.
        let index: Int
    }

    /// A part as the body writer sees it.
    enum Entry {
        /// A `form-data` field with no `Content-Type`.
        case field(Field)
        case part(MultipartPart)
    }

    private var slots: [Slot] = []
    /// The index of each slot's first part.
    private var slotStarts: [Int] = []
    /// The fields of each append of parameters.
    private var fieldRuns: [QueryFields] = []
    private var parts: [MultipartPart] = []
    /// The number of parts.
    private(set) var count = 0

    /// The parts kept as they are (every part but the fields).
    var keptParts: [MultipartPart] { parts }

    mutating func append(_ part: MultipartPart) {
        slotStarts.append(count)
        slots.append(.part(parts.count))
        parts.append(part)
        count += 1
    }

    /// Appends fields made from parameters, each a `form-data` field with no `Content-Type`.
    mutating func append(_ fields: QueryFields) {
        guard fields.count > 0 else { return }
        slotStarts.append(count)
        slots.append(.fields(fieldRuns.count))
        fieldRuns.append(fields)
        count += fields.count
    }

    /// Part `index`.
    func entry(at index: Int) -> Entry {
        let slot = slot(containing: index)
        switch slots[slot] {
        case .part(let part): return .part(parts[part])
        case .fields(let run): return .field(Field(run: run, index: index - slotStarts[slot]))
        }
    }

    /// The slot that holds part `index`.
    private func slot(containing index: Int) -> Int {
        // No fields: a slot for each part.
        if slots.count == count { return index }
        // The last slot that starts at or before `index`.
        var lower = 0
        var upper = slots.count
        while upper - lower > 1 {
            let middle = (lower + upper) / 2
            if slotStarts[middle] <= index { lower = middle } else { upper = middle }
        }
        return lower
    }

    /// The field of part `index` when it is a field and not the first part: the framing of such parts is the same for
    /// the same name, so it need not be made again for a run of fields of one name (`tags[]` for every element of an
    /// array).
    func repeatableField(at index: Int) -> Field? {
        guard index > 0, case .field(let field) = entry(at: index) else { return nil }
        return field
    }

    /// Whether two fields have the same name.
    func sameName(_ first: Field, _ second: Field) -> Bool {
        let firstName = fieldRuns[first.run].name(at: first.index)
        let secondName = fieldRuns[second.run].name(at: second.index)
        guard firstName.count == secondName.count else { return false }
        // Both names compared where they are (one run lends its bytes once).
        if first.run == second.run {
            return fieldRuns[first.run].withUnsafeBytes { $0[firstName].elementsEqual($0[secondName]) }
        }
        return fieldRuns[first.run].withUnsafeBytes { firstBytes in
            fieldRuns[second.run].withUnsafeBytes { secondBytes in
                firstBytes[firstName].elementsEqual(secondBytes[secondName])
            }
        }
    }

    /// The number of bytes of a field's value.
    func valueCount(of field: Field) -> Int { fieldRuns[field.run].value(at: field.index).count }

    /// Calls `body` with a field's value, where it is.
    // A field's value lent in place from the fields' buffer: the body's chunk copies it once, no per-field array.
    func withValue<Result>(of field: Field, _ body: (UnsafeRawBufferPointer) -> Result) -> Result {
        let value = fieldRuns[field.run].value(at: field.index)
        // The run's bytes lent for this call; the value is a range within them.
        return fieldRuns[field.run].withUnsafeBytes { body(UnsafeRawBufferPointer(rebasing: $0[value])) }
    }

    /// A field's name as text.
    func name(of field: Field) -> String { fieldRuns[field.run].nameText(at: field.index) }

    /// Part `index` as a ``MultipartPart``, made anew for a field.
    func part(at index: Int) -> MultipartPart {
        switch entry(at: index) {
        case .part(let part):
            return part
        case .field(let field):
            let name = self.name(of: field)
            var headers = HeaderFields()
            try? headers.addValue(
                MultipartHeaderEscaping.formDataDisposition(name: name, fileName: nil), for: .contentDisposition)
            let value = fieldRuns[field.run].valueBytes(at: field.index)
            return MultipartPart(headers: headers, body: MessageBody(bytes: value), name: name)
        }
    }

    /// The name used in error messages for part `index`.
    func label(at index: Int) -> PartLabel {
        switch entry(at: index) {
        case .part(let part): return PartLabel(index: index, name: part.name)
        case .field(let field): return PartLabel(index: index, name: name(of: field))
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
        case .field(let field):
            framing.append(contentsOf: "Content-Disposition: form-data; name=\"".utf8)
            let name = fieldRuns[field.run].name(at: field.index)
            // The name escaped from where it is.
            fieldRuns[field.run].withUnsafeBytes { MultipartHeaderEscaping.appendEscaped($0[name], to: &framing) }
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
