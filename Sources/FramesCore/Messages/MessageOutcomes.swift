/// How recent messages ended, by id, for `explain` (XC-11): the engine acts
/// on a discarded message and forgets it, and a closed message leaves only
/// its id in the shown-once ledger — so the engine keeps, besides, the last
/// outcome of the most recent message ids. Bounded: past `capacity` ids
/// the oldest outcome is forgotten, and a forgotten id is explained as
/// unknown or, if the ledger has it, shown before (docs/decisions.md,
/// XC-11). Not durable: an explanation is about this engine's life.
struct MessageOutcomes {
    static let capacity = 128

    enum Ending: Equatable {
        /// Never presented (IM-03, IM-04).
        case discarded(DiscardReason)
        /// Refused when it was handed in (IM-01, XC-09).
        case refused(NotificationResult, String)
        /// Presented, then closed: how.
        case closed(String)
    }

    struct Outcome: Equatable {
        let id: String
        let ending: Ending
        let at: Milliseconds
        /// What the message said of itself, when it was read.
        let message: ModalMessage?
        let arrivedAt: Milliseconds?
        /// The message that took its place (superseded).
        var supersededBy: String?
        /// The user it belonged to: its addressee (other_user) or who was
        /// logged in while it waited (logout, user_changed).
        var userId: String?
    }

    /// Oldest first; at most one per id.
    private(set) var outcomes: [Outcome] = []

    mutating func note(_ outcome: Outcome) {
        outcomes.removeAll { $0.id.isExactly(outcome.id) }
        outcomes.append(outcome)
        if outcomes.count > Self.capacity { outcomes.removeFirst(outcomes.count - Self.capacity) }
    }

    func last(_ id: String) -> Outcome? {
        outcomes.last { $0.id.isExactly(id) }
    }
}
