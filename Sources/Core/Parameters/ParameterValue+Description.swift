#if canImport(FoundationEssentials)
    import FoundationEssentials
#else
    import Foundation
#endif

extension ParameterValue: CustomStringConvertible {
    /// The value written as a Swift literal: `["name": "bang", "nums": [1, 2.5], "tags": .set(["a"]), "x": .null]`.
    ///
    /// Strings are quoted and escaped as Swift writes them, numbers are their ``ParameterNumber/description``, data
    /// is `.data(3 bytes)` and a date `.date(2001-01-01 00:00:00 +0000)`. Built without recursion, so a tree of any
    /// depth can be printed.
    public var description: String {
        var text = ""
        // What is still to be written, the next piece last: values, and the punctuation between them.
        var pending: [DescriptionPiece] = [.value(self)]
        while let piece = pending.popLast() {
            switch piece {
            case .text(let punctuation):
                text += punctuation
            case .key(let key):
                text += key.debugDescription + ": "
            case .value(let value):
                switch value {
                case .string(let string): text += string.debugDescription
                case .number(let number): text += number.description
                case .bool(let bool): text += bool ? "true" : "false"
                case .null: text += ".null"
                case .data(let data): text += ".data(\(data.count) bytes)"
                case .date(let date): text += ".date(\(date))"
                case .array(let elements):
                    text += "["
                    Self.push(elements, closing: "]", to: &pending)
                case .set(let members):
                    text += ".set(["
                    Self.push(members, closing: "])", to: &pending)
                case .dictionary(let dictionary):
                    guard !dictionary.isEmpty else {
                        text += "[:]"
                        continue
                    }
                    text += "["
                    pending.append(.text("]"))
                    for index in dictionary.indices.reversed() {
                        pending.append(.value(dictionary.value(at: index)))
                        pending.append(.key(dictionary.orderedKeys[index]))
                        if index > 0 { pending.append(.text(", ")) }
                    }
                }
            }
        }
        return text
    }

    /// Queues a list's elements, separated by commas, and its closing bracket.
    private static func push(_ elements: [ParameterValue], closing: String, to pending: inout [DescriptionPiece]) {
        pending.append(.text(closing))
        for index in elements.indices.reversed() {
            pending.append(.value(elements[index]))
            if index > 0 { pending.append(.text(", ")) }
        }
    }
}

/// One piece of a ``ParameterValue/description`` still to be written.
private enum DescriptionPiece {
    /// Brackets or a separator.
    case text(String)
    /// A dictionary key, quoted, with its colon.
    case key(String)
    /// A value.
    case value(ParameterValue)
}
