import ArgumentParser

/// The value type of an option that may be given more than once (`--header`, `--path-param`, `--field`, `--file`);
/// every other option given twice is a usage error (``CommandLineArguments/validate()``).
protocol RepeatableValue {}

/// An option's values, counted for the rule that only a ``RepeatableValue`` option may be given more than once.
protocol CountedOptionValues {
    /// How many values the command line gave.
    var valueCount: Int { get }
    /// Whether the option may be given more than once.
    var isRepeatable: Bool { get }
}

extension Option: CountedOptionValues where Value: Collection {
    /// How many values the command line gave (read after parsing, when the values are set).
    var valueCount: Int { wrappedValue.count }
    /// Whether the values' type is a ``RepeatableValue``.
    var isRepeatable: Bool { Value.Element.self is any RepeatableValue.Type }
}
