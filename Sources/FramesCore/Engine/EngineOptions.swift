/// How an engine is set up: the flat set of settings the C header's
/// `frames_engine_options` carries. Every field has a default a host can
/// keep; `Engine` hands each module its part.
public struct EngineOptions: Equatable, Sendable {
    /// Where the placements fetch goes (AF-12): POST with a JSON body.
    public var placementsURL = AppFramesOptions().placementsURL
    /// Where banner lists come from (BN-14): POST with a JSON body.
    public var bannersURL = BannerPlacesOptions().bannersURL
    /// The bucketing id while no user is logged in (AF-13): a stable
    /// per-install id the host keeps.
    public var deviceId = CoreOptions().deviceId
    /// The first session's id; later ones come from `startSession`.
    public var sessionId = CoreOptions().sessionId
    public var retry = RetryPolicy()
    /// A request unanswered after this long has failed with a timeout.
    public var requestTimeout = CoreOptions().requestTimeout
    /// A template that has not signalled after this long has failed (AF-10).
    public var renderTimeout = AppFramesOptions().renderTimeout
    /// Plain http content origins are untrusted (AF-14) unless this is set,
    /// which loopback tests do.
    public var allowInsecureHTTP = false
    /// Seeds the retry jitter: the same seed gives the same schedule.
    public var randomSeed: UInt64 = 0

    // Inline messages (IL-01..IL-10).
    /// Where the inline campaigns come from: POST with a JSON body.
    public var inlineURL = InlineOptions().campaignsURL
    /// Schemes inline content may open besides https (IL-08).
    public var inlineURLSchemes: [String] = []
    /// A customMethod call unanswered after this long fails (IL-07); 0: never.
    public var inlineCallTimeout = InlineOptions().callTimeout
    /// The least time between foreground refreshes of the inline campaigns.
    public var inlineRefreshInterval = InlineOptions().refreshInterval

    public init() {}

    var core: CoreOptions {
        var o = CoreOptions()
        o.deviceId = deviceId
        o.sessionId = sessionId
        o.retry = retry
        o.requestTimeout = requestTimeout
        o.allowInsecureHTTP = allowInsecureHTTP
        o.randomSeed = randomSeed
        return o
    }

    var appFrames: AppFramesOptions {
        var o = AppFramesOptions()
        o.placementsURL = placementsURL
        o.renderTimeout = renderTimeout
        return o
    }

    var banners: BannerPlacesOptions {
        var o = BannerPlacesOptions()
        o.bannersURL = bannersURL
        return o
    }

    var inline: InlineOptions {
        var o = InlineOptions()
        o.campaignsURL = inlineURL
        o.urlSchemes = inlineURLSchemes
        o.callTimeout = inlineCallTimeout
        o.refreshInterval = inlineRefreshInterval
        o.renderTimeout = renderTimeout
        return o
    }
}
