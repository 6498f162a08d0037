// Decides: IL-05
/// When each campaign was displayed, per user (IL-05): what makes a campaign
/// ineligible once its limit is reached. Only campaigns with a capping are
/// written down, and only as many recent times as their limit needs.
///
/// Times are kept on a "ledger clock": the engine's monotonic milliseconds
/// plus `offset`, which is the wall-clock offset of the last import (0
/// before any). An import then keeps the blob's wall-clock times as they
/// are, and an export at the same offset writes them as they are — no
/// conversion (XC-10, `InlineController+State.swift`).
struct CappingLedger: Equatable {
    /// One user's ledgers: campaign ids sorted by their bytes, each with its
    /// times oldest first, in the flat arrays of a state section
    /// (`StateEntryTable`). Lookups are a binary search; an import hands
    /// the decoded arrays over and an export writes them, 10,000 ledgers
    /// without an allocation each, without sorting or hashing.
    struct Owner: Equatable {
        private(set) var table = StateEntryTable()

        init() {}

        /// From an import whose entries each hold 1... times in ascending
        /// order, ids in any order (`keysAscending`: in the order of their
        /// bytes already, as an export writes them); nil when an id repeats.
        init?(_ imported: StateEntryTable, keysAscending: Bool) {
            if keysAscending {
                table = imported
                return
            }
            table = imported.reordered(imported.keyOrder())
            for i in 1..<max(1, table.count) where table.compareKeys(i - 1, i) == 0 { return nil }
        }

        var count: Int { table.count }

        func times(_ id: String) -> ArraySlice<Milliseconds>? {
            let (index, found) = table.search(id)
            return found ? table.values(index) : nil
        }

        mutating func set(_ id: String, _ values: [Milliseconds]) {
            let (index, found) = table.search(id)
            if found {
                table.replaceValues(index, with: values)
            } else {
                table.insert(key: id, values: values, at: index)
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
    var ledgerCount: Int { owners.values.reduce(0) { $0 + $1.count } }

    /// A display of `campaign` started at `now` for `owner`. Only the last
    /// `capping.maxDisplays` times can ever matter, so older ones go.
    mutating func note(_ owner: String?, _ campaign: String, capping: InlineCapping, at now: Milliseconds) {
        let ownerKey = owner.map(ExactKey.init)
        var times = owners[ownerKey]?.times(campaign).map(Array.init) ?? []
        let stamp = now.addingClamped(offset)
        let position = times.lastIndex { $0 <= stamp }.map { $0 + 1 } ?? 0
        times.insert(stamp, at: position)
        if times.count > capping.maxDisplays { times.removeFirst(times.count - capping.maxDisplays) }
        owners[ownerKey, default: Owner()].set(campaign, times)
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
        guard let stored = owners[owner.map(ExactKey.init)]?.times(campaign) else { return nil }
        return offset == 0 ? Array(stored) : stored.map { $0.addingClamped(-offset) }
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
