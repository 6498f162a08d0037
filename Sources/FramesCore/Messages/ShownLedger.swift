/// The ids of messages already presented, with when (IM-03: each message
/// id is presented at most once, also across restarts — the ledger is
/// durable state, XC-10). Bounded: past `capacity` the entry presented
/// longest ago is forgotten; by then its push is long expired.
struct ShownLedger {
    static let capacity = 1_000

    private(set) var presentedAt: [ExactKey: Milliseconds] = [:]

    var count: Int { presentedAt.count }

    func contains(_ id: String) -> Bool {
        presentedAt[ExactKey(id)] != nil
    }

    mutating func insert(_ id: String, at time: Milliseconds) {
        presentedAt[ExactKey(id)] = time
        while presentedAt.count > Self.capacity, let oldest = oldestKey() {
            presentedAt[oldest] = nil
        }
    }

    mutating func removeAll() {
        presentedAt.removeAll()
    }

    /// Entries in presentation order (ties by id bytes): the export is the
    /// same for the same ledger.
    var ordered: [(id: String, time: Milliseconds)] {
        presentedAt.map { ($0.key.string, $0.value) }.sorted { a, b in
            a.time != b.time ? a.time < b.time : a.id.utf8.lexicographicallyPrecedes(b.id.utf8)
        }
    }

    private func oldestKey() -> ExactKey? {
        var oldest: (key: ExactKey, time: Milliseconds)?
        for (key, time) in presentedAt {
            if let current = oldest,
               current.time < time || (current.time == time && current.key.string.utf8.lexicographicallyPrecedes(key.string.utf8)) {
                continue
            }
            oldest = (key, time)
        }
        return oldest?.key
    }
}
