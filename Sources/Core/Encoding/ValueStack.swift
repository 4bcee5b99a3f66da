/// A stack of values in memory it allocates itself: the engine's working stacks (a sink's open containers and
/// members), without an array's allocation and uniqueness checks on every change.
///
/// Indices out of range stop the program, as an array's do; the engine's own bookkeeping decides them, never input.
struct ValueStack<Element>: ~Copyable {
    // Manual storage: the engine's stack without Array's uniqueness checks and copies (see the type's comment).
    private var base: UnsafeMutablePointer<Element>
    /// Room allocated at ``base``; 0 before the first push of a stack made with ``init(firstCapacity:)``.
    private var capacity: Int
    /// The room allocated by the first push, when nothing is allocated yet.
    private let firstCapacity: Int
    /// The number of elements.
    private(set) var count = 0

    /// An empty stack with room for `capacity` elements before it grows.
    init(capacity: Int) {
        self.capacity = max(capacity, 1)
        firstCapacity = self.capacity
        base = .allocate(capacity: self.capacity)
    }

    /// An empty stack that allocates nothing until its first push, which makes room for `firstCapacity` elements.
    init(firstCapacity: Int) {
        capacity = 0
        self.firstCapacity = max(firstCapacity, 1)
        // Never read or written before the first push replaces it.
        base = UnsafeMutablePointer(bitPattern: MemoryLayout<Element>.alignment) ?? .allocate(capacity: 1)
    }

    deinit {
        base.deinitialize(count: count)
        if capacity > 0 { base.deallocate() }
    }

    /// The top element, or `nil` when the stack is empty.
    var last: Element? { count > 0 ? base[count &- 1] : nil }

    /// The index of the top element, or `nil` when the stack is empty.
    var lastIndex: Int? { count > 0 ? count &- 1 : nil }

    /// The element at `index`, read or changed in place.
    ///
    /// Invariant, not input: every index comes from the engine's own bookkeeping (`lastIndex`, positions it pushed),
    /// never from a caller's value or an `encode(to:)`, so the checks below cannot fail; they stay as bounds checks
    /// instead of reading out of this stack's memory if that bookkeeping ever broke.
    subscript(index: Int) -> Element {
        // An addressor: callers read an element (or one of its fields) in place, not a copy of it.
        unsafeAddress {
            // Invariant: the engine indexes only entries it pushed; the check stops a broken one from reading memory.
            precondition(index >= 0 && index < count, "ValueStack index out of range")
            return UnsafePointer(base + index)
        }
        unsafeMutableAddress {
            // Invariant: the engine indexes only entries it pushed; the check stops a broken one from writing memory.
            precondition(index >= 0 && index < count, "ValueStack index out of range")
            return base + index
        }
    }

    // The `count` initialized elements, lent without a copy; callers use them before the next push or pop.
    /// The elements, valid until the stack next changes.
    var elements: UnsafeBufferPointer<Element> { UnsafeBufferPointer(start: base, count: count) }

    /// Pushes an element.
    mutating func append(_ element: consuming Element) {
        if count == capacity { grow() }
        (base + count).initialize(to: element)
        count &+= 1
    }

    /// Pops the top element.
    @discardableResult
    mutating func removeLast() -> Element {
        // Invariant: the engine pops only what it pushed (a container ends only after it began).
        precondition(count > 0, "ValueStack is empty")
        count &-= 1
        return (base + count).move()
    }

    /// Pops elements until `newCount` are left.
    mutating func removeLast(downTo newCount: Int) {
        guard newCount < count else { return }
        // Invariant: `newCount` is a count this stack had before (a saved position), never negative.
        precondition(newCount >= 0, "ValueStack index out of range")
        (base + newCount).deinitialize(count: count &- newCount)
        count = newCount
    }

    private mutating func grow() {
        let newCapacity = capacity > 0 ? capacity &* 2 : firstCapacity
        // Doubling growth: the elements move to the new memory and the old one is freed.
        let newBase = UnsafeMutablePointer<Element>.allocate(capacity: newCapacity)
        newBase.moveInitialize(from: base, count: count)
        if capacity > 0 { base.deallocate() }
        base = newBase
        capacity = newCapacity
    }
}
