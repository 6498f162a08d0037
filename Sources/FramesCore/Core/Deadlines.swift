// Decides: XC-01
/// Values that fall due at a time: the core's timers and the deadlines of
/// requests in flight (XC-01). A heap orders them; removing one forgets it at
/// once and its heap entry is skipped when it surfaces, so scheduling,
/// cancelling and the next deadline stay O(log n) whatever is pending.
struct Deadlines<Value> {
    private struct Entry: Comparable {
        let deadline: Milliseconds
        let id: UInt64

        /// Earliest first; equal deadlines in the order they were added.
        static func < (a: Entry, b: Entry) -> Bool { (a.deadline, a.id) < (b.deadline, b.id) }
    }

    private var heap = MinHeap<Entry>()
    private(set) var live = IdTable<(deadline: Milliseconds, value: Value)>()

    /// Room for `count` more pending values without growing on the way.
    mutating func reserveCapacity(more count: Int) {
        live.reserveCapacity(live.count + count)
        heap.reserveCapacity(heap.count + count)
    }

    mutating func insert(_ id: UInt64, at deadline: Milliseconds, _ value: Value) {
        live.insert(id, (deadline, value))
        heap.insert(Entry(deadline: deadline, id: id))
    }

    @discardableResult
    mutating func remove(_ id: UInt64) -> Value? {
        live.removeValue(forKey: id)?.value
    }

    mutating func removeAll(where drop: (Value) -> Bool) {
        live.removeAll { drop($0.value) }
    }

    mutating func removeAll() {
        heap.removeAll()
        live.removeAll()
    }

    /// The earliest pending deadline.
    mutating func next() -> Milliseconds? {
        while let top = heap.min {
            if live[top.id]?.deadline == top.deadline { return top.deadline }
            _ = heap.popMin()
        }
        return nil
    }

    /// Removes and returns what is due at `now`, earliest first.
    mutating func takeDue(at now: Milliseconds) -> [(id: UInt64, value: Value)] {
        var due: [(id: UInt64, value: Value)] = []
        while let top = heap.min, top.deadline <= now {
            _ = heap.popMin()
            guard let entry = live[top.id], entry.deadline == top.deadline else { continue }
            live.removeValue(forKey: top.id)
            due.append((top.id, entry.value))
        }
        return due
    }
}
