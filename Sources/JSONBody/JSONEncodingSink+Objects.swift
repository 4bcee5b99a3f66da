import Wireform

/// Objects: members written as they arrive, put in order when the object ends.
extension JSONEncodingSink {
    /// Starts an object; `sortsKeys` for a Swift `Dictionary`, whose keys are sorted whatever the options.
    mutating func beginKeyed(sortsKeys: Bool) {
        beginContainer(isKeyed: true, sortsKeys: sortsKeys, bracket: UInt8(ascii: "{"))
    }

    /// The key of the next member: the comma after the member before, then the key and the colon.
    mutating func key(_ key: String) {
        let index = levels.count - 1
        if levels[index].count > 0 {
            members[members.count - 1].end = bytes.count
            bytes.append(UInt8(ascii: ","))
        }
        levels[index].count &+= 1
        let start = bytes.count
        newline()
        appendString(key)
        if isPretty {
            bytes.append(contentsOf: [UInt8(ascii: " "), UInt8(ascii: ":"), UInt8(ascii: " ")])
        } else {
            bytes.append(UInt8(ascii: ":"))
        }
        let sortKey = UTF8Order.SortKey(key)
        if !sortKey.isASCII { levels[index].hasNonASCIIKey = true }
        members.append(Member(key: key, sortKey: sortKey, start: start, valueStart: bytes.count))
    }

    /// Ends an object: its members put in the order to write, when they came in another.
    mutating func endKeyed() {
        let level = levels.removeLast()
        let base = level.memberBase
        if members.count > base {
            members[members.count - 1].end = bytes.count
            if memberOrder(of: level, sorted: sortsKeys || level.sortsKeys) { reorder(base: base) }
            members.removeSubrange(base...)
        }
        close(UInt8(ascii: "}"), count: level.count)
    }

    /// Writes an object's members again in a new order, with commas between them; a member whose key came again
    /// is written with its first key and its last value.
    private mutating func reorder(base: Int) {
        let start = members[base].start
        scratch.removeAll(keepingCapacity: true)
        scratch.append(contentsOf: bytes[start...])
        bytes.removeSubrange(start...)
        for (position, entry) in order.enumerated() {
            if position > 0 { bytes.append(UInt8(ascii: ",")) }
            let member = members[base + entry.value]
            if entry.key == entry.value {
                bytes.append(contentsOf: scratch[(member.start - start)..<(member.end - start)])
            } else {
                let keyMember = members[base + entry.key]
                bytes.append(contentsOf: scratch[(keyMember.start - start)..<(keyMember.valueStart - start)])
                bytes.append(contentsOf: scratch[(member.valueStart - start)..<(member.end - start)])
            }
        }
    }
}
