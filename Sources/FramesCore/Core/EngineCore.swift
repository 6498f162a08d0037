/// The services every module shares (XC-01..XC-10): options, the session,
/// identity, app state and consent, the requests for the host with their
/// retries, the timers and the next deadline, the outbox of callbacks, the
/// analytics sink and the random source. It names no module: modules plug in
/// through `EngineModule` and the module interface.
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
    public weak var host: EngineHost?
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

    /// A state-changed callback is queued (`stateChanged`).
    var stateChangePending = false

    var outbox: [() -> Void] = []
    var outboxHead = 0
    var delivering = false

    struct WeakModule {
        weak var module: EngineModule?
    }

    /// In registration order: hooks run in this order.
    var modules: [WeakModule] = []
    var moduleIndex: [ObjectIdentifier: Int] = [:]

    public init(options: CoreOptions) throws(FramesError) {
        self.options = try options.validated()
        self.session = Session(id: options.sessionId, deviceId: options.deviceId)
        self.random = SplitMix64(seed: options.randomSeed)
    }

    /// Plugs a module in: its requests and timers are routed back to it and
    /// it receives the hooks of `EngineModule`.
    public func register(_ module: EngineModule) {
        let key = ObjectIdentifier(module)
        guard moduleIndex[key] == nil else { return }
        moduleIndex[key] = modules.count
        modules.append(WeakModule(module: module))
    }

    func module(_ key: ObjectIdentifier) -> EngineModule? {
        guard let index = moduleIndex[key] else { return nil }
        return modules[safe: index]?.module
    }

    func eachModule(_ body: (EngineModule) -> Void) {
        for entry in modules {
            if let module = entry.module { body(module) }
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
        outboxHead = 0
        requests.removeAll()
        timers.removeAll()
        eachModule { $0.engineClosed() }
        modules.removeAll()
        moduleIndex.removeAll()
    }
}
