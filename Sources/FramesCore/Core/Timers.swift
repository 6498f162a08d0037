/// Identifies a timer a module scheduled; the module keeps what it means.
public struct TimerID: Hashable, Sendable {
    let value: UInt64
}

/// The engine's pending timers (XC-01): the host learns the earliest
/// through the next deadline and calls back when it is due.
struct Timers {
    private var pending = Deadlines<ObjectIdentifier>()
    private var nextId: UInt64 = 1

    mutating func schedule(at deadline: Milliseconds, owner: ObjectIdentifier) -> TimerID {
        let id = nextId
        nextId &+= 1
        pending.insert(id, at: deadline, owner)
        return TimerID(value: id)
    }

    mutating func cancel(_ id: TimerID?) {
        guard let id else { return }
        pending.remove(id.value)
    }

    mutating func removeAll() { pending.removeAll() }

    mutating func nextDeadline() -> Milliseconds? { pending.next() }

    /// Removes and returns the timers due at `now`, earliest first. Timers
    /// they schedule fire on a later call, never in this one.
    mutating func takeDue(at now: Milliseconds) -> [(TimerID, ObjectIdentifier)] {
        pending.takeDue(at: now).map { (TimerID(value: $0.id), $0.value) }
    }
}
