/// How inline messages are set up (IL-01, IL-07, IL-08).
public struct InlineOptions: Equatable, Sendable {
    /// Where the inline campaigns come from: POST with a JSON body.
    public var campaignsURL = "https://frames.invalid/v1/inline"
    /// Schemes content may open besides https (IL-08), e.g. ["myapp",
    /// "mailto"]. javascript:, file: and data: are refused whatever this says.
    public var urlSchemes: [String] = []
    /// A customMethod call not resolved after this long fails by itself
    /// (IL-07), so content never waits forever; 0: no deadline.
    public var callTimeout: Milliseconds = 30_000
    /// Coming back to the foreground fetches the campaigns again only when
    /// the last fetch started at least this long ago.
    public var refreshInterval: Milliseconds = 300_000
    /// A render the host has not reported on screen after this long has
    /// failed (renderingFailed), as for App Frames (AF-10).
    public var renderTimeout: Milliseconds = 10_000

    public init() {}

    func validated(_ core: CoreOptions) throws(FramesError) -> InlineOptions {
        try core.checkEndpoint(campaignsURL, "inline_url")
        _ = try URLAllowList(extraSchemes: urlSchemes)
        guard callTimeout >= 0 else {
            throw .invalidArgument("inline_call_timeout_ms is \(callTimeout); it must be >= 0 (0: no deadline)")
        }
        guard refreshInterval >= 0 else {
            throw .invalidArgument("inline_refresh_interval_ms is \(refreshInterval); it must be >= 0")
        }
        guard renderTimeout > 0 else {
            throw .invalidArgument("the render timeout is \(renderTimeout) ms; it must be > 0")
        }
        return self
    }
}
