extension QueryStyle where Self == StandardQueryStyle {
    /// OpenAPI's `form` style. With `explode: true`, the default for query parameters: `color=blue&color=black` for
    /// arrays and sets, `R=100&G=200` for a parameter's dictionary. With `explode: false`, `color=blue,black` for
    /// arrays and sets and `color=R,100,G,200` for dictionaries, each item escaped (a comma in one is `%2C`).
    ///
    /// Booleans are `true`/`false`; null and empty containers are `color=` (the `undefined` column of the
    /// specification's style examples). Keys are sorted unless ``StandardQueryStyle/keyOrdering`` says otherwise.
    /// Values nested inside an array, set or exploded dictionary throw ``SerializationError/Code/unsupportedValue``:
    /// the style cannot express them. See <doc:OpenAPIParameterStyles>.
    ///
    /// It differs from ``repeated`` and ``commaDelimited``, which nest dictionaries with brackets, write booleans as
    /// `1`/`0` and null as a bare key.
    /// - Parameter explode: OpenAPI's `explode`, on by default.
    /// - Returns: The style.
    public static func form(explode: Bool = true) -> Self {
        StandardQueryStyle(
            arrays: explode ? .repeated : .commaDelimited,
            sets: explode ? .repeated : .commaDelimited,
            nesting: explode ? .exploded : .commaDelimited,
            allowsNestedArrays: false,
            bools: .literal,
            emptyContainers: .emptyValue,
            nulls: .emptyValue
        )
    }

    /// OpenAPI's `spaceDelimited` style (`explode: false`): `color=blue%20black` for arrays and sets,
    /// `color=R%20100%20G%20200` for dictionaries; scalars as ``form(explode:)``.
    ///
    /// A space inside an item is escaped like the delimiter, so a reader cannot tell them apart (OpenAPI
    /// Appendix E). With `explode: true` the specification defines no output; use ``form(explode:)``.
    public static var spaceDelimited: Self {
        StandardQueryStyle(
            arrays: .spaceDelimited,
            sets: .spaceDelimited,
            nesting: .spaceDelimited,
            allowsNestedArrays: false,
            bools: .literal,
            emptyContainers: .emptyValue,
            nulls: .emptyValue
        )
    }

    /// OpenAPI's `pipeDelimited` style (`explode: false`): `color=blue%7Cblack` for arrays and sets,
    /// `color=R%7C100%7CG%7C200` for dictionaries; scalars as ``form(explode:)``.
    ///
    /// A `|` inside an item is escaped like the delimiter, so a reader cannot tell them apart (OpenAPI
    /// Appendix E). With `explode: true` the specification defines no output; use ``form(explode:)``.
    public static var pipeDelimited: Self {
        StandardQueryStyle(
            arrays: .pipeDelimited,
            sets: .pipeDelimited,
            nesting: .pipeDelimited,
            allowsNestedArrays: false,
            bools: .literal,
            emptyContainers: .emptyValue,
            nulls: .emptyValue
        )
    }
}
