/// IL-05, XC-10: capping must hold across restarts, so the ledgers leave the
/// engine in the state blob: one section "inline.caps" per user, one entry
/// per campaign with its display times as wall-clock milliseconds
/// (`StateClock`). The ledger keeps times on its own clock (see
/// `CappingLedger`), so moving them to and from the wall clock is a shift,
/// and no shift at all when the offsets agree.
extension InlineController: StatefulModule {
    static let capsSection = "inline.caps"

    public var stateSectionNames: [String] { [Self.capsSection] }

    public func exportState(_ clock: StateClock) -> [StateSection] {
        // Deterministic: the users in the order the ledger keeps them
        // (nobody first, then by their ids' bytes), campaigns in the order
        // of their bytes, which each owner keeps.
        let shift = clock.offset.addingClamped(-ledger.offset)
        return zip(ledger.users, ledger.owners).map { user, owner in
            // The ledger's own arrays: at the offset of the last import (the
            // host's clocks agree), not even the times are copied.
            StateSection(name: Self.capsSection, userId: user, table: shift == 0 ? owner.table : owner.table.shifted(by: shift))
        }
    }

    /// The ledgers the sections hold, to replace the current ones. A section
    /// that repeats a user, an entry that repeats a campaign or has no times,
    /// or an id the engine would refuse fails the import, which then
    /// changes nothing.
    public func stageImport(_ sections: [StateSection], _ clock: StateClock) throws(FramesError) -> StagedState {
        var users: [String?] = [], owners: [CappingLedger.Owner] = []
        var seen: Set<ExactKey?>?
        users.reserveCapacity(sections.count)
        owners.reserveCapacity(sections.count)
        for section in sections {
            if let user = section.userId { try Identifier.check(user, "state blob: \(Self.capsSection) user id") }
            // Kept in wall-clock time: the ledger's clock is this import's.
            var table = section.table
            let survey = table.survey()
            let keepable = survey.keyBytes.lowerBound >= 1 && survey.keyBytes.upperBound <= Identifier.maxBytes
                && survey.valueCounts.lowerBound >= 1 && survey.valueCounts.upperBound <= InlineCampaignsDocument.maxDisplays
            guard table.isEmpty || keepable else { throw Self.refusal(table) }
            for index in survey.unsortedValues { table.sortValues(index) }
            guard let owner = CappingLedger.Owner(table, keysAscending: survey.keysAscending) else {
                throw .invalidArgument("state blob: \(Self.capsSection) repeats a campaign of "
                    + (section.userId.map { "user \"\($0)\"" } ?? "nobody logged in"))
            }
            // A repeated user is refused at its second section, as before
            // any later one is checked. Sections in the ledger's order (as
            // an export writes them) show a repeat next to its first; out of
            // order, the users seen so far are hashed once.
            if let last = users.last, seen == nil, !CappingLedger.precedes(last, section.userId) {
                seen = Set(users.map { $0.map(ExactKey.init) })
            }
            if seen?.insert(section.userId.map(ExactKey.init)).inserted == false {
                throw .invalidArgument("state blob: \(Self.capsSection) has two sections for "
                    + (section.userId.map { "user \"\($0)\"" } ?? "nobody logged in"))
            }
            users.append(section.userId)
            owners.append(owner)
        }
        let imported = CappingLedger(importing: users, owners, offset: clock.offset)
        return StagedState { [self] in
            ledger = imported
            capTimes = nil
            services.trace(.info, "inline: \(ledger.ledgerCount) capping ledgers imported (XC-10)")
        }
    }

    /// Why the import refuses a section with an entry the engine would not
    /// keep: the first campaign id outside 1...`Identifier.maxBytes` bytes
    /// or with times outside 1...`maxDisplays`.
    private static func refusal(_ table: StateEntryTable) -> FramesError {
        for i in 0..<table.count {
            // Checked without Identifier.check's message argument, which
            // would be formatted 10,000 times for nothing.
            let length = table.keyRange(i).count, count = table.valueRange(i).count
            if length < 1 || length > Identifier.maxBytes {
                return .invalidArgument("state blob: \(capsSection) campaign id is \(length) bytes long; "
                    + "it must be 1...\(Identifier.maxBytes) bytes")
            }
            if count < 1 || count > InlineCampaignsDocument.maxDisplays {
                return .invalidArgument("state blob: \(capsSection) campaign \"\(table.key(i))\" has "
                    + "\(count) times; 1...\(InlineCampaignsDocument.maxDisplays) expected")
            }
        }
        return .invalidArgument("state blob: \(capsSection) has an entry the engine would not keep")
    }

    /// How many (user, campaign) capping ledgers the engine keeps.
    public var cappingLedgerCount: Int { ledger.ledgerCount }
}
