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
                if let stateful = module as? StatefulModule { sections += stateful.exportState(clock) }
            }
            return StateBlob.encode(sections)
        }
    }

    /// Replaces the modules' durable state with a blob an export wrote. A
    /// blob that is refused — corrupted, truncated, of another kind, from a
    /// newer version, or failing a module's checks — throws, and the engine
    /// starts fresh: no half-imported state remains. Sections of modules this
    /// engine does not have are ignored.
    public func importState(_ blob: [UInt8], now: Milliseconds, wallClock: Int64) throws(FramesError) {
        try mutate(now: now) { (now) throws(FramesError) in
            let clock = StateClock(now: now, wallClock: wallClock)
            let stateful = modules.compactMap { $0.module as? StatefulModule }
            do throws(FramesError) {
                let sections = try StateBlob.decode(blob)
                for module in stateful {
                    let names = module.stateSectionNames
                    try module.importState(sections.filter { section in names.contains { $0.isExactly(section.name) } },
                                           clock)
                }
            } catch {
                for module in stateful { module.resetState() }
                throw FramesError(error.code, error.message + "; the engine starts with fresh state")
            }
        }
    }

    /// A module's durable state changed: the host hears it once per call,
    /// after the call's other callbacks, and saves the blob then.
    func stateChanged() {
        outbox.stateChangePending = true
    }
}
