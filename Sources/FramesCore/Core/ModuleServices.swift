// Decides: XC-01, XC-06
/// Everything a module may ask of the engine, and the only thing a module
/// holds of it: requests and timers typed by the module's own purposes,
/// callbacks, analytics, the trace, the session, durable-state changes, and
/// the call itself. The engine core stays private to this file, so the
/// compiler keeps a module from reaching past these services.
///
/// The engine creates one for a module (`EngineCore.services()`); the module
/// binds it to itself last in its initialiser (`bind`), which registers it:
/// from then on answers and timers come back to the module as the purpose
/// they were made for, and the core's hooks reach it.
final class ModuleServices<Module: EngineModule>: ModuleRoute {
    private let core: EngineCore
    /// The module owns its services, not the other way round
    /// (`ModuleLink`).
    private let link = ModuleLink<Module>()
    private var module: Module? { link.module }
    /// By request number: an `IdTable`, not a `Dictionary` — every request
    /// is inserted and removed once, and a `Dictionary` hashed its key with
    /// SipHash each time.
    private var requests = IdTable<Module.RequestPurpose>()
    private var timers: [TimerID: Module.TimerPurpose] = [:]
    private(set) var durableState: DurableState?
    /// The callbacks the module queued as values: the outbox holds one
    /// `.next` per entry, in its turn among every module's callbacks
    /// (XC-03).
    private var callbacks = FlushQueue<Module.Callback>()
    /// `requestFinished`, `deliverNextCallbacks` and `callStarting` for the
    /// module's type (`bind`).
    private var finish: (RequestID, Result<[UInt8], RequestFailure>, Milliseconds) -> Void = { _, _, _ in }
    private var deliverNext: (Int) -> Void = { _ in }
    private var starting: (Milliseconds) -> Void = { _ in }

    init(core: EngineCore) {
        self.core = core
    }

    deinit {
        link.module = nil
        core.unregister(ObjectIdentifier(self))
    }

    /// Plugs `module` in: its requests and timers come back to it, and it
    /// receives the hooks of `EngineModule`.
    func bind(_ module: Module) {
        link.module = module
        // Made here, where the module's type is known (the module calls
        // `bind`): reached through `ModuleRoute`, a generic class's methods
        // run unspecialized and look up at run time the metadata of every
        // typed table they touch — more than the rest of an answer's
        // routing. Unowned: they belong to this object and run only
        // through its methods.
        finish = { [unowned(unsafe) self] id, result, now in self.finishRequest(id, result, now: now) }
        deliverNext = { [unowned(unsafe) self] count in self.deliverNextValues(count) }
        starting = { [unowned(unsafe) self] now in self.module?.callStarting(now: now) }
        core.register(self, callStarting: module.wantsCallStarting ? starting : nil)
    }

    /// `bind` for a stateful module: its durable state first, so the core
    /// finds it from the moment the module is registered.
    fileprivate func bind(_ module: Module, durableState: DurableState) {
        self.durableState = durableState
        bind(module)
    }

    // Time and the call (XC-01, XC-03)

    /// Runs a state change at the host's time `now`, then delivers the
    /// callbacks it caused (`EngineCore.mutate(now:_:)`).
    func mutate<R>(now: Milliseconds, _ body: (Milliseconds) throws(FramesError) -> R)
        throws(FramesError) -> R {
        try core.mutate(now: now, body)
    }

    /// Runs a state change that needs no time, then delivers what it caused.
    func mutate<R>(_ body: () throws(FramesError) -> R) throws(FramesError) -> R {
        try core.mutate(body)
    }

    /// The latest time the engine was told (0 before any).
    var now: Milliseconds { core.now }

    /// The latest time the engine was told, nil before the first call that
    /// carried one.
    var latestTime: Milliseconds? { core.lastNow }

    var isClosed: Bool { core.isClosed }

    /// The time an explanation describes, entering nothing (XC-11).
    func explainTime(_ now: Milliseconds) throws(FramesError) -> Milliseconds {
        try core.explainTime(now)
    }

    // Requests and timers (XC-01, XC-06)

