import Wireform

#if canImport(FoundationEssentials)
    import FoundationEssentials
#else
    import Foundation
#endif

/// A property list writer fed by ``Wireform/EncodingSink`` events: XML or binary.
protocol PropertyListEventWriter: EncodingSink, ~Copyable {
    /// Creates a writer.
    /// - Parameters:
    ///   - keyOrdering: The order of dictionary keys.
    ///   - membersArriveInOrder: Whether the source sends every dictionary's members distinct and already in the
    ///     order to write (a tree walked with the same key ordering), so the writer need not keep them to sort.
    init(keyOrdering: KeyOrdering, membersArriveInOrder: Bool)

    /// The finished property list, as `Data` that owns the writer's buffer (no copy).
    /// - Throws: The first error found, or ``Wireform/SerializationError`` when the source did not send exactly
    ///   one complete value.
    mutating func finish() throws(SerializationError) -> Data
}

extension PropertyListEventWriter where Self: ~Copyable {
    /// The error for events that did not make one complete value.
    static var incompleteValue: SerializationError {
        SerializationError(.unsupportedValue, "The source sent no complete value for the property list")
    }

    /// The error for events out of order: a key outside a dictionary, a container ended by the other kind's end.
    static var misplacedEvent: SerializationError {
        SerializationError(.unsupportedValue, "The source sent a key or a container's end out of place")
    }
}
