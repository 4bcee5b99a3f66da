extension QueryStyle where Self == StandardQueryStyle {
    /// OpenAPI's `form` style with `explode: true`, the default for query parameters:
    /// `color=blue&color=black` for arrays and sets, `R=100&G=200` for a parameter's dictionary.
    ///
    /// Booleans are `true`/`false`; null and empty containers are `color=` (the `undefined` column of the
    /// specification's style examples). Keys are sorted unless ``StandardQueryStyle/keyOrdering`` says otherwise.
    /// Values nested inside an array, set or exploded dictionary throw ``SerializationError/Code/unsupportedValue``:
    /// the style cannot express them. See <doc:OpenAPIParameterStyles>.
    public static var form: Self { form(explode: true) }

    /// OpenAPI's `form` style: with `explode: true` as ``form``; with `explode: false`, `color=blue,black` for
    /// arrays and sets and `color=R,100,G,200` for dictionaries, each item escaped (a comma in one is `%2C`).
    ///
    /// It differs from ``commaDelimited``, which nests dictionaries with brackets, writes booleans as `1`/`0` and
    /// null as a bare key.
    /// - Parameter explode: OpenAPI's `explode`.
    /// - Returns: The style.
    public static func form(explode: Bool) -> Self {
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
    /// `color=R%20100%20G%20200` for dictionaries; scalars as ``form``.
    ///
    /// A space inside an item is escaped like the delimiter, so a reader cannot tell them apart (OpenAPI
    /// Appendix E). With `explode: true` the specification defines no output; use ``form``.
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
    /// `color=R%7C100%7CG%7C200` for dictionaries; scalars as ``form``.
    ///
    /// A `|` inside an item is escaped like the delimiter, so a reader cannot tell them apart (OpenAPI
    /// Appendix E). With `explode: true` the specification defines no output; use ``form``.
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
