/// How an engine is set up. Every field has a default a host can keep.
public struct EngineOptions: Equatable, Sendable {
    /// Where the placements fetch goes (AF-12): POST with a JSON body.
    public var placementsURL: String = "https://frames.invalid/v1/placements"
    /// Where banner lists come from (BN-14): POST with a JSON body.
    public var bannersURL: String = "https://frames.invalid/v1/banners"
    /// The bucketing id while no user is logged in (AF-13): a stable
    /// per-install id the host keeps.
    public var deviceId: String = "anonymous-device"
    /// The first session's id; later ones come from `startSession`.
    public var sessionId: String = "session-1"
    public var retry = RetryPolicy()
    /// A request unanswered after this long has failed with a timeout.
    public var requestTimeout: Milliseconds = 10_000
    /// A template that has not signalled after this long has failed (AF-10).
    public var renderTimeout: Milliseconds = 10_000
    /// Plain http content origins are untrusted (AF-14) unless this is set,
    /// which loopback tests do.
    public var allowInsecureHTTP = false
    /// Seeds the retry jitter: the same seed gives the same schedule.
    public var randomSeed: UInt64 = 0

    public init() {}

    func validated() throws(FramesError) -> EngineOptions {
        _ = try retry.validated()
        guard requestTimeout > 0, renderTimeout > 0 else {
            throw .invalidArgument("timeouts are request \(requestTimeout) ms and render \(renderTimeout) ms; both must be > 0")
        }
        guard !deviceId.isEmpty, deviceId.utf8.count <= 256 else {
            throw .invalidArgument("device id must be 1...256 bytes; it is \(deviceId.utf8.count)")
        }
        guard !sessionId.isEmpty, sessionId.utf8.count <= 256 else {
            throw .invalidArgument("session id must be 1...256 bytes; it is \(sessionId.utf8.count)")
        }
        for (name, url) in [("placements_url", placementsURL), ("banners_url", bannersURL)] {
            guard url.hasPrefix("https://") || (allowInsecureHTTP && url.hasPrefix("http://")) else {
                throw .invalidArgument("\(name) \"\(url)\" must start with https:// (http:// only with allow_insecure_http)")
            }
        }
        return self
    }
}
