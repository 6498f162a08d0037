/// When each campaign was displayed, per user (IL-05): what makes a campaign
/// ineligible once its limit is reached. Times are the engine's monotonic
/// milliseconds; they leave the process as wall-clock times (XC-10,
/// `InlineController+State.swift`). Only campaigns with a capping are
/// written down, and only as many recent times as their limit needs.
struct CappingLedger: Equatable {
    /// user (nil: nobody logged in) → campaign id → display times, oldest first.
    private(set) var owners: [ExactKey?: [ExactKey: [Milliseconds]]] = [:]

    var isEmpty: Bool { owners.isEmpty }

    /// How many (owner, campaign) ledgers there are.
    var ledgerCount: Int { owners.values.reduce(0) { $0 + $1.count } }

    /// A display of `campaign` started at `now` for `owner`. Only the last
    /// `capping.maxDisplays` times can ever matter, so older ones go.
    mutating func note(_ owner: String?, _ campaign: String, capping: InlineCapping, at now: Milliseconds) {
        let ownerKey = owner.map(ExactKey.init)
        var times = owners[ownerKey]?[ExactKey(campaign)] ?? []
        let position = times.lastIndex { $0 <= now }.map { $0 + 1 } ?? 0
        times.insert(now, at: position)
        if times.count > capping.maxDisplays { times.removeFirst(times.count - capping.maxDisplays) }
        owners[ownerKey, default: [:]][ExactKey(campaign)] = times
    }

    /// Nil while `campaign` may be displayed; otherwise when it may be again
    /// (`Milliseconds.max` for a lifetime cap that is reached).
    func cappedUntil(_ owner: String?, _ campaign: String, capping: InlineCapping, now: Milliseconds) -> Milliseconds? {
        guard let times = owners[owner.map(ExactKey.init)]?[ExactKey(campaign)], times.count >= capping.maxDisplays else {
            return nil
        }
        // The display that must leave the window for one more to fit.
        let limiting = times[times.count - capping.maxDisplays]
        guard let period = capping.periodMs else { return .max }
        let until = limiting.addingClamped(period)
        return until > now ? until : nil
    }

    /// Displays of `campaign` inside its period at `now`.
    func displays(_ owner: String?, _ campaign: String, capping: InlineCapping, now: Milliseconds) -> Int {
        guard let times = owners[owner.map(ExactKey.init)]?[ExactKey(campaign)] else { return 0 }
        guard let period = capping.periodMs else { return times.count }
        return times.reduce(0) { $0 + (now.addingClamped(-period) < $1 ? 1 : 0) }
    }

    /// Replaces one owner's ledgers (an import).
    mutating func set(_ owner: String?, _ campaign: String, times: [Milliseconds]) {
        owners[owner.map(ExactKey.init), default: [:]][ExactKey(campaign)] = times.sorted()
    }

    func times(_ owner: String?, _ campaign: String) -> [Milliseconds]? {
        owners[owner.map(ExactKey.init)]?[ExactKey(campaign)]
    }

    mutating func removeAll() {
        owners.removeAll()
    }
}
