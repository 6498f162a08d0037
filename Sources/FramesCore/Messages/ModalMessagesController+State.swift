/// The shown-once ledger as durable state (IM-03, XC-10). One section for
/// the device, not per user: a message id is one push to this device, and a
/// ledger per user would show it again to whoever logs in next.
extension ModalMessagesController: StatefulModule {
    public static let ledgerSection = "messages.shown"

    public var stateSectionNames: [String] { [Self.ledgerSection] }

    /// One entry per message id: [wall-clock time of presentation].
    public func exportState(_ clock: StateClock) -> [StateSection] {
        guard ledger.count > 0 else { return [] }
        let entries = ledger.ordered.map { StateEntry(key: $0.id, values: [clock.wall($0.time)]) }
        return [StateSection(name: Self.ledgerSection, userId: nil, entries: entries)]
    }

    public func importState(_ sections: [StateSection], _ clock: StateClock) throws(FramesError) {
        var imported = ShownLedger()
        for section in sections {
            for entry in section.entries {
                let length = entry.key.utf8.count
                guard length > 0, length <= MessageLimits.idBytes else {
                    throw .invalidArgument("state blob: \(Self.ledgerSection) has a message id of \(length) bytes; "
                        + "ids are 1...\(MessageLimits.idBytes) bytes")
                }
                guard let wall = entry.values.first else {
                    throw .invalidArgument("state blob: \(Self.ledgerSection) entry \"\(entry.key)\" has no time")
                }
                imported.insert(entry.key, at: clock.monotonic(wall))
            }
        }
        // The message on screen stays shown, whatever the blob says.
        if let shown = onScreen {
            let id = shown.arrival.message.id
            imported.insert(id, at: ledger.presentedAt[ExactKey(id)] ?? core.now)
        }
        ledger = imported
    }

    public func resetState() {
        ledger.removeAll()
        if let shown = onScreen { ledger.insert(shown.arrival.message.id, at: core.now) }
    }
}
