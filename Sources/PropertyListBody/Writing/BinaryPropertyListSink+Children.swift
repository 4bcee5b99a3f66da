import Wireform

extension BinaryPropertyListSink {
    /// Calls `body` with each child of a container that ended, in arrival order (a dictionary's key, its value, the
    /// next key…): the objects after it, each child's subtree after the one before. No byte is read unless
    /// `position` is given, so the children can be listed while the document is laid out.
    /// - Parameters:
    ///   - index: The container's index in ``containers``.
    ///   - end: The number after its last descendant.
    ///   - position: Where its first child's bytes start in ``bytes`` (before the layout), to find where each
    ///     child's bytes start; `nil` for none.
    ///   - body: Receives a child's number and, with `position`, where its bytes start (else 0).
    func forEachArrivalChild(
        of index: Int, end: Int, position: Int? = nil, _ body: (_ number: Int, _ position: Int) -> Void
    ) {
        let bytes = position == nil ? nil : self.bytes.writtenBytes
        var number = containers[index].number + 1
        var position = position ?? 0
        var next = index + 1
        while number < end {
            body(number, position)
            if next < containers.count, containers[next].number == number {
                // Past the child's descendants, which come right after it; with positions, past their bytes too
                // (the records keep no byte positions: a container has no bytes before the layout).
                let childEnd = containers[next].end
                next += 1
                number += 1
                if let bytes {
                    while number < childEnd {
                        if next < containers.count, containers[next].number == number {
                            next += 1
                        } else {
                            position += BinaryPropertyListBytes.scalarSize(at: position, in: bytes)
                        }
                        number += 1
                    }
                } else {
                    number = childEnd
                    while next < containers.count, containers[next].number < childEnd { next += 1 }
                }
            } else {
                if let bytes { position += BinaryPropertyListBytes.scalarSize(at: position, in: bytes) }
                number += 1
            }
        }
    }

    /// The children of a container by arrival, with where each one's bytes start (before the layout).
    /// - Parameters:
    ///   - index: The container's index in ``containers``; it has ended.
    ///   - position: Where its first child's bytes start in ``bytes``.
    func arrivalChildren(of index: Int, position: Int) -> [(number: Int, position: Int)] {
        var children: [(number: Int, position: Int)] = []
        forEachArrivalChild(of: index, end: containers[index].end, position: position) { children.append(($0, $1)) }
        return children
    }

    /// Calls `body` with each child of a container in the written order, by arrival number: an array's elements, or
    /// a dictionary's keys and then its values.
    /// - Parameters:
    ///   - index: The container's index in ``containers``.
    ///   - body: Receives a child's arrival number.
    func forEachWrittenChild(of index: Int, _ body: (Int) -> Void) {
        let container = containers[index]
        if let range = writtenOrder(of: index) {
            for slot in stride(from: range.lowerBound, to: range.upperBound, by: 2) {
                body(Int(reorderedChildren[slot]))
            }
            for slot in stride(from: range.lowerBound + 1, to: range.upperBound, by: 2) {
                body(Int(reorderedChildren[slot]))
            }
            return
        }
        guard container.isKeyed else {
            forEachArrivalChild(of: index, end: container.end) { number, _ in body(number) }
            return
        }
        for isValue in [false, true] {
            var isKey = true
            forEachArrivalChild(of: index, end: container.end) { number, _ in
                if isKey != isValue { body(number) }
                isKey.toggle()
            }
        }
    }

    /// A container's children in ``reorderedChildren``, key and value pairs in the written order, when its members
    /// were put in another order; `nil` when its children are the objects that follow it.
    /// - Parameter index: The container's index in ``containers``; it has ended.
    func writtenOrder(of index: Int) -> Range<Int>? {
        guard index < reorderedStarts.count, reorderedStarts[index] > 0 else { return nil }
        let start = Int(reorderedStarts[index]) - 1
        return start..<(start + 2 * containers[index].count)
    }

    /// The size of a container's object: its marker and count, and a reference for each child.
    /// - Parameters:
    ///   - container: The container.
    ///   - referenceSize: The size of a reference.
    func size(of container: Container, referenceSize: Int) -> Int {
        let children = container.isKeyed ? 2 * container.count : container.count
        return BinaryPropertyListBytes.markerSize(count: container.count) + children * referenceSize
    }

    /// The index in ``containers`` of the container whose number is `number`, if one is.
    func containerIndex(ofNumber number: Int) -> Int? {
        var low = 0
        var high = containers.count
        while low < high {
            let middle = (low + high) / 2
            if containers[middle].number < number { low = middle + 1 } else { high = middle }
        }
        return low < containers.count && containers[low].number == number ? low : nil
    }
}
