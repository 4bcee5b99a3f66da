extension StandardQueryStyle {
    /// How array elements are named.
    public var arrays: ArrayEncoding {
        get { ArrayEncoding(base: arrayCase, namer: customEncodings?.arrays) }
        set {
            arrayCase = newValue.base
            customEncodings = CustomEncodings.boxing(
                arrays: newValue.namer, sets: customEncodings?.sets, reservedTables: customEncodings?.reservedTables)
        }
    }

    /// How set members are named.
    public var sets: ArrayEncoding {
        get { ArrayEncoding(base: setCase, namer: customEncodings?.sets) }
        set {
            setCase = newValue.base
            customEncodings = CustomEncodings.boxing(
                arrays: customEncodings?.arrays, sets: newValue.namer, reservedTables: customEncodings?.reservedTables)
        }
    }

    /// Which reserved characters are escaped: all but `/` and `?` (the default), all but those OpenAPI's
    /// `allowReserved` keeps in values, or all but the ones the caller names, in names and values; only the escaped query and form output change, the pairs of
    /// ``appendPairs(for:to:)`` are unescaped either way.
    public var reservedCharacters: ReservedCharacterEncoding {
        get { ReservedCharacterEncoding(base: reservedCase, tables: customEncodings?.reservedTables) }
        set {
            reservedCase = newValue.base
            customEncodings = CustomEncodings.boxing(
                arrays: customEncodings?.arrays, sets: customEncodings?.sets, reservedTables: newValue.tables)
        }
    }
}

/// What the custom encodings of a ``StandardQueryStyle`` carry beyond their case, kept together behind one
/// reference: never changed once made (a new value makes a new box).
final class CustomEncodings: Sendable {
    /// The closure of a ``StandardQueryStyle/ArrayEncoding/custom(_:)`` array encoding.
    let arrays: StandardQueryStyle.ArrayElementNamer?
    /// The closure of a ``StandardQueryStyle/ArrayEncoding/custom(_:)`` set encoding.
    let sets: StandardQueryStyle.ArrayElementNamer?
    /// The escape tables of ``StandardQueryStyle/ReservedCharacterEncoding/allowing(_:)``.
    let reservedTables: AllowedByteTables?

    /// The box for these parts, or `nil` when there are none (every encoding a named one); a factory rather than a
    /// failable initializer, which would allocate the object before it returns `nil`.
    static func boxing(
        arrays: StandardQueryStyle.ArrayElementNamer?, sets: StandardQueryStyle.ArrayElementNamer?,
        reservedTables: AllowedByteTables?
    ) -> CustomEncodings? {
        guard arrays != nil || sets != nil || reservedTables != nil else { return nil }
        return CustomEncodings(arrays: arrays, sets: sets, reservedTables: reservedTables)
    }

    private init(
        arrays: StandardQueryStyle.ArrayElementNamer?, sets: StandardQueryStyle.ArrayElementNamer?,
        reservedTables: AllowedByteTables?
    ) {
        self.arrays = arrays
        self.sets = sets
        self.reservedTables = reservedTables
    }
}
