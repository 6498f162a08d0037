// Decides: BN-08
/// Navigation of banner places (BN-08): what showNext, showPrevious and
/// showBannerWith do per layout, and the offset the host must scroll to.
extension BannerPlacesController {
    /// The outcome of a navigation call: the index now current, and the
    /// content offset to apply (nil when nothing moves).
    public struct Navigation: Equatable, Sendable {
        public let index: Int
        public let offset: Point?
    }

    /// Carousel: one page on, wrapping when it loops (a no-op at the last
    /// page otherwise). Lists and tiles: a no-op.
    public func showNext(_ place: BannerPlace, now: Milliseconds) throws(FramesError) -> Navigation {
        try services.mutate(now: now) { (now) throws(FramesError) -> Navigation in
            try check(place)
            guard place.appearance.layoutType == .carousel, let next = nextPage(place, after: place.currentIndex) else {
                return Navigation(index: place.currentIndex, offset: nil)
            }
            return try navigate(place, to: next, now: now)
        }
    }

    /// Carousel: one page back, wrapping when it loops. Lists and tiles: a no-op.
    public func showPrevious(_ place: BannerPlace, now: Milliseconds) throws(FramesError) -> Navigation {
        try services.mutate(now: now) { (now) throws(FramesError) -> Navigation in
            try check(place)
            let count = place.banners.count
            guard place.appearance.layoutType == .carousel, count > 0 else {
                return Navigation(index: place.currentIndex, offset: nil)
            }
            let previous: Int
            if place.currentIndex > 0 {
                previous = place.currentIndex - 1
            } else if place.appearance.shouldLoop && count > 1 {
                previous = count - 1
            } else {
                return Navigation(index: place.currentIndex, offset: nil)
            }
            return try navigate(place, to: previous, now: now)
        }
    }

    /// Carousel: jumps to the page; vertical list: scrolls to the row;
    /// tiles: a no-op (the host scrolls its own container).
    public func showBanner(_ place: BannerPlace, index: Int, now: Milliseconds) throws(FramesError) -> Navigation {
        try services.mutate(now: now) { (now) throws(FramesError) -> Navigation in
            try check(place)
            try checkIndex(place, index)
            guard place.appearance.layoutType != .tiles else {
                return Navigation(index: place.currentIndex, offset: nil)
            }
            return try navigate(place, to: index, now: now)
        }
    }

    private func navigate(_ place: BannerPlace, to index: Int, now: Milliseconds) throws(FramesError) -> Navigation {
        let layout = try BannerLayout(appearance: place.appearance, containerWidth: place.containerWidth, rtl: place.rtl)
        let offset = try layout.scrollOffset(ratios: place.banners.map { $0.ratio }, index: index,
                                             viewportHeight: place.viewport?.height ?? 0)
        scroll(place, to: index, now: now)
        return Navigation(index: index, offset: offset)
    }
}
