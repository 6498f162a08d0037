/// What the shared services are set up with; the modules' own settings live
/// in their folders.
public struct CoreOptions: Equatable, Sendable {
    /// The identity while nobody is logged in (a stable per-install id).
    public var deviceId = "anonymous-device"
    /// The first session's id; later ones come from `startSession`.
    public var sessionId = "session-1"
    public var retry = RetryPolicy()
    /// A request unanswered after this long has failed with a timeout.
    public var requestTimeout: Milliseconds = 10_000
    /// Plain http:// origins are untrusted unless this is set (loopback tests).
    public var allowInsecureHTTP = false
    /// Seeds the retry jitter: the same seed gives the same schedule.
    public var randomSeed: UInt64 = 0

    public init() {}

    func validated() throws(FramesError) -> CoreOptions {
        _ = try retry.validated()
        guard requestTimeout > 0 else {
            throw .invalidArgument("the request timeout is \(requestTimeout) ms; it must be > 0")
        }
        try Identifier.check(deviceId, "device id")
        try Identifier.check(sessionId, "session id")
        return self
    }

    /// A module's endpoint must be https:// (http:// only when insecure
    /// origins are allowed).
    public func checkEndpoint(_ url: String, _ name: String) throws(FramesError) {
        guard url.hasPrefix("https://") || (allowInsecureHTTP && url.hasPrefix("http://")) else {
            throw .invalidArgument("\(name) \"\(url)\" must start with https:// (http:// only with allow_insecure_http)")
        }
    }
}
