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

/// Which banners of a place play now: a pure function of what the host
/// reported (BN-09..BN-12).
public enum PlaybackPlan {
    /// - `rects`: the laid-out banners; `ready`: whose content is ready.
    /// - `viewport`: nil when the host cannot tell what is visible.
    /// - Returns for each banner its share (nil when unknown) and whether it
    ///   plays.
    public static func evaluate(layout: LayoutType, rects: [Rect], ready: [Bool], viewport: Viewport?,
                                currentIndex: Int, conditions: PlaybackConditions) -> [(share: Double?, playing: Bool)] {
        var plan: [(share: Double?, playing: Bool)] = []
        plan.reserveCapacity(rects.count)
        for (index, rect) in rects.enumerated() {
            let isReady = index < ready.count && ready[index]
            let share = viewport.map { BannerVisibility.share(of: rect, in: $0) }
            let playing: Bool
            if conditions.blocksPlayback || !isReady {
                playing = false
            } else {
                switch layout {
                case .carousel:
                    // BN-09: the current page plays; the timer moves on.
                    playing = index == currentIndex
                case .verticalList:
                    // BN-10: the list's own viewport decides; unknown, nothing
                    // is known to be visible.
                    playing = share.map(BannerVisibility.isEligible) ?? false
                case .tiles:
                    // BN-12: without a viewport every banner not known to be
                    // hidden plays.
                    playing = share.map(BannerVisibility.isEligible) ?? true
                }
            }
            plan.append((share, playing))
        }
        return plan
    }
}
