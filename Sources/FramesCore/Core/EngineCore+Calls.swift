// Decides: XC-01, XC-03
/// How a call runs (XC-01, XC-03): state changes first, then the callbacks
/// they caused, in order; and where time enters the engine, once.
extension EngineCore {
    /// Runs a state change at the host's time `now`, then delivers what it
    /// caused. A `now` earlier than the latest time already seen is taken as
    /// that latest time: time never runs backwards inside the engine, so a
    /// host clock that steps back cannot reorder deadlines or shorten waits.
    public func mutate<R>(now: Milliseconds, _ body: (Milliseconds) throws(FramesError) -> R) throws(FramesError) -> R {
        let effective = try enter(now)
        callStarting(now: effective)
        return try settle { () throws(FramesError) -> R in try body(effective) }
    }

    /// `mutate(now:_:)` for a call whose change must come before the input
    /// other threads handed in is picked up: an import of durable state, so
    /// that a push waiting since before it meets the imported ledger (IM-03,
    /// XC-10). The input is picked up after `body`, also when it throws.
    func mutateBeforePickingUpInput<R>(now: Milliseconds, _ body: (Milliseconds) throws(FramesError) -> R)
        throws(FramesError) -> R {
        let effective = try enter(now)
        return try settle { () throws(FramesError) -> R in
            defer { callStarting(now: effective) }
            return try body(effective)
        }
    }

    /// Runs a state change that needs no time, then delivers what it caused.
    public func mutate<R>(_ body: () throws(FramesError) -> R) throws(FramesError) -> R {
        guard !isClosed else { throw FramesError(.invalidHandle, "the engine is closed") }
        callStarting(now: lastNow ?? 0)
        return try settle(body)
    }

    /// The time a call at `now` runs at, now the engine's latest; refused
    /// once the engine is closed.
    private func enter(_ now: Milliseconds) throws(FramesError) -> Milliseconds {
        guard !isClosed else { throw FramesError(.invalidHandle, "the engine is closed") }
        let effective = max(now, lastNow ?? now)
        lastNow = effective
        return effective
    }

    /// Runs `body`, then delivers the outbox — also when `body` throws, so
    /// what `callStarting` caused is delivered in this call.
    private func settle<R>(_ body: () throws(FramesError) -> R) throws(FramesError) -> R {
        do {
            let result = try body()
            flush()
            return result
        } catch {
            flush()
            throw error
        }
    }

    /// Delivers queued callbacks in order. A callback may re-enter the engine:
    /// its own callbacks join the queue and are delivered by this same loop
    /// (XC-03).
    func flush() {
        // Most calls cause no callback: one look at the queue, then leave.
        guard outbox.needsFlush, outbox.beginDelivery() else { return }
        while !isClosed {
            while let delivery = outbox.next(), !isClosed {
                switch delivery {
                case .run: outbox.takeRun()?()
                case .record: if let record = outbox.takeRecord() { host?.record(record) }
                case .next(let key):
                    let count = 1 + outbox.takeRepeats(of: key)
                    module(key)?.deliverNextCallbacks(count)
                case .dropped: break
                }
            }
            // XC-10: one state-changed signal per call, after its other
            // callbacks, so the host saves what they left.
            guard !isClosed, outbox.takeStateChange() else { break }
            host?.stateChanged()
        }
        outbox.endDelivery()
    }
}
