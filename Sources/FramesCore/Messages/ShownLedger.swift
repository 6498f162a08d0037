// Decides: IM-03
/// The ids of messages already presented (IM-03: each message id is
/// presented at most once, also across restarts — the ledger is durable
/// state, XC-10). Bounded: past `capacity` the entries sent earliest are
/// forgotten, a tenth at a time (one sort per hundred presentations, not a
/// scan per presentation), and the last one forgotten — in the order of
/// send time, then id bytes — becomes the horizon: a message at or before
/// the horizon in that order may have been shown, so it is refused too. At
/// most once therefore holds however many messages come.
struct ShownLedger {
    static let capacity = 1_000
    /// What remains after forgetting: 90 % of the capacity.
    static let keptAfterForgetting = capacity - capacity / 10

    struct Entry: Equatable {
        var presentedAt: Milliseconds
        var sentAt: Int64
    }

    /// The last message forgotten, by (send time, id bytes).
    struct Horizon: Equatable {
        var sentAt: Int64
        var id: String

        /// (sentAt, id) <= self.
        func covers(sentAt: Int64, id: String) -> Bool {
            sentAt != self.sentAt ? sentAt < self.sentAt : !self.id.utf8.lexicographicallyPrecedes(id.utf8)
        }

        static func == (a: Horizon, b: Horizon) -> Bool { a.sentAt == b.sentAt && a.id.isExactly(b.id) }
    }

    private(set) var entries: [ExactKey: Entry] = [:]
    private(set) var horizon: Horizon?

    var count: Int { entries.count }

    func contains(_ id: String) -> Bool {
        entries[ExactKey(id)] != nil
    }

    /// At or before the horizon: the ledger can no longer say it was not
    /// shown.
    func isBeyondHorizon(sentAt: Int64, id: String) -> Bool {
        horizon?.covers(sentAt: sentAt, id: id) ?? false
    }

    mutating func insert(_ id: String, presentedAt: Milliseconds, sentAt: Int64) {
        entries[ExactKey(id)] = Entry(presentedAt: presentedAt, sentAt: sentAt)
        guard entries.count > Self.capacity else { return }
        let forgotten = ordered.prefix(entries.count - Self.keptAfterForgetting)
        for (id, entry) in forgotten {
            raiseHorizon(to: Horizon(sentAt: entry.sentAt, id: id))
            entries[ExactKey(id)] = nil
        }
    }

    mutating func raiseHorizon(to candidate: Horizon) {
        if let current = horizon, current.covers(sentAt: candidate.sentAt, id: candidate.id) { return }
        horizon = candidate
    }

    /// Entries in send order (ties by id bytes): the export is the same for
    /// the same ledger.
    var ordered: [(id: String, entry: Entry)] {
        entries.map { ($0.key.string, $0.value) }.sorted { a, b in
            a.entry.sentAt != b.entry.sentAt ? a.entry.sentAt < b.entry.sentAt : a.id.utf8.lexicographicallyPrecedes(b.id.utf8)
        }
    }

}
