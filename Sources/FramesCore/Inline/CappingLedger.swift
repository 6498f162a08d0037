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
struct CappingLedger {
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

    /// Whose ledgers they are (nil: nobody logged in), in the order an
    /// export writes them: nobody first, then users by their ids' bytes;
    /// `owners[i]` holds `users[i]`'s, in ledger-clock times. Sorted arrays
    /// rather than a dictionary: an export walks them as they are, with no
    /// sort and no hashing, and a lookup is a binary search over the users.
    private(set) var users: [String?] = []
    private(set) var owners: [Owner] = []
    /// Ledger clock minus monotonic clock.
    private(set) var offset: Int64 = 0

    init() {}

    /// The ledgers of an import: `owners[i]` is `users[i]`'s, the users
    /// distinct and in any order (in order already when an export wrote
    /// them).
    init(importing users: [String?], _ owners: [Owner], offset: Int64) {
        self.offset = offset
        if zip(users, users.dropFirst()).allSatisfy({ Self.precedes($0, $1) }) {
            self.users = users
            self.owners = owners
            return
        }
        let order = users.indices.sorted { Self.precedes(users[$0], users[$1]) }
        self.users = order.map { users[$0] }
        self.owners = order.map { owners[$0] }
    }

    /// Nobody first, then users by their ids' bytes.
    static func precedes(_ a: String?, _ b: String?) -> Bool {
        switch (a, b) {
        case (nil, _): return b != nil
        case (_, nil): return false
        case let (x?, y?): return x.precedesInBytes(y)
        }
    }

    /// Where `user` is in `users`, or where it would go.
    private func slot(_ user: String?) -> (index: Int, found: Bool) {
        var low = 0, high = users.count
        while low < high {
            let mid = (low + high) / 2
            if Self.precedes(users[mid], user) { low = mid + 1 } else { high = mid }
        }
        return (low, low < users.count && users[low].isExactly(user))
    }

    private func owner(_ user: String?) -> Owner? {
        let (index, found) = slot(user)
        return found ? owners[index] : nil
    }

    var isEmpty: Bool { users.isEmpty }

    /// How many (owner, campaign) ledgers there are.
    var ledgerCount: Int { owners.reduce(0) { $0 + $1.count } }

    /// A display of `campaign` started at `now` for `owner`. Only the last
    /// `capping.maxDisplays` times can ever matter, so older ones go.
    mutating func note(_ owner: String?, _ campaign: String, capping: InlineCapping, at now: Milliseconds) {
        let (index, found) = slot(owner)
        if !found {
            users.insert(owner, at: index)
            owners.insert(Owner(), at: index)
        }
        var times = owners[index].times(campaign).map(Array.init) ?? []
        let stamp = now.addingClamped(offset)
        let position = times.lastIndex { $0 <= stamp }.map { $0 + 1 } ?? 0
        times.insert(stamp, at: position)
        if times.count > capping.maxDisplays { times.removeFirst(times.count - capping.maxDisplays) }
        owners[index].set(campaign, times)
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
        guard let stored = self.owner(owner)?.times(campaign) else { return nil }
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
