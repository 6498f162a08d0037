// Decides: IL-04
/// The campaigns of one fetched document, indexed for the triggers: by
/// placement key and by event name, each list in priority order (IL-04),
/// placement keys and campaign ids numbered, and validity windows moved onto
/// the engine's monotonic clock. A catalog belongs to the user it was
/// fetched for.
struct InlineCatalog {
    let campaigns: [InlineCampaign]
    /// Who it was fetched for (XC-04).
    let userId: String?
    /// Campaign positions per placement key, best first.
    let byKey: [ExactKey: [Int]]
    /// Per event name, the placement keys it triggers — each with its event
    /// campaigns best first — in the order of each key's best campaign.
    let byEvent: [ExactKey: [EventGroup]]
    /// Placement keys numbered: `keyIndex[key]`, and per campaign its key's number.
    let keyIndex: [ExactKey: Int]
    let campaignKey: [Int]
    /// Campaign id → position (ids are unique in a document).
    let idIndex: [ExactKey: Int]
    /// Per campaign: its window in monotonic ms (nil ends are open).
    let windows: [(start: Milliseconds?, end: Milliseconds?)]

    struct EventGroup {
        let keyIndex: Int
        let positions: [Int]
    }

    /// `now` is when the document arrived: the server's `server_time` is
    /// taken to be that moment, so a window is as far from `now` as it is
    /// from `server_time` — the device's own wall clock plays no part.
    init(_ document: InlineCampaignsDocument, userId: String?, now: Milliseconds) {
        let campaigns = document.campaigns
        self.campaigns = campaigns
        self.userId = userId
        let offset = now.addingClamped(-(document.serverTime ?? 0))
        windows = campaigns.map { c in
            (c.startsAt.map { $0.addingClamped(offset) }, c.endsAt.map { $0.addingClamped(offset) })
        }
        var byKey: [ExactKey: [Int]] = [:]
        var keyIndex: [ExactKey: Int] = [:]
        var campaignKey: [Int] = []
        var idIndex: [ExactKey: Int] = [:]
        campaignKey.reserveCapacity(campaigns.count)
        idIndex.reserveCapacity(campaigns.count)
        for (i, c) in campaigns.enumerated() {
            let key = ExactKey(c.placementKey)
            byKey[key, default: []].append(i)
            let number: Int
            if let known = keyIndex[key] {
                number = known
            } else {
                number = keyIndex.count
                keyIndex[key] = number
            }
            campaignKey.append(number)
            idIndex[ExactKey(c.id)] = i
        }
        let order: (Int, Int) -> Bool = { a, b in
            guard let x = campaigns[safe: a], let y = campaigns[safe: b] else { return a < b }
            return x.precedes(y)
        }
        var events: [ExactKey: [Int]] = [:]
        for (i, c) in campaigns.enumerated() {
            if let event = c.eventName { events[ExactKey(event), default: []].append(i) }
        }
        self.byEvent = events.mapValues { positions in
            var groups: [EventGroup] = []
            var groupOf: [Int: Int] = [:]
            var members: [[Int]] = []
            for position in positions.sorted(by: order) {
                let key = campaignKey[safe: position] ?? 0
                if let g = groupOf[key] {
                    members[g].append(position)
                } else {
                    groupOf[key] = members.count
                    members.append([position])
                    groups.append(EventGroup(keyIndex: key, positions: []))
                }
            }
            return zip(groups, members).map { EventGroup(keyIndex: $0.keyIndex, positions: $1) }
        }
        self.byKey = byKey.mapValues { $0.sorted(by: order) }
        self.keyIndex = keyIndex
        self.campaignKey = campaignKey
        self.idIndex = idIndex
    }

    func campaigns(for key: String) -> [InlineCampaign] {
        (byKey[ExactKey(key)] ?? []).compactMap { campaigns[safe: $0] }
    }

    /// The position of `campaign` in this catalog: its id, on its key.
    func position(of campaign: InlineCampaign) -> Int? {
        guard let i = idIndex[ExactKey(campaign.id)], let found = campaigns[safe: i],
              found.placementKey.isExactly(campaign.placementKey) else { return nil }
        return i
    }

    func window(at position: Int) -> (start: Milliseconds?, end: Milliseconds?) {
        windows[safe: position] ?? (nil, nil)
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
