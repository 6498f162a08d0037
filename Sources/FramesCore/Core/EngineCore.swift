/// The services every module shares (XC-01..XC-10): options, the session,
/// identity, app state and consent, the requests for the host with their
/// retries, the timers and the next deadline, the outbox of callbacks, the
/// analytics sink and the random source. It names no module: a module
/// plugs in through `EngineModule` and holds only its `ModuleServices`.
///
/// Sans-IO: the core never performs I/O or reads a clock. It hands requests
/// to the host (`pollRequest`), takes their answers, reports its next
/// deadline and is told the time on every call that needs it — and that
/// time never runs backwards inside it (`mutate(now:)`). Single-threaded by
/// contract: the C layer enforces the owner thread (XC-02).
///
/// Every public mutating call changes state first, then delivers the
/// callbacks it caused, in order, from the outbox, so a callback that
/// re-enters the engine sees consistent state (XC-03).
public final class EngineCore {
    public let options: CoreOptions
    #if hasFeature(Embedded)
    // Strong in the Embedded build, which has no weak references: its only
    // host there is the C layer's bridge, which holds nothing that holds
    // this object (docs/decisions.md, "Embedded Swift").
    public var host: EngineHost?
    #else
    public weak var host: EngineHost?
    #endif
    /// What the trace hook receives (`Trace.swift`); off by default.
    public var traceLevel = TraceLevel.off
    public internal(set) var session: Session
    public internal(set) var isClosed = false

    /// The latest time a call brought in (XC-01); nil before the first.
    var lastNow: Milliseconds?
    var backgrounded = false
    var sessionCounter = 1
    var random: SplitMix64
    var requests = RequestQueue()
    var timers = Timers()
    var nextObjectId: UInt64 = 1

    /// Callbacks waiting for the end of the call, and the state-changed
    /// signal (`stateChanged`).
    var outbox = Outbox()

    /// A registered module's route. Not a weak reference: an object that is
    /// weakly referenced keeps its reference count out of line, which makes
    /// every retain and release of it — its module's, on every answer and
    /// callback routed back — several times dearer. The route instead ends
    /// its own entry (`unregister`) from its deinit, before its memory goes,
    /// so `route` never reads a freed object; a caller holds the strong
    /// reference it returns for as long as it calls.
    final class RouteEntry {
        let key: ObjectIdentifier
        /// The module owns its services (the route); the core only finds it.
        private unowned(unsafe) let target: ModuleRoute
        private(set) var isLive = true
        /// The route's `callStarting`, for a module that asked for it: the
        /// hook runs on every call, so the core calls it without a hop
        /// through the route.
        let callStarting: ((Milliseconds) -> Void)?

        init(_ route: ModuleRoute, callStarting: ((Milliseconds) -> Void)?) {
            self.key = route.routeKey
            self.target = route
            self.callStarting = callStarting
        }

        var route: ModuleRoute? { isLive ? target : nil }

        func end() { isLive = false }
    }

    /// In registration order: hooks run in this order. A handful of
    /// modules: a scan of their keys is cheaper than hashing one, and runs
    /// for every answer routed back.
    var modules: [RouteEntry] = []
    /// The modules that asked for `callStarting` (`wantsCallStarting`), in
    /// registration order: the hook runs on every call, so the others are
    /// not walked for it.
    var callStartingModules: [RouteEntry] = []

    public convenience init(options: CoreOptions) throws(FramesError) {
    // Checked before the object exists, then a non-throwing initializer:
    // Embedded Swift 6.3.1 leaks an instance whose initializer throws
    // (docs/decisions.md, "Embedded Swift").
        self.init(checked: try options.validated(), given: options)
    }

    private init(checked: CoreOptions, given options: CoreOptions) {
        self.options = checked
        self.session = Session(id: options.sessionId, deviceId: options.deviceId)
        self.random = SplitMix64(seed: options.randomSeed)
    }

    /// Plugs a module's services in (`ModuleServices.bind`): its requests
    /// and timers are routed back through them and they receive the hooks.
    /// `callStarting`: the route's hook, for a module that asked for it
    /// (`EngineModule.wantsCallStarting`).
    func register(_ route: ModuleRoute, callStarting: ((Milliseconds) -> Void)?) {
        let key = route.routeKey
        guard !modules.contains(where: { $0.key == key }) else { return }
        let entry = RouteEntry(route, callStarting: callStarting)
        modules.append(entry)
        if callStarting != nil { callStartingModules.append(entry) }
    }

    /// Forgets a route that is going away (its deinit): nothing reaches it
    /// from now on.
    func unregister(_ key: ObjectIdentifier) {
        // Another route may come to have its key: what this one queued must
        // not reach that one's queue.
        outbox.dropNext(of: key)
        guard let index = modules.firstIndex(where: { $0.key == key }) else { return }
        modules[index].end()
        modules.remove(at: index)
        callStartingModules.removeAll { $0.key == key }
    }

    func module(_ key: ObjectIdentifier) -> ModuleRoute? {
        let list = modules
        for i in list.indices where list[i].key == key {
            return list[i].route
        }
        return nil
    }

    /// Every module that asked for it picks up what was handed in on other
    /// threads, in registration order, before the call changes anything.
    func callStarting(now: Milliseconds) {
        // A copy of the list (one access): a hook may register a module.
        let list = callStartingModules
        for i in list.indices where list[i].isLive {
            list[i].callStarting?(now)
        }
    }

    func eachModule(_ body: (ModuleRoute) -> Void) {
        // A copy of the list (one access): a hook may register a module.
        let list = modules
        for i in list.indices {
            if let route = list[i].route { body(route) }
        }
    }

    /// The latest time the engine was told (0 before any): for work that
    /// must happen in a call that carries no time.
    public var now: Milliseconds { lastNow ?? 0 }

    /// Ends the engine's life: pending callbacks are dropped and nothing more
    /// is delivered, even to a callback that is running now.
    public func close() {
        guard !isClosed else { return }
        isClosed = true
        host = nil
        outbox.removeAll()
        requests.removeAll()
        timers.removeAll()
        eachModule { $0.engineClosed() }
        modules.removeAll()
        callStartingModules.removeAll()
    }
}
