/// What App Frames ask of the host besides the analytics sink.
public protocol AppFramesHost: AnyObject {
    /// Draw `content` in `frame`, then report through the controller's
    /// template calls (AF-10, AF-18..AF-22).
    func render(_ content: LoadedContent, in frame: AppFrame)
    /// Perform an action's navigation (AF-21). Returns whether it opened.
    func openURL(_ url: String) -> Bool
}

/// How App Frames are set up (AF-01, AF-10, AF-12).
public struct AppFramesOptions: Equatable, Sendable {
    /// Where the placements fetch goes (AF-12): POST with a JSON body.
    public var placementsURL = "https://frames.invalid/v1/placements"
    /// A template that has not signalled after this long has failed (AF-10).
    public var renderTimeout: Milliseconds = 10_000

    public init() {}
}
