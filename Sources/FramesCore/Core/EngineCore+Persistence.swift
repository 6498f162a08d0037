// Decides: XC-10
/// Durable state (XC-10): the blob the host stores and gives back after a
/// restart, and the signal that it changed.
extension EngineCore {
    /// Every stateful module's state as one blob. `wallClock` is the host's
    /// wall-clock time (ms since the Unix epoch) at `now`: entry times are
    /// written as wall-clock times, which survive a restart.
    public func exportState(now: Milliseconds, wallClock: Int64) throws(FramesError) -> [UInt8] {
        try mutate(now: now) { (now) throws(FramesError) -> [UInt8] in
            let clock = StateClock(now: now, wallClock: wallClock)
            var sections: [StateSection] = []
            eachModule { module in
                if let durable = module.durableState { sections += durable.export(clock) }
            }
            return StateBlob.encode(sections)
        }
    }

    /// Replaces the modules' durable state with a blob an export wrote.
    /// All or nothing: the blob is decoded and every module checks and
    /// stages its sections before any of them applies its own, so a blob
    /// that is refused — corrupted, truncated, of another kind, from a newer
    /// version, or failing a module's checks — throws and changes nothing.
    /// Sections of modules this engine does not have are ignored.
    ///
    /// Input handed in on other threads (a push, IM-01) is picked up after
    /// the import, not before: a message pushed again after a restart meets
    /// the ledger that says it was shown (IM-03).
    public func importState(_ blob: [UInt8], now: Milliseconds, wallClock: Int64) throws(FramesError) {
        try mutateBeforePickingUpInput(now: now) { (now) throws(FramesError) in
            let clock = StateClock(now: now, wallClock: wallClock)
            let stateful = modules.compactMap { $0.route?.durableState }
            var staged: [StagedState] = []
            staged.reserveCapacity(stateful.count)
            do throws(FramesError) {
                let sections = try StateBlob.decode(blob)
                for module in stateful {
                    let names = module.sectionNames()
                    staged.append(try module.stage(
                        sections.filter { section in names.contains { $0.isExactly(section.name) } }, clock))
                }
            } catch {
                throw FramesError(error.code, error.message + "; nothing was imported: the engine kept its state")
            }
            for state in staged { state.apply() }
        }
    }

    /// A module's durable state changed: the host hears it once per call,
    /// after the call's other callbacks, and saves the blob then.
    func stateChanged() {
        outbox.stateChangePending = true
    }
}
