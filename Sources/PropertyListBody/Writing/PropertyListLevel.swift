import Wireform

/// One open dictionary or array of a property list written from ``Wireform/EncodingSink`` events, as both writers
/// keep it: what an error's path needs (the member's key, the element's position) and where the container starts.
struct PropertyListLevel {
    /// A dictionary, or an array (a set is an array).
    let isKeyed: Bool
    /// A Swift `Dictionary`, whose keys are sorted whatever the key ordering.
    let sortsKeys: Bool
    /// Where the container starts: its open tag's offset (XML) or its record's index (binary).
    let start: Int
    /// Where its members start in the writer's member list (XML), or where its children's bytes start (binary).
    let base: Int
    /// Whether every key so far is ASCII and comes after the one before (byte order): then the members are distinct
    /// and in the order to write, and the binary writer keeps nothing to sort them.
    var keysAscend = true
    /// Members or elements begun so far.
    var count = 0
    /// The key of the member being written.
    var key = ""

    /// The container's path step to the value being written in it.
    var component: ParameterPath.Component {
        isKeyed ? .key(key) : .index(count - 1)
    }
}

extension [PropertyListLevel] {
    /// The path from the root to the value being written.
    var path: ParameterPath { ParameterPath(map(\.component)) }

    /// Counts a value begun in the innermost array, for the index an error names.
    /// - Parameter followsKey: Whether a key came just before the value.
    /// - Returns: Whether the value is in its place: in an array, or after a key in a dictionary.
    mutating func beginValue(followsKey: Bool) -> Bool {
        guard let index = indices.last else { return true }
        if self[index].isKeyed { return followsKey }
        self[index].count &+= 1
        return true
    }

    /// Starts a member of the innermost dictionary.
    mutating func beginMember(_ key: String) {
        let index = count - 1
        self[index].count &+= 1
        self[index].key = key
    }
}
