/// The shown-once ledger as durable state (IM-03, XC-10). One section for
/// the device, not per user: a message id is one push to this device, and a
/// ledger per user would show it again to whoever logs in next.
///
///     "messages.shown"    one entry per message id:
///                         [wall-clock time of presentation, sent_at]
///     "messages.horizon"  one entry: the id of the last message the ledger
///                         forgot: [its sent_at] (only once it forgot any)
extension ModalMessagesController: StatefulModule {
    public static let ledgerSection = "messages.shown"
    public static let horizonSection = "messages.horizon"

    public var stateSectionNames: [String] { [Self.ledgerSection, Self.horizonSection] }

    public func exportState(_ clock: StateClock) -> [StateSection] {
        var sections: [StateSection] = []
        if ledger.count > 0 {
            sections.append(StateSection(name: Self.ledgerSection, userId: nil, entries: ledger.ordered.map {
                StateEntry(key: $0.id, values: [clock.wall($0.entry.presentedAt), $0.entry.sentAt])
            }))
        }
        if let horizon = ledger.horizon {
            sections.append(StateSection(name: Self.horizonSection, userId: nil,
                                         entries: [StateEntry(key: horizon.id, values: [horizon.sentAt])]))
        }
        return sections
    }

    /// The ledger the sections hold, joined with what this engine presented
    /// since it started: the ledger is what this device has shown, and a
    /// message presented before the import (a host that imported late) must
    /// not be shown again either (IM-03).
    public func stageImport(_ sections: [StateSection], _ clock: StateClock) throws(FramesError) -> StagedState {
        var imported = ShownLedger()
        for section in sections where section.name.isExactly(Self.horizonSection) {
            for entry in section.entries {
                let length = entry.key.utf8.count
                guard length > 0, length <= MessageLimits.idBytes, entry.values.count == 1, let sentAt = entry.values.first else {
                    throw .invalidArgument("state blob: \(Self.horizonSection) must hold entries of a message id "
                        + "(1...\(MessageLimits.idBytes) bytes) with one value, its sent_at")
                }
                imported.raiseHorizon(to: ShownLedger.Horizon(sentAt: sentAt, id: entry.key))
            }
        }
        for section in sections where section.name.isExactly(Self.ledgerSection) {
            for entry in section.entries {
                let length = entry.key.utf8.count
                guard length > 0, length <= MessageLimits.idBytes else {
                    throw .invalidArgument("state blob: \(Self.ledgerSection) has a message id of \(length) bytes; "
                        + "ids are 1...\(MessageLimits.idBytes) bytes")
                }
                guard entry.values.count == 2 else {
                    throw .invalidArgument("state blob: \(Self.ledgerSection) entry \"\(entry.key)\" has \(entry.values.count) "
                        + "values; it needs 2 (presentation time, sent_at)")
                }
                imported.insert(entry.key, presentedAt: clock.monotonic(entry.values[0]), sentAt: entry.values[1])
            }
        }
        let read = imported
        return StagedState { [self] in
            var joined = read
            if let horizon = ledger.horizon { joined.raiseHorizon(to: horizon) }
            for (id, entry) in ledger.ordered where !joined.contains(id) {
                joined.insert(id, presentedAt: entry.presentedAt, sentAt: entry.sentAt)
            }
            ledger = joined
        }
    }
}
