import Foundation
import Wireform

/// A large `--params` object kept as its input text and the position of each top-level member, so that a body can
/// be produced a few megabytes of members at a time instead of from one parameter tree.
///
/// A parsed tree costs about three times the JSON it comes from (a 192 MB file with 2 million keys became a 530 MB
/// tree), and a body built in memory adds its own size and more while it grows. Kept this way the input costs its own
/// size plus about 16 bytes and the key's bytes a member; each group of members (``groups``) is parsed into a small
/// tree, serialized by the registered format, and dropped. ``SplicedBodySerializer`` joins the groups' bodies.
final class LargeParameters: Sendable {
    /// Inputs at least this large take this path (smaller ones are parsed into one tree, as before).
    static let minimumInputSize = environmentInteger("WIREFORM_LARGE_PARAMS_MIN_BYTES") ?? 8 << 20
    /// A group holds members until their JSON reaches this size.
    static let groupInputSize = environmentInteger("WIREFORM_LARGE_PARAMS_GROUP_BYTES") ?? 1 << 20

    /// The JSON text.
    let bytes: [UInt8]
    /// The top-level members.
    let members: TopLevelMembers

    init(bytes: [UInt8], members: TopLevelMembers) {
        self.bytes = bytes
        self.members = members
    }

    /// Whether grouping saves memory: not when one member holds a quarter of the text or more, since its group is a
    /// tree of that member while the whole text is kept (one tree, built after the text is dropped, costs less).
    static func isWorthGrouping(_ members: TopLevelMembers, textSize: Int) -> Bool {
        var largest = 0
        for member in 0..<members.count {
            let end = member + 1 < members.count ? members.valueOffset(member + 1) : textSize
            largest = max(largest, end - members.valueOffset(member))
        }
        return largest < textSize / 4
    }

    /// The members' positions in the order a dictionary's keys are written: by UTF-8 bytes, or as read (32-bit,
    /// like the offsets: 4 bytes a member).
    func order(sorted: Bool) -> [UInt32] {
        sorted ? members.sortedOrder : (0..<members.count).map { UInt32(truncatingIfNeeded: $0) }
    }

    /// Consecutive ranges of `order`, each holding members whose JSON adds up to about ``groupInputSize`` bytes
    /// (one member at least).
    func groups(of order: [UInt32]) -> [Range<Int>] {
        var groups: [Range<Int>] = []
        var start = 0
        var size = 0
        for (position, stored) in order.enumerated() {
            let member = Int(stored)
            let end = member + 1 < members.count ? members.valueOffset(member + 1) : bytes.count
            size += end - members.valueOffset(member) + members.keyRange(member).count
            if size >= Self.groupInputSize {
                groups.append(start..<position + 1)
                start = position + 1
                size = 0
            }
        }
        if start < order.count { groups.append(start..<order.count) }
        return groups
    }

    /// The dictionary of the members at these positions, in this order.
    /// - Throws: ``ParamsJSONReader/ReadError`` (never: the text was checked when it was read).
    func dictionary(of positions: ArraySlice<UInt32>) throws(ParamsJSONReader.ReadError) -> ParameterValue {
        var dictionary = ParameterDictionary()
        for stored in positions {
            let member = Int(stored)
            dictionary[members.key(member)] = try ParamsJSONReader.readValue(in: bytes, at: members.valueOffset(member))
        }
        return .dictionary(dictionary)
    }
}

private func environmentInteger(_ name: String) -> Int? {
    ProcessInfo.processInfo.environment[name].flatMap { Int($0) }.map { max(1, $0) }
}
