// Decides: BN-09, BN-10, BN-12
/// Which banners of a place play now: pure functions of what the host
/// reported (BN-09..BN-12).
public enum PlaybackPlan {
    /// One banner: its share of the viewport (nil when unknown) and whether
    /// it plays. `blocked` covers the conditions (BN-09, BN-11) and a
    /// carousel off screen; `isCurrent` is the carousel's page.
    @inline(__always)
    public static func decide(layout: LayoutType, rect: Rect, isReady: Bool, viewport: Viewport?,
                              isCurrent: Bool, blocked: Bool) -> (share: Double?, playing: Bool) {
        let share = viewport.map { BannerVisibility.share(of: rect, in: $0) }
        guard !blocked, isReady else { return (share, false) }
        switch layout {
        case .carousel:
            // BN-09: the current page plays; the timer moves on.
            return (share, isCurrent)
        case .verticalList:
            // BN-10: the list's own viewport decides; unknown, nothing is
            // known to be visible.
            return (share, share.map(BannerVisibility.isEligible) ?? false)
        case .tiles:
            // BN-12: without a viewport every banner not known to be hidden
            // plays.
            return (share, share.map(BannerVisibility.isEligible) ?? true)
        }
    }

    /// BN-10, BN-12 for a carousel: it is on screen unless the host reported
    /// a viewport that shares no area with the place's own bounds (an empty
    /// viewport included). Off screen, a carousel is as if hidden.
    public static func isOnScreen(bounds: Rect, viewport: Viewport?) -> Bool {
        guard let viewport else { return true }
        let width = min(bounds.x + bounds.width, viewport.x + viewport.width) - max(bounds.x, viewport.x)
        let height = min(bounds.y + bounds.height, viewport.y + viewport.height) - max(bounds.y, viewport.y)
        return width > 0 && height > 0
    }
}
