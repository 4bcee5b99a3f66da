import ArgumentParser

/// The value type of an option that may be given more than once (`--header`, `--path-param`, `--field`, `--file`);
/// every other option given twice is a usage error (``CommandLineArguments/validate()``).
protocol RepeatableValue {}

/// An option's values, checked against the rule that only a ``RepeatableValue`` option may be given more than once.
protocol SingleValueRule {
    /// Whether the option was given more than once and may not be.
    var breaksSingleValueRule: Bool { get }
}

extension Option: SingleValueRule where Value: Collection {
    /// Whether the command line gave more than one value (read after parsing, when the values are set) and the
    /// values' type is not a ``RepeatableValue``.
    var breaksSingleValueRule: Bool { wrappedValue.count > 1 && !(Value.Element.self is any RepeatableValue.Type) }
}
