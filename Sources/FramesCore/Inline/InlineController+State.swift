/// IL-05, XC-10: capping must hold across restarts, so the ledgers leave the
/// engine in the state blob: one section "inline.caps" per user, one entry
/// per campaign with its display times as wall-clock milliseconds
/// (`StateClock`).
extension InlineController: StatefulModule {
    static let capsSection = "inline.caps"

    public var stateSectionNames: [String] { [Self.capsSection] }

    public func exportState(_ clock: StateClock) -> [StateSection] {
        ledger.owners.keys.sorted { a, b in
            // Deterministic: nobody first, then users by their bytes.
            switch (a, b) {
            case (nil, _): return b != nil
            case (_, nil): return false
            case let (x?, y?): return x.string.utf8.lexicographicallyPrecedes(y.string.utf8)
            }
        }.map { owner in
            let campaigns = ledger.owners[owner] ?? [:]
            let entries = campaigns.keys.sorted { $0.string.utf8.lexicographicallyPrecedes($1.string.utf8) }.map { id in
                StateEntry(key: id.string, values: (campaigns[id] ?? []).map(clock.wall))
            }
            return StateSection(name: Self.capsSection, userId: owner?.string, entries: entries)
        }
    }

    /// Replaces the ledgers. A section that repeats a user, an entry that
    /// repeats a campaign or has no times, or an id the engine would refuse
    /// fails the import (the engine then starts fresh).
    public func importState(_ sections: [StateSection], _ clock: StateClock) throws(FramesError) {
        var imported = CappingLedger()
        var owners = Set<ExactKey?>()
        for section in sections {
            let owner = section.userId.map(ExactKey.init)
            guard owners.insert(owner).inserted else {
                throw .invalidArgument("state blob: \(Self.capsSection) has two sections for "
                    + (section.userId.map { "user \"\($0)\"" } ?? "nobody logged in"))
            }
            if let user = section.userId { try Identifier.check(user, "state blob: \(Self.capsSection) user id") }
            var seen = Set<ExactKey>()
            for entry in section.entries {
                try Identifier.check(entry.key, "state blob: \(Self.capsSection) campaign id")
                guard seen.insert(ExactKey(entry.key)).inserted else {
                    throw .invalidArgument("state blob: \(Self.capsSection) repeats campaign \"\(entry.key)\"")
                }
                guard !entry.values.isEmpty, entry.values.count <= InlineCampaignsDocument.maxDisplays else {
                    throw .invalidArgument("state blob: \(Self.capsSection) campaign \"\(entry.key)\" has "
                        + "\(entry.values.count) times; 1...\(InlineCampaignsDocument.maxDisplays) expected")
                }
                imported.set(section.userId, entry.key, times: entry.values.map(clock.monotonic))
            }
        }
        ledger = imported
        core.trace(.info, "inline: \(ledger.ledgerCount) capping ledgers imported (XC-10)")
    }

    public func resetState() {
        ledger.removeAll()
    }

    /// How many (user, campaign) capping ledgers the engine keeps.
    public var cappingLedgerCount: Int { ledger.ledgerCount }
}
