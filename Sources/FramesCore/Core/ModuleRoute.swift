/// What the core keeps of a registered module: where its answers, timers
/// and hooks go. The core sees only this, never a module's type; a
/// `ModuleServices` is the one implementation, bound to its module.
protocol ModuleRoute: AnyObject {
    func requestFinished(_ id: RequestID, _ result: Result<[UInt8], RequestFailure>, now: Milliseconds)
    func timerFired(_ id: TimerID, now: Milliseconds)
    func sessionStarted(now: Milliseconds)
    func identityChanged(now: Milliseconds)
    func appStateChanged(to state: AppState, wasBackgrounded: Bool, now: Milliseconds)
    func contentAllowedChanged(now: Milliseconds)
    func engineClosed()
    func callStarting(now: Milliseconds)
    /// Delivers the `count` oldest callback values the module queued (the
    /// outbox's `.next`, XC-03), in order, stopping if the engine closes.
    func deliverNextCallbacks(_ count: Int)
    var nextDeadline: Milliseconds? { get }
    /// The module's durable state (XC-10), nil for a module that keeps none.
    var durableState: DurableState? { get }
}

/// A stateful module's side of an export and an import (XC-10), taken when
/// it binds, so the core reaches it without a cast.
struct DurableState {
    let sectionNames: () -> [String]
    let export: (StateClock) -> [StateSection]
    let stage: ([StateSection], StateClock) throws(FramesError) -> StagedState
}

extension ModuleRoute {
    /// The route's identity, for the core's tables: `ObjectIdentifier` of
    /// the concrete object, because Embedded Swift takes no identifier of a
    /// protocol existential.
    var routeKey: ObjectIdentifier { ObjectIdentifier(self) }
}
