import Foundation
import Hummingbird
import Wireform

/// W1 as a `Codable` struct: 20 `String` properties `key0`…`key19` with FlatInput's values.
struct FlatCodable: Codable {
    var key0, key1, key2, key3, key4, key5, key6, key7, key8, key9: String
    var key10, key11, key12, key13, key14, key15, key16, key17, key18, key19: String

    init(_ input: FlatInput) {
        let v = input.values
        (key0, key1, key2, key3, key4, key5, key6, key7, key8, key9) = (
            v[0], v[1], v[2], v[3], v[4], v[5], v[6], v[7], v[8], v[9]
        )
        (key10, key11, key12, key13, key14, key15, key16, key17, key18, key19) = (
            v[10], v[11], v[12], v[13], v[14], v[15], v[16], v[17], v[18], v[19]
        )
    }
}

/// One shape (W1, W2, W3 with 1,000 ids) as every kind of input a caller holds.
struct CallerShape {
    var id: String
    var parameters: ParameterValue
    var any: [String: Any]
    /// The value count of the shape (leaves), for per-value figures.
    var valueCount: Int
    /// Encodes the shape's `Codable` struct with a closure, so one list can hold the three struct types.
    var encodeWithWireform: (ParameterValueEncoder) throws -> ParameterValue
    /// The query straight from the struct (`queryString(encoding:)`).
    var queryFromValue: (StandardQueryStyle) throws -> String
    var formBody: (BodySerializer) throws -> SerializedBody
    var hummingbird: () throws -> String

    static func all(hummingbird encoder: URLEncodedFormEncoder) -> [CallerShape] {
        let flat = FlatInput()
        let flatCodable = FlatCodable(flat)
        let nested = NestedInput.value
        let ids = IDsInput(count: 1_000)
        return [
            CallerShape(
                id: "W1", parameters: flat.parameterValue, any: flat.anyDictionary, valueCount: 20,
                encodeWithWireform: { try $0.encode(flatCodable) },
                queryFromValue: { try $0.queryString(encoding: flatCodable) },
                formBody: { try $0.serialize(encodable: flatCodable, context: BodySerializationContext()) },
                hummingbird: { try encoder.encode(flatCodable) }),
            CallerShape(
                id: "W2", parameters: NestedInput.parameterValue, any: NestedInput.anyDictionary, valueCount: 19,
                encodeWithWireform: { try $0.encode(nested) },
                queryFromValue: { try $0.queryString(encoding: nested) },
                formBody: { try $0.serialize(encodable: nested, context: BodySerializationContext()) },
                hummingbird: { try encoder.encode(nested) }),
            CallerShape(
                id: "W3", parameters: ids.parameterValue, any: ids.anyDictionary, valueCount: 1_000,
                encodeWithWireform: { try $0.encode(ids) },
                queryFromValue: { try $0.queryString(encoding: ids) },
                formBody: { try $0.serialize(encodable: ids, context: BodySerializationContext()) },
                hummingbird: { try encoder.encode(ids) }),
        ]
    }
}
