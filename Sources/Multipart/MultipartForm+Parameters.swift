public import Wireform

extension MultipartForm {
    /// Creates a form whose first parts are request parameters flattened by a query style.
    ///
    /// Names come from the style (`user[name]`, `tags[]` with ``Wireform/QueryStyle/brackets``) and are not
    /// percent-escaped; text values are UTF-8, `Data` values are sent raw, and a null is an empty part.
    /// ```swift
    /// var form = try MultipartForm(parameters: ["user": ["name": "bang"], "tags": ["a", "b"]])
    /// try form.append(fileAt: avatarURL, name: "avatar")
    /// ```
    /// - Parameters:
    ///   - parameters: A dictionary of parameters.
    ///   - queryStyle: How nested parameters are named.
    ///   - subtype: The multipart subtype.
    ///   - boundary: Makes the boundary.
    /// - Throws: ``Wireform/SerializationError`` when the style cannot write the parameters or the boundary is
    ///   invalid.
    public init(
        parameters: ParameterValue,
        queryStyle: any QueryStyle = .brackets,
        subtype: MultipartSubtype = .formData,
        boundary: any MultipartBoundaryGenerator = .random
    ) throws {
        try self.init(subtype: subtype, boundary: boundary)
        try append(parameters: parameters, queryStyle: queryStyle)
    }

    /// Creates a form from an `Encodable` value: each field becomes a part, `Data` fields are sent raw.
    /// - Parameters:
    ///   - value: The value; it must encode as a keyed container.
    ///   - encoder: Converts the value to parameters.
    ///   - queryStyle: How nested fields are named.
    ///   - subtype: The multipart subtype.
    ///   - boundary: Makes the boundary.
    /// - Throws: ``Wireform/SerializationError`` when the value cannot be encoded or written.
    public init<Value: Encodable>(
        encoding value: Value,
        encoder: ParameterValueEncoder = ParameterValueEncoder(),
        queryStyle: any QueryStyle = .brackets,
        subtype: MultipartSubtype = .formData,
        boundary: any MultipartBoundaryGenerator = .random
    ) throws {
        try self.init(
            parameters: try encoder.encode(value),
            queryStyle: queryStyle,
            subtype: subtype,
            boundary: boundary
        )
    }

    /// Appends request parameters flattened by a query style, as text parts in the style's order.
    /// - Parameters:
    ///   - parameters: A dictionary of parameters.
    ///   - queryStyle: How nested parameters are named.
    /// - Throws: When the style cannot write the parameters.
    public mutating func append(parameters: ParameterValue, queryStyle: any QueryStyle = .brackets) throws {
        let pairs = try queryStyle.pairs(for: parameters)
        var byteCount = 0
        for pair in pairs {
            byteCount += pair.name.utf8.count
            switch pair.value {
            case .text(let text): byteCount += text.utf8.count
            case .data(let data): byteCount += data.count
            case .list(let items): byteCount += items.reduce(max(0, items.count - 1)) { $0 + $1.utf8.count }
            case .none: break
            }
        }
        reserveFields(pairs.count, byteCount: byteCount)
        for pair in pairs {
            switch pair.value {
            case .text(let text): appendField(name: pair.name, value: text.utf8)
            case .data(let data): appendField(name: pair.name, value: data)
            case .list(let items): appendField(name: pair.name, value: items.joined(separator: ",").utf8)
            case .none: appendField(name: pair.name, value: [])
            }
        }
    }
}
