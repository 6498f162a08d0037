/// The ids of messages already presented (IM-03: each message id is
/// presented at most once, also across restarts — the ledger is durable
/// state, XC-10). Bounded: past `capacity` the entry sent earliest is
/// forgotten, and its send time becomes the horizon: a message sent at or
/// before the horizon may have been shown, so it is refused too. At most
/// once therefore holds however many messages come.
struct ShownLedger {
    static let capacity = 1_000

    struct Entry: Equatable {
        var presentedAt: Milliseconds
        var sentAt: Int64
    }

    private(set) var entries: [ExactKey: Entry] = [:]
    /// Messages sent at or before this were forgotten, or older than one that was.
    private(set) var horizon: Int64?

    var count: Int { entries.count }

    func contains(_ id: String) -> Bool {
        entries[ExactKey(id)] != nil
    }

    /// Sent at or before the horizon: the ledger can no longer say it was
    /// not shown.
    func isBeyondHorizon(sentAt: Int64) -> Bool {
        horizon.map { sentAt <= $0 } ?? false
    }

    mutating func insert(_ id: String, presentedAt: Milliseconds, sentAt: Int64) {
        entries[ExactKey(id)] = Entry(presentedAt: presentedAt, sentAt: sentAt)
        while entries.count > Self.capacity, let oldest = earliestSent() {
            raiseHorizon(to: entries[oldest]?.sentAt ?? sentAt)
            entries[oldest] = nil
        }
    }

    mutating func raiseHorizon(to sentAt: Int64) {
        horizon = max(horizon ?? sentAt, sentAt)
    }

    mutating func removeAll() {
        entries.removeAll()
        horizon = nil
    }

    /// Entries in send order (ties by id bytes): the export is the same for
    /// the same ledger.
    var ordered: [(id: String, entry: Entry)] {
        entries.map { ($0.key.string, $0.value) }.sorted { a, b in
            a.entry.sentAt != b.entry.sentAt ? a.entry.sentAt < b.entry.sentAt : a.id.utf8.lexicographicallyPrecedes(b.id.utf8)
        }
    }

    private func earliestSent() -> ExactKey? {
        var earliest: (key: ExactKey, sentAt: Int64)?
        for (key, entry) in entries {
            if let current = earliest, current.sentAt < entry.sentAt
                || (current.sentAt == entry.sentAt && current.key.string.utf8.lexicographicallyPrecedes(key.string.utf8)) {
                continue
            }
            earliest = (key, entry.sentAt)
        }
        return earliest?.key
    }
}
