import Wireform

extension BinaryPropertyListSink {
    /// Calls `body` with each child of a container that ended, in arrival order (a dictionary's key, its value, the
    /// next key…): the objects after it, each child's subtree after the one before. No byte is read unless
    /// `positions` is set, so the children can be listed while the document is laid out.
    /// - Parameters:
    ///   - index: The container's index in ``containers``.
    ///   - end: The number after its last descendant.
    ///   - positions: Whether to find where each child's bytes start in ``bytes`` (before the layout).
    ///   - body: Receives a child's number and, with `positions`, where its bytes start (else 0).
    func forEachArrivalChild(
        of index: Int, end: Int, positions: Bool, _ body: (_ number: Int, _ position: Int) -> Void
    ) {
        var number = containers[index].number + 1
        var position = containers[index].position
        var next = index + 1
        while number < end {
            body(number, position)
            if next < containers.count, containers[next].number == number {
                let child = containers[next]
                number = child.end
                position = child.endPosition
                // Past the child's descendants, which come right after it.
                next += 1
                while next < containers.count, containers[next].number < child.end { next += 1 }
            } else {
                if positions { position += BinaryPropertyListBytes.scalarSize(at: position, in: bytes.writtenBytes) }
                number += 1
            }
        }
    }

    /// The children of a container by arrival, with where each one's bytes start (before the layout).
    /// - Parameter index: The container's index in ``containers``; it has ended.
    func arrivalChildren(of index: Int) -> [(number: Int, position: Int)] {
        var children: [(number: Int, position: Int)] = []
        forEachArrivalChild(of: index, end: containers[index].end, positions: true) { children.append(($0, $1)) }
        return children
    }

    /// Calls `body` with each child of a container in the written order, by arrival number: an array's elements, or
    /// a dictionary's keys and then its values.
    /// - Parameters:
    ///   - index: The container's index in ``containers``.
    ///   - body: Receives a child's arrival number.
    func forEachWrittenChild(of index: Int, _ body: (Int) -> Void) {
        let container = containers[index]
        if let range = container.writtenOrder {
            for slot in stride(from: range.lowerBound, to: range.upperBound, by: 2) { body(reorderedChildren[slot]) }
            for slot in stride(from: range.lowerBound + 1, to: range.upperBound, by: 2) {
                body(reorderedChildren[slot])
            }
            return
        }
        guard container.isKeyed else {
            forEachArrivalChild(of: index, end: container.end, positions: false) { number, _ in body(number) }
            return
        }
        for isValue in [false, true] {
            var isKey = true
            forEachArrivalChild(of: index, end: container.end, positions: false) { number, _ in
                if isKey != isValue { body(number) }
                isKey.toggle()
            }
        }
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
