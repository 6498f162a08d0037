/// The campaigns of one fetched document, indexed for the triggers: by
/// placement key and by event name, each list in priority order (IL-04), and
/// with validity windows moved onto the engine's monotonic clock. A catalog
/// belongs to the user it was fetched for.
struct InlineCatalog {
    let campaigns: [InlineCampaign]
    /// Who it was fetched for (XC-04).
    let userId: String?
    /// Campaign positions per placement key, best first.
    let byKey: [ExactKey: [Int]]
    /// Event campaign positions per event name, best first.
    let byEvent: [ExactKey: [Int]]
    /// Per campaign: its window in monotonic ms (nil ends are open).
    let windows: [(start: Milliseconds?, end: Milliseconds?)]

    /// `now` is when the document arrived: the server's `server_time` is
    /// taken to be that moment, so a window is as far from `now` as it is
    /// from `server_time` — the device's own wall clock plays no part.
    init(_ document: InlineCampaignsDocument, userId: String?, now: Milliseconds) {
        campaigns = document.campaigns
        self.userId = userId
        let offset = now.addingClamped(-(document.serverTime ?? 0))
        windows = document.campaigns.map { c in
            (c.startsAt.map { $0.addingClamped(offset) }, c.endsAt.map { $0.addingClamped(offset) })
        }
        var byKey: [ExactKey: [Int]] = [:]
        var byEvent: [ExactKey: [Int]] = [:]
        for (i, c) in document.campaigns.enumerated() {
            byKey[ExactKey(c.placementKey), default: []].append(i)
            if let event = c.eventName { byEvent[ExactKey(event), default: []].append(i) }
        }
        let campaigns = document.campaigns
        let order: (Int, Int) -> Bool = { a, b in
            guard let x = campaigns[safe: a], let y = campaigns[safe: b] else { return a < b }
            return x.precedes(y)
        }
        self.byKey = byKey.mapValues { $0.sorted(by: order) }
        self.byEvent = byEvent.mapValues { $0.sorted(by: order) }
    }

    func campaigns(for key: String) -> [InlineCampaign] {
        (byKey[ExactKey(key)] ?? []).compactMap { campaigns[safe: $0] }
    }

    func campaign(_ id: String, key: String) -> InlineCampaign? {
        campaigns(for: key).first { $0.id.isExactly(id) }
    }

    func window(of campaign: InlineCampaign) -> (start: Milliseconds?, end: Milliseconds?) {
        windows[safe: campaign.index] ?? (nil, nil)
    }
}

/// Why a campaign may or may not be displayed now, apart from its trigger
/// and its competitors (IL-05, XC-09).
enum InlineEligibility: Equatable {
    case eligible
    case needsNewerEngine(SemanticVersion)
    case notStarted(Milliseconds)
    case ended(Milliseconds)
    /// Reached its capping; eligible again at this time (`.max`: never).
    case capped(until: Milliseconds)

    var isEligible: Bool { self == .eligible }
}
