/// What a timer does when it fires.
enum TimerKind: Equatable {
    case retryResolution
    case retryDownload(ContentReference)
    case renderTimeout(frame: UInt64, token: UInt64)
    case retryBannerRequest(RequestPurpose)
    /// A playing banner of the place reaches its duration (BN-09, BN-10).
    case bannerTick(place: UInt64)
}

/// The engine's pending timers. Few at a time (one per retry or render), so
/// a flat array beats a heap here; `nextDeadline` also covers requests.
struct Timers {
    private var entries: [(deadline: Milliseconds, kind: TimerKind)] = []

    mutating func schedule(_ kind: TimerKind, at deadline: Milliseconds) {
        entries.append((deadline, kind))
    }

    mutating func cancel(where predicate: (TimerKind) -> Bool) {
        entries.removeAll { predicate($0.kind) }
    }

    mutating func removeAll() { entries.removeAll() }

    var nextDeadline: Milliseconds? { entries.map(\.deadline).min() }

    /// Removes and returns the timers due at `now`, earliest first.
    mutating func takeDue(at now: Milliseconds) -> [TimerKind] {
        let due = entries.enumerated().filter { $0.element.deadline <= now }
            .sorted { ($0.element.deadline, $0.offset) < ($1.element.deadline, $1.offset) }
        guard !due.isEmpty else { return [] }
        entries.removeAll { $0.deadline <= now }
        return due.map(\.element.kind)
    }
}
