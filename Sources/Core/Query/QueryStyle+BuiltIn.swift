extension QueryStyle where Self == StandardQueryStyle {
    /// AFNetworking's style, the default: `user[name]=x&tags[]=a&tags[]=b`, sets of scalars as `k=a&k=b`, keys sorted,
    /// null as a bare key, booleans `1`/`0`, empty containers omitted.
    public static var brackets: Self { StandardQueryStyle() }

    /// `tags=a&tags=b` for arrays and sets; dictionaries still nest with brackets. Arrays and sets must hold
    /// scalars here: a container inside one is an error, since repeated keys cannot express it.
    public static var repeated: Self { StandardQueryStyle(arrays: .repeated) }

    /// `tags[0]=a&tags[1]=b`, sets as `tags[0]`… too.
    public static var indexed: Self { StandardQueryStyle(arrays: .indexed, sets: .indexed) }

    /// `tags=a,b`: each element escaped and joined with a literal comma (OpenAPI `form`, `explode: false`).
    public static var commaDelimited: Self { StandardQueryStyle(arrays: .commaDelimited, sets: .commaDelimited) }

    /// `user.name=x&tags[0]=a`: dictionaries with dots, arrays indexed (Spring's binder convention).
    public static var dotted: Self { StandardQueryStyle(arrays: .indexed, sets: .indexed, nesting: .dotted) }

    /// OpenAPI's `deepObject` (`explode: true`): `filter[color]=red&filter[size]=10`, top-level arrays as
    /// `id=1&id=2`, booleans `true`/`false`.
    ///
    /// Dictionaries may nest (`filter[size][min]=1`, the common extension of the spec); an array or set inside a
    /// dictionary, and a container inside an array or set, cannot be expressed and throw
    /// ``SerializationError/Code/unsupportedValue`` naming the key.
    public static var deepObject: Self {
        StandardQueryStyle(arrays: .repeated, sets: .repeated, allowsNestedArrays: false, bools: .literal)
    }
}
