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
        // Deterministic: nobody first, then users in the order of their
        // bytes (sorted as a table of ids: Strings compared in a sort's
        // closure cost a tenth of the export); campaigns in the order of
        // their bytes, which each owner keeps.
        let users = ledger.owners.compactMap { $0.key?.string }
        var ids = StateEntryTable()
        for user in users { ids.append(key: user, values: EmptyCollection()) }
        let ordered: [String?] = (ledger.owners[nil] == nil ? [] : [nil]) + ids.keyOrder().map { users[$0] }
        let shift = clock.offset.addingClamped(-ledger.offset)
        return ordered.map { user in
            let table = ledger.owners[user.map(ExactKey.init)]?.table ?? StateEntryTable()
            // The ledger's own arrays: at the offset of the last import (the
            // host's clocks agree), not even the times are copied.
            return StateSection(name: Self.capsSection, userId: user, table: shift == 0 ? table : table.shifted(by: shift))
        }
    }

    /// The ledgers the sections hold, to replace the current ones. A section
    /// that repeats a user, an entry that repeats a campaign or has no times,
    /// or an id the engine would refuse fails the import, which then
    /// changes nothing.
    public func stageImport(_ sections: [StateSection], _ clock: StateClock) throws(FramesError) -> StagedState {
        var owners: [ExactKey?: CappingLedger.Owner] = [:]
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
            guard owners.updateValue(owner, forKey: section.userId.map(ExactKey.init)) == nil else {
                throw .invalidArgument("state blob: \(Self.capsSection) has two sections for "
                    + (section.userId.map { "user \"\($0)\"" } ?? "nobody logged in"))
            }
        }
        let imported = CappingLedger(owners: owners, offset: clock.offset)
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
