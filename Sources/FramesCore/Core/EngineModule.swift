/// A module of the engine: a controller that owns its state and behaviour
/// and reaches the shared services only through the `ModuleServices` the
/// engine gives it. The core calls these hooks through those services; each
/// has a default that does nothing, so a module implements only what it
/// reacts to.
///
/// A module says what each of its requests and timers is for with its own
/// types (`RequestPurpose`, `TimerPurpose`); the services keep the purpose
/// and hand it back with the answer, so no module keeps a table of ids.
///
/// Every hook runs inside an engine call, after the core has updated its own
/// state and before any callback is delivered (XC-03).
protocol EngineModule: AnyObject {
    /// What a request of this module is for.
    associatedtype RequestPurpose = Never
    /// What a timer of this module is for.
    associatedtype TimerPurpose = Never
    /// A callback to the host the module queues as a value
    /// (`ModuleServices.post(_:)`) rather than as a closure: its frequent
    /// ones, which then cost no allocation each.
    associatedtype Callback = Never

    /// The answer to request `id`, enqueued for `purpose`: the body of a 2xx
    /// response, or why there is none (XC-06 decides what to retry).
    func requestFinished(_ id: RequestID, for purpose: RequestPurpose, _ result: Result<[UInt8], RequestFailure>,
                         now: Milliseconds)
    /// Timer `id`, scheduled for `purpose`, is due.
    func timerFired(_ id: TimerID, for purpose: TimerPurpose, now: Milliseconds)
    /// A new session started (XC-04); `session.contentAllowed` may have
    /// changed just before (see `contentAllowedChanged`).
    func sessionStarted(now: Milliseconds)
    /// The user logged in, out or changed (XC-04). Requests bound to the old
    /// identity are already cancelled.
    func identityChanged(now: Milliseconds)
    /// The app changed state; `wasBackgrounded` says whether it was in the
    /// background since it was last active (XC-04).
    func appStateChanged(to state: AppState, wasBackgrounded: Bool, now: Milliseconds)
    /// `session.contentAllowed` flipped: consent revoked, the SDK disabled
    /// remotely, or a session start after consent came back (XC-04).
    func contentAllowedChanged(now: Milliseconds)
    /// The engine is closing: drop delegates and state; nothing is delivered
    /// afterwards.
    func engineClosed()
    /// Delivers a callback the module queued with `ModuleServices.post(_:)`,
    /// in posting order with every other callback, after the state change
    /// that caused it settled (XC-03).
    func deliver(_ callback: Callback)
    /// A call into the engine is starting at `now`, before it changes
    /// anything: a module that takes input handed in on other threads picks
    /// it up here, so the call — a logout, an activation — sees what arrived
    /// before it. Runs only for a module whose `wantsCallStarting` is true.
    func callStarting(now: Milliseconds)
    /// Whether the core runs `callStarting` for this module; read once, when
    /// the module registers. False by default: the hook runs on every call
    /// into the engine, so a module that takes no outside input costs no
    /// call for it.
    var wantsCallStarting: Bool { get }
    /// When the host must call in for this module's sake beyond its timers
    /// and requests (input waiting from other threads, IM-01); nil: never.
    /// The engine's next deadline is the earliest of every module's.
    var nextDeadline: Milliseconds? { get }
}

extension EngineModule {
    func requestFinished(_ id: RequestID, for purpose: RequestPurpose,
                                _ result: Result<[UInt8], RequestFailure>, now: Milliseconds) {}
    func timerFired(_ id: TimerID, for purpose: TimerPurpose, now: Milliseconds) {}
    func sessionStarted(now: Milliseconds) {}
    func identityChanged(now: Milliseconds) {}
    func appStateChanged(to state: AppState, wasBackgrounded: Bool, now: Milliseconds) {}
    func contentAllowedChanged(now: Milliseconds) {}
    func engineClosed() {}
    func deliver(_ callback: Callback) {}
    func callStarting(now: Milliseconds) {}
    var wantsCallStarting: Bool { false }
    var nextDeadline: Milliseconds? { nil }
}

/// What the engine asks of its host for every module: the analytics sink
/// (XC-05) and the signal that durable state changed (XC-10). Each module
/// declares its own host hooks beside it.
public protocol EngineHost: AnyObject {
    func record(_ record: AnalyticsRecord)
    /// Export the state now and store it (`EngineCore.exportState`).
    func stateChanged()
    /// One line of the engine's trace, at `level` (`EngineCore.traceLevel`).
    func trace(_ level: TraceLevel, _ line: String)
}

extension EngineHost {
    public func stateChanged() {}
    public func trace(_ level: TraceLevel, _ line: String) {}
}
