/// What explanations (XC-11) take from the core: the time they describe and
/// nothing else. An explanation is a reading, not a call: it enters no time,
/// picks up no input handed in on other threads, delivers no callback and
/// records nothing, so explaining at any moment — between two calls of a
/// replay, too — leaves the engine exactly as it was (docs/decisions.md,
/// XC-11).
extension EngineCore {
    /// The time an explanation at `now` describes: `now`, or the engine's
    /// latest time if that is later (XC-01: time never runs backwards, and a
    /// reading does not move it forwards either).
    func explainTime(_ now: Milliseconds) throws(FramesError) -> Milliseconds {
        guard !isClosed else { throw FramesError(.invalidHandle, "the engine is closed") }
        return max(now, lastNow ?? now)
    }
}
