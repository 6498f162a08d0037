/// The shared engine (XC-01..XC-10): host I/O, time, session, identity,
/// consent and analytics, and the App Frames that live in it.
///
/// Sans-IO: the engine never performs I/O or reads a clock. It queues
/// requests for the host (`pollRequest`), takes their answers
/// (`completeRequest`, `failRequest`), reports its next deadline and is told
/// the time on every call that needs it. Single-threaded by contract: the C
/// layer enforces the owner thread (XC-02).
///
/// Every public mutating call changes state first, then delivers the
/// callbacks it caused, in order, from an outbox (`Engine+Events.swift`), so a
/// callback that re-enters the engine — frees a frame, changes consent — sees
/// consistent state (XC-03).
public final class Engine {
    public let options: EngineOptions
    /// AF-01: read once from the configuration document; latched (AF-02).
    public let appFramesEnabled: Bool
    /// Receives render requests, URL opens and analytics records.
    public weak var host: EngineHost?

    public internal(set) var sessionId: String
    public internal(set) var userId: String?
    public internal(set) var appState = AppState.active
    public internal(set) var consentGranted = true
    /// XC-04: a placements response said the SDK is disabled.
    public internal(set) var remotelyDisabled = false

    /// Bumped whenever results of earlier requests must no longer count:
    /// identity change, consent revoked, remote disable (AF-16, AF-17).
    var epoch: UInt64 = 0
    /// Consent came back or the remote flag may have cleared: the next
    /// session start re-resolves (AF-17).
    var reenableOnSessionStart = false
    var backgrounded = false
    var sessionCounter = 1
    var closed = false

    var random: SplitMix64
    var nextRequestId: UInt64 = 1
    var queued: [OutgoingRequest] = []
    var queueHead = 0
    var inFlight: [UInt64: InFlightRequest] = [:]
    var timers = Timers()

    var nextFrameId: UInt64 = 1
    var frames: [UInt64: AppFrame] = [:]
    /// Frame ids per placement, in creation order: a download that finishes
    /// touches only its placements' frames, not all of them.
    var framesByPlacement: [String: [UInt64]] = [:]
    var resolution = ResolutionState.idle
    /// Per placement: what is known for the current user (AF-15).
    var placements: [String: PlacementContent] = [:]
    var downloads: [ContentReference: DownloadJob] = [:]

    var places: [UInt64: BannerPlace] = [:]
    /// BN-14: preloaded lists by place id, read by every place with that id
    /// until a refresh or another preload.
    var bannerCache: [String: BannerList] = [:]
    /// Attempts per banner request still running (XC-06).
    var bannerAttempts: [RequestPurpose: Int] = [:]

    var outbox: [EngineEvent] = []
    var outboxHead = 0
    var delivering = false

    /// Creates an engine; `configuration` is the host configuration document
    /// (JSON or an XML property list) from which AF-01 reads the opt-in.
    public init(options: EngineOptions, configuration: [UInt8]) throws(FramesError) {
        self.options = try options.validated()
        // No document at all is a host without App Frames, not an error (AF-01).
        self.appFramesEnabled = configuration.isEmpty ? false : try HostConfiguration.parse(configuration).appFramesEnabled
        self.sessionId = options.sessionId
        self.random = SplitMix64(seed: options.randomSeed)
    }

    /// True while App Frames may do anything at all (AF-02, AF-17).
    var isActive: Bool {
        appFramesEnabled && consentGranted && !remotelyDisabled
    }

    /// The id selection buckets on (AF-13): the user, else the device.
    var bucketingId: String { userId ?? options.deviceId }

    /// Ends the engine's life: pending callbacks are dropped and nothing more
    /// is delivered, even to a callback that is running now.
    public func close() {
        closed = true
        host = nil
        outbox.removeAll()
        outboxHead = 0
        for frame in frames.values { frame.delegate = nil }
        frames.removeAll()
        for place in places.values { place.delegate = nil }
        places.removeAll()
        inFlight.removeAll()
        queued.removeAll()
        queueHead = 0
        timers.removeAll()
    }
}

/// What the engine asks of its host besides requests.
public protocol EngineHost: AnyObject {
    /// XC-05: every analytics record.
    func engine(_ engine: Engine, record: AnalyticsRecord)
    /// Draw `content` in `frame`, then report through the engine's
    /// template calls (AF-10, AF-18..AF-22).
    func engine(_ engine: Engine, render content: LoadedContent, in frame: AppFrame)
    /// Perform an action's navigation (AF-21). Returns whether it opened.
    func engine(_ engine: Engine, openURL url: String) -> Bool
    /// BN-14, BN-15: a preload finished: the banners now cached, or why not.
    func engine(_ engine: Engine, preloaded placeId: String, result: Result<[Banner], FrameError>)
}

extension EngineHost {
    public func engine(_ engine: Engine, preloaded placeId: String, result: Result<[Banner], FrameError>) {}
}