    /// Hands a request to the host; its answer comes back to the module's
    /// `requestFinished` with `purpose`. A request bound to the identity is
    /// cancelled when the user or consent changes (its late answer is "not
    /// in flight").
    @discardableResult
    func enqueue(_ purpose: Module.RequestPurpose, method: String, url: String, headers: [HTTPHeader] = [],
                        body: [UInt8] = [], boundToIdentity: Bool, now: Milliseconds) -> RequestID {
        let id = core.enqueue(self, method: method, url: url, headers: headers, body: body,
                              boundToIdentity: boundToIdentity, now: now)
        requests.insert(id.value, purpose)
        return id
    }

    /// A JSON POST: the shape of every fetch the modules make.
    @discardableResult
    func enqueueJSON(_ purpose: Module.RequestPurpose, url: String, body: String, boundToIdentity: Bool,
                            now: Milliseconds) -> RequestID {
        enqueue(purpose, method: "POST", url: url,
                headers: [HTTPHeader("Content-Type", "application/json"), HTTPHeader("Accept", "application/json")],
                body: Array(body.utf8), boundToIdentity: boundToIdentity, now: now)
    }

    /// Makes room for `count` more requests in flight at once: a module
    /// about to send many saves the growth of the table one by one.
    func expectRequests(_ count: Int) {
        requests.reserveCapacity(requests.count + count)
        core.requests.reserveCapacity(more: count)
    }

    /// Forgets a request: its answer will be "not in flight".
    func cancelRequest(_ id: RequestID?) {
        guard let id else { return }
        core.requests.cancel(id)
        requests.removeValue(forKey: id.value)
    }

    /// Forgets what every request in flight was for: their answers are
    /// ignored (the identity they belonged to is gone, or the engine closes).
    func forgetRequests() {
        requests.removeAll()
    }

    /// The module's `timerFired` runs with `purpose` at the first
    /// `onTimeout` at or after `deadline`.
    func schedule(_ purpose: Module.TimerPurpose, at deadline: Milliseconds) -> TimerID {
        let id = core.timers.schedule(at: deadline, owner: ObjectIdentifier(self))
        timers[id] = purpose
        return id
    }

    func cancelTimer(_ id: TimerID?) {
        guard let id else { return }
        core.timers.cancel(id)
        timers[id] = nil
    }

    /// Forgets every pending timer: none of them fires here any more.
    func forgetTimers() {
        timers.removeAll()
    }

    /// The wait before the attempt after `attempt` failed, or nil when the
    /// failure is final: permanent, or attempts exhausted (XC-06).
    func retryDelay(after attempt: Int, _ failure: RequestFailure) -> Milliseconds? {
        core.retryDelay(after: attempt, failure)
    }

    // Callbacks, analytics, trace (XC-03, XC-05)

    /// Queues a callback to the host; it runs with the module after the
    /// current state change has settled, in posting order across all
    /// modules (XC-03), and not at all once the module is gone. `deliver`
    /// is handed the module rather than capturing it: the closure waits in
    /// the core's outbox, which must not keep the module alive
    /// (`ModuleLink`).
    func post(_ deliver: @escaping (Module) -> Void) {
        core.post { [link] in
            guard let module = link.module else { return }
            deliver(module)
        }
    }

    /// Queues `callback`, delivered through the module's `deliver` after the
    /// current state change has settled, in posting order across all
    /// modules (XC-03).
    func post(_ callback: Module.Callback) {
        guard core.postNext(of: self) else { return }
        callbacks.append(callback)
    }

    /// Records an analytics event for the host's sink (XC-05), stamped with
    /// the session and user.
    func record(_ name: String, module: String, now: Milliseconds, location: String?, campaignId: String? = nil,
                       variantId: String? = nil, viewId: String? = nil, fields: [AnalyticsField] = []) {
        core.record(name, module: module, now: now, location: location, campaignId: campaignId,
                    variantId: variantId, viewId: viewId, fields: .list(fields))
    }

    /// `record` with exactly two fields, kept without an array
    /// (`AnalyticsRecord.Fields`).
    func record(_ name: String, module: String, now: Milliseconds, location: String?, campaignId: String? = nil,
                variantId: String? = nil, viewId: String? = nil, _ first: consuming AnalyticsField,
                _ second: consuming AnalyticsField) {
        core.record(name, module: module, now: now, location: location, campaignId: campaignId,
                    variantId: variantId, viewId: viewId, fields: .two(first, second))
    }

