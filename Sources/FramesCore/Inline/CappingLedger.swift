// Decides: IL-05
/// When each campaign was displayed, per user (IL-05): what makes a campaign
/// ineligible once its limit is reached. Only campaigns with a capping are
/// written down, and only as many recent times as their limit needs.
///
/// Times are kept on a "ledger clock": the engine's monotonic milliseconds
/// plus `offset`, which is the wall-clock offset of the last import (0
/// before any). An import then keeps the blob's wall-clock times as they
/// are, and an export at the same offset writes them as they are — no
/// conversion, no copy of 10,000 small arrays (XC-10,
/// `InlineController+State.swift`).
struct CappingLedger: Equatable {
    /// One user's ledgers, sorted by the campaign ids' bytes: lookups are a
    /// binary search, and an export — after every display the host saves,
    /// and of thousands of ledgers — neither sorts nor hashes.
    struct Owner: Equatable {
        private(set) var ids: [ExactKey] = []
        private(set) var times: [[Milliseconds]] = []

        init() {}

        /// From an import, in any order; nil when an id repeats.
        init?(ids: [ExactKey], times: [[Milliseconds]]) {
            var sorted = true
            for i in ids.indices.dropFirst() where !ids[i - 1].string.precedesInBytes(ids[i].string) {
                sorted = false
                break
            }
            if sorted {
                self.ids = ids
                self.times = times
                return
            }
            let order = ids.indices.sorted { ids[$0].string.precedesInBytes(ids[$1].string) }
            self.ids = order.map { ids[$0] }
            self.times = order.map { times[$0] }
            for i in self.ids.indices.dropFirst() where self.ids[i - 1] == self.ids[i] { return nil }
        }

        /// Where `id` is, or where it would go.
        private func slot(_ id: ExactKey) -> (index: Int, found: Bool) {
            var low = 0, high = ids.count
            while low < high {
                let mid = (low + high) / 2
                if ids[mid].string.precedesInBytes(id.string) { low = mid + 1 } else { high = mid }
            }
            return (low, low < ids.count && ids[low] == id)
        }

        func times(_ id: ExactKey) -> [Milliseconds]? {
            let (index, found) = slot(id)
            return found ? times[index] : nil
        }

        mutating func set(_ id: ExactKey, _ values: [Milliseconds]) {
            let (index, found) = slot(id)
            if found {
                times[index] = values
            } else {
                ids.insert(id, at: index)
                times.insert(values, at: index)
            }
        }
    }

    /// user (nil: nobody logged in) → that user's ledgers, in ledger-clock times.
    private(set) var owners: [ExactKey?: Owner] = [:]
    /// Ledger clock minus monotonic clock.
    private(set) var offset: Int64 = 0

    init(owners: [ExactKey?: Owner] = [:], offset: Int64 = 0) {
        self.owners = owners
        self.offset = offset
    }

    var isEmpty: Bool { owners.isEmpty }

    /// How many (owner, campaign) ledgers there are.
    var ledgerCount: Int { owners.values.reduce(0) { $0 + $1.ids.count } }

    /// A display of `campaign` started at `now` for `owner`. Only the last
    /// `capping.maxDisplays` times can ever matter, so older ones go.
    mutating func note(_ owner: String?, _ campaign: String, capping: InlineCapping, at now: Milliseconds) {
        let ownerKey = owner.map(ExactKey.init)
        let id = ExactKey(campaign)
        var times = owners[ownerKey]?.times(id) ?? []
        let stamp = now.addingClamped(offset)
        let position = times.lastIndex { $0 <= stamp }.map { $0 + 1 } ?? 0
        times.insert(stamp, at: position)
        if times.count > capping.maxDisplays { times.removeFirst(times.count - capping.maxDisplays) }
        owners[ownerKey, default: Owner()].set(id, times)
    }

    /// Nil while `campaign` may be displayed; otherwise when it may be again
    /// (`Milliseconds.max` for a lifetime cap that is reached).
    func cappedUntil(_ owner: String?, _ campaign: String, capping: InlineCapping, now: Milliseconds) -> Milliseconds? {
        guard let times = times(owner, campaign) else { return nil }
        return Self.cappedUntil(times, capping, now: now)
    }

    /// Displays of `campaign` inside its period at `now`.
    func displays(_ owner: String?, _ campaign: String, capping: InlineCapping, now: Milliseconds) -> Int {
        guard let times = times(owner, campaign) else { return 0 }
        guard let period = capping.periodMs else { return times.count }
        return times.reduce(0) { $0 + (now.addingClamped(-period) < $1 ? 1 : 0) }
    }

    /// The display times of one campaign for one owner, oldest first, on
    /// the monotonic clock.
    func times(_ owner: String?, _ campaign: String) -> [Milliseconds]? {
        guard let stored = owners[owner.map(ExactKey.init)]?.times(ExactKey(campaign)) else { return nil }
        return offset == 0 ? stored : stored.map { $0.addingClamped(-offset) }
    }

    /// When `times` (oldest first) make `capping` reached at `now`, when it
    /// may be displayed again (`.max`: never); else nil.
    static func cappedUntil(_ times: [Milliseconds], _ capping: InlineCapping, now: Milliseconds) -> Milliseconds? {
        guard times.count >= capping.maxDisplays, let limiting = times[safe: times.count - capping.maxDisplays] else {
            return nil
        }
        guard let period = capping.periodMs else { return .max }
        let until = limiting.addingClamped(period)
        return until > now ? until : nil
    }
}
