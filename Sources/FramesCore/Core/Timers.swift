/// Identifies a timer a module scheduled; the module keeps what it means.
public struct TimerID: Hashable, Sendable {
    let value: UInt64
}

/// The engine's pending timers (XC-01): the host learns the earliest
/// through the next deadline and calls back when it is due. Cancelling
/// forgets the id; its heap entry is skipped when it surfaces.
struct Timers {
    private struct Entry: Comparable {
        let deadline: Milliseconds
        let id: UInt64

        /// Earliest first; timers due at the same time fire in the order
        /// they were scheduled.
        static func < (a: Entry, b: Entry) -> Bool {
            (a.deadline, a.id) < (b.deadline, b.id)
        }
    }

    private var heap = MinHeap<Entry>()
    private var live: [UInt64: (deadline: Milliseconds, owner: ObjectIdentifier)] = [:]
    private var nextId: UInt64 = 1

    mutating func schedule(at deadline: Milliseconds, owner: ObjectIdentifier) -> TimerID {
        let id = nextId
        nextId &+= 1
        live[id] = (deadline, owner)
        heap.insert(Entry(deadline: deadline, id: id))
        return TimerID(value: id)
    }

    mutating func cancel(_ id: TimerID?) {
        guard let id else { return }
        live[id.value] = nil
    }

    mutating func removeAll() {
        heap.removeAll()
        live.removeAll()
    }

    /// The earliest pending deadline (dropping cancelled entries on the way).
    mutating func nextDeadline() -> Milliseconds? {
        while let top = heap.min {
            if live[top.id]?.deadline == top.deadline { return top.deadline }
            _ = heap.popMin()
        }
        return nil
    }

    /// Removes and returns the timers due at `now`, earliest first. Timers
    /// they schedule fire on a later call, never in this one.
    mutating func takeDue(at now: Milliseconds) -> [(TimerID, ObjectIdentifier)] {
        var due: [(TimerID, ObjectIdentifier)] = []
        while let top = heap.min, top.deadline <= now {
            _ = heap.popMin()
            guard let entry = live[top.id], entry.deadline == top.deadline else { continue }
            live[top.id] = nil
            due.append((TimerID(value: top.id), entry.owner))
        }
        return due
    }
}
