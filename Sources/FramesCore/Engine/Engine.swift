/// The engine a host creates: the shared core and the modules registered
/// on it. This is the one place that names every module; a module is its
/// folder plus a stored property and a line in `init` here.
///
/// The host talks to the engine for what every module shares (requests,
/// deadlines, session, identity, app state, consent, durable state) and to
/// each module for its own objects: `engine.appFrames.attach(frame, now:)`,
/// `engine.banners.create(place, now:)`.
public final class Engine {
    let core: EngineCore
    public let appFrames: AppFramesController
    public let banners: BannerPlacesController
    public let inline: InlineController
    public let messages: ModalMessagesController

    /// Creates an engine; `configuration` is the host configuration document
    /// (JSON or an XML property list) from which AF-01 reads the opt-in.
    public convenience init(options: EngineOptions, configuration: [UInt8]) throws(FramesError) {
        // Every part made before the object exists, then a non-throwing
        // initializer: Embedded Swift 6.3.1 leaks an instance whose
        // initializer throws (docs/decisions.md, "Embedded Swift").
        let core = try EngineCore(options: options.core)
        // No document at all is a host without App Frames, not an error (AF-01).
        let configured = configuration.isEmpty ? nil : try HostConfiguration.parse(configuration)
        let appFrames = try AppFramesController(services: core.services(), options: options.appFrames,
                                                enabled: configured?.appFramesEnabled ?? false)
        let banners = try BannerPlacesController(services: core.services(), options: options.banners)
        let inline = try InlineController(services: core.services(), options: options.inline)
        self.init(core: core, appFrames: appFrames, banners: banners, inline: inline)
    }

    private init(core: EngineCore, appFrames: AppFramesController, banners: BannerPlacesController,
                 inline: InlineController) {
        self.core = core
        self.appFrames = appFrames
        self.banners = banners
        self.inline = inline
        messages = ModalMessagesController(services: core.services())
    }

    /// Ends the engine's life: nothing more is delivered.
    public func close() { core.close() }

    // The core's host-facing calls, so a host holds one object.

    /// The analytics sink, the state-changed signal and the trace (XC-05,
    /// XC-10).
    public var host: EngineHost? {
        get { core.host }
        set { core.host = newValue }
    }

    /// What the trace hook receives; off by default.
    public var traceLevel: TraceLevel {
        get { core.traceLevel }
        set { core.traceLevel = newValue }
    }

    public func pollRequest() throws(FramesError) -> OutgoingRequest? { try core.pollRequest() }

    public func completeRequest(_ id: UInt64, response: HTTPResponse, now: Milliseconds) throws(FramesError) {
        try core.completeRequest(id, response: response, now: now)
    }

    /// The host's answer as a bare status, headers and body: the status is
    /// checked to be an HTTP status (100...999).
    public func completeRequest(_ id: UInt64, status: Int, headers: [HTTPHeader] = [], body: [UInt8] = [],
                                now: Milliseconds) throws(FramesError) {
        try core.completeRequest(id, status: status, headers: headers, body: body, now: now)
    }

    public func failRequest(_ id: UInt64, message: String?, now: Milliseconds) throws(FramesError) {
        try core.failRequest(id, message: message, now: now)
    }

    /// When the host must call `onTimeout` next: the earliest timer,
    /// request deadline or module deadline; nil when nothing is timed.
    public var nextDeadline: Milliseconds? { core.nextDeadline }

    public func onTimeout(now: Milliseconds) throws(FramesError) { try core.onTimeout(now: now) }

    public func startSession(id: String?, now: Milliseconds) throws(FramesError) {
        try core.startSession(id: id, now: now)
    }

    public func setUser(_ id: String?, now: Milliseconds) throws(FramesError) { try core.setUser(id, now: now) }

    public func setAppState(_ state: AppState, now: Milliseconds) throws(FramesError) {
        try core.setAppState(state, now: now)
    }

    public func setConsent(_ granted: Bool, now: Milliseconds) throws(FramesError) {
        try core.setConsent(granted, now: now)
    }

    public var session: Session { core.session }

    /// XC-10: the durable state as one blob (`EngineCore.exportState`).
    public func exportState(now: Milliseconds, wallClock: Int64) throws(FramesError) -> [UInt8] {
        try core.exportState(now: now, wallClock: wallClock)
    }

    /// XC-10: replaces the durable state (`EngineCore.importState`).
    public func importState(_ blob: [UInt8], now: Milliseconds, wallClock: Int64) throws(FramesError) {
        try core.importState(blob, now: now, wallClock: wallClock)
    }
}
