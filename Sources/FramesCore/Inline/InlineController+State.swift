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
        // Deterministic: nobody first, then users by their bytes; campaigns
        // in the order of their bytes, which each owner keeps.
        let owners = ledger.owners.keys.sorted { a, b in
            switch (a, b) {
            case (nil, _): return b != nil
            case (_, nil): return false
            case let (x?, y?): return x.string.precedesInBytes(y.string)
            }
        }
        return owners.map { owner in
            let ledgers = ledger.owners[owner] ?? CappingLedger.Owner()
            var entries: [StateEntry] = []
            entries.reserveCapacity(ledgers.ids.count)
            let shift = clock.offset.addingClamped(-ledger.offset)
            for (id, times) in zip(ledgers.ids, ledgers.times) {
                entries.append(StateEntry(key: id.string, values: shift == 0 ? times : times.map { $0.addingClamped(shift) }))
            }
            return StateSection(name: Self.capsSection, userId: owner?.string, entries: entries)
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
            var ids: [ExactKey] = []
            var times: [[Milliseconds]] = []
            ids.reserveCapacity(section.entries.count)
            times.reserveCapacity(section.entries.count)
            for entry in section.entries {
                // Checked without Identifier.check's message argument, which
                // would be formatted 10,000 times for nothing.
                let length = entry.key.utf8.count
                guard length > 0, length <= Identifier.maxBytes else {
                    throw .invalidArgument("state blob: \(Self.capsSection) campaign id is \(length) bytes long; "
                        + "it must be 1...\(Identifier.maxBytes) bytes")
                }
                guard !entry.values.isEmpty, entry.values.count <= InlineCampaignsDocument.maxDisplays else {
                    throw .invalidArgument("state blob: \(Self.capsSection) campaign \"\(entry.key)\" has "
                        + "\(entry.values.count) times; 1...\(InlineCampaignsDocument.maxDisplays) expected")
                }
                // Kept in wall-clock time: the ledger's clock is this import's.
                var values = entry.values
                if !values.isSortedAscending { values.sort() }
                ids.append(ExactKey(entry.key))
                times.append(values)
            }
            guard let owner = CappingLedger.Owner(ids: ids, times: times) else {
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

    /// How many (user, campaign) capping ledgers the engine keeps.
    public var cappingLedgerCount: Int { ledger.ledgerCount }
}

extension Array where Element == Milliseconds {
    var isSortedAscending: Bool {
        var previous = Milliseconds.min
        for value in self {
            if value < previous { return false }
            previous = value
        }
        return true
    }
}

extension String {
    /// Orders by UTF-8 bytes: what makes an export canonical (and faster
    /// than a generic walk of the UTF-8 view). Eight bytes a step, read
    /// big-endian so that the words order as the bytes do: an import checks
    /// 10,000 ids for order and byte-at-a-time was a tenth of it (XC-10).
    func precedesInBytes(_ other: String) -> Bool {
        let a = utf8.span.bytes
        let b = other.utf8.span.bytes
        let n = Swift.min(a.byteCount, b.byteCount)
        var i = 0
        while n - i >= 8 {
            let x = UInt64(bigEndian: a.unsafeLoadUnaligned(fromByteOffset: i, as: UInt64.self))
            let y = UInt64(bigEndian: b.unsafeLoadUnaligned(fromByteOffset: i, as: UInt64.self))
            if x != y { return x < y }
            i += 8
        }
        while i < n {
            let x = a.unsafeLoad(fromByteOffset: i, as: UInt8.self)
            let y = b.unsafeLoad(fromByteOffset: i, as: UInt8.self)
            if x != y { return x < y }
            i += 1
        }
        return a.byteCount < b.byteCount
    }
}
