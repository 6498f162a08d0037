// Decides: BN-11, BN-17
/// What besides visibility decides whether a place plays (BN-09, BN-11).
public struct PlaybackConditions: Equatable, Sendable {
    public var appActive = true
    /// `pause()` until `resume()`.
    public var manuallyPaused = false
    /// The place's input dialog (BN-17) or another reader is shown.
    public var inputShown = false
    public var readerShown = false
    /// The host hid the place: nothing in it is visible.
    public var hidden = false

    public init() {}

    /// Nothing plays while any of these holds.
    public var blocksPlayback: Bool {
        !appActive || manuallyPaused || inputShown || readerShown || hidden
    }
}