    func trace(_ level: TraceLevel, _ line: @autoclosure () -> String) {
        core.trace(level, line())
    }

    /// Whether a line at `level` reaches the host: lines that need work
    /// before they can be formatted (sorting, say) are skipped without it.
    func isTracing(_ level: TraceLevel) -> Bool {
        level != .off && level <= core.traceLevel
    }

    // Session, identity and configuration (XC-04)

    var session: Session { core.session }

    /// The engine-wide options every module honours (origins, timeouts).
    var options: CoreOptions { core.options }

    /// XC-04: a response said the SDK is disabled; content stays off until
    /// the next session start.
    func disableRemotely(now: Milliseconds) {
        core.disableRemotely(now: now)
    }

    /// The common fields of every request body: who asks, in which session,
    /// with which engine.
    func identityJSONFields() -> String {
        core.identityJSONFields()
    }

    /// An id unique among the engine's objects, never reused: also the
    /// analytics view id's number.
    func newObjectId() -> UInt64 {
        core.newObjectId()
    }

    /// The module's durable state changed (XC-10): the host hears it once,
    /// after the call's other callbacks.
    func stateChanged() {
        core.stateChanged()
    }

    // ModuleRoute: the core's side

    func requestFinished(_ id: RequestID, _ result: Result<[UInt8], RequestFailure>, now: Milliseconds) {
        finish(id, result, now)
    }

    private func finishRequest(_ id: RequestID, _ result: Result<[UInt8], RequestFailure>, now: Milliseconds) {
        guard let purpose = requests.removeValue(forKey: id.value) else { return }
        module?.requestFinished(id, for: purpose, result, now: now)
    }

    func timerFired(_ id: TimerID, now: Milliseconds) {
        guard let purpose = timers.removeValue(forKey: id) else { return }
        module?.timerFired(id, for: purpose, now: now)
    }

    func sessionStarted(now: Milliseconds) { module?.sessionStarted(now: now) }

    func identityChanged(now: Milliseconds) { module?.identityChanged(now: now) }

    func appStateChanged(to state: AppState, wasBackgrounded: Bool, now: Milliseconds) {
        module?.appStateChanged(to: state, wasBackgrounded: wasBackgrounded, now: now)
    }

    func contentAllowedChanged(now: Milliseconds) { module?.contentAllowedChanged(now: now) }

    func engineClosed() {
        module?.engineClosed()
        requests.removeAll()
        timers.removeAll()
        // The outbox dropped their deliveries.
        callbacks.removeAll()
    }

    func deliverNextCallbacks(_ count: Int) {
        deliverNext(count)
    }

    private func deliverNextValues(_ count: Int) {
        guard let module else {
            // Gone: its callbacks with it.
            for _ in 0..<count { _ = callbacks.take() }
            if callbacks.isEmpty { callbacks.reset() }
            return
        }
        deliverNextValues(count, to: module)
    }

    /// The module looked up once for the run, and lent to it: a local kept
    /// across the loop was retained and released around every callback.
    private func deliverNextValues(_ count: Int, to module: borrowing Module) {
        for _ in 0..<count {
            guard !core.isClosed, let callback = callbacks.take() else { return }
            if callbacks.isEmpty { callbacks.reset() }
            module.deliver(callback)
        }
    }

    func callStarting(now: Milliseconds) { starting(now) }

    var nextDeadline: Milliseconds? { module?.nextDeadline }
}

extension ModuleServices where Module: StatefulModule {
    /// Plugs in a module that keeps durable state (XC-10): besides the
    /// hooks, its sections join every export and import.
    func bind(_ module: Module) {
        bind(module, durableState: DurableState(
            sectionNames: { [link] in link.module?.stateSectionNames ?? [] },
            export: { [link] clock in link.module?.exportState(clock) ?? [] },
            stage: { [link] (sections, clock) throws(FramesError) -> StagedState in
                guard let module = link.module else { return StagedState {} }
                return try module.stageImport(sections, clock)
            }))
    }
}
