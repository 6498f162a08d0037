// Decides: BN-08
extension BannerLayout {
    /// The content offset that brings banner `index` into view: what
    /// showBannerWith(index) scrolls to (BN-08).
    ///
    /// - Carousel: the page sits at the leading inset; RTL mirrors.
    /// - Vertical list: the row's top, clamped so the list never scrolls past
    ///   its end when `viewportHeight` > 0.
    /// - Tiles: `.unsupported`, they do not scroll themselves.
    public func scrollOffset(ratios: Span<Double>, index: Int, viewportHeight: Double) throws(FramesError) -> Point {
        guard viewportHeight.isFinite, viewportHeight >= 0 else {
            throw .invalidArgument("viewport_height is \(viewportHeight); it must be a finite length >= 0")
        }
        try Self.checkRatiosOf(ratios)
        let count = laidOutCount(of: ratios.count)
        guard index >= 0, index < count else {
            throw FramesError(.outOfRange, "index \(index) is not a laid-out banner; \(count) banners are laid out")
        }
        switch appearance.layoutType {
        case .carousel:
            let ltr = Double(index) * (availableWidth + appearance.interItemSpacing)
            let offset = rtl ? carouselContentWidth(count: count) - containerWidth - ltr : ltr
            return try finite(Point(x: offset, y: 0))
        case .verticalList:
            let width = availableWidth
            var top = 0.0
            var contentHeight = 0.0
            for i in 0..<count {
                if i == index { top = contentHeight }
                contentHeight += Self.bannerHeight(width: width, ratio: ratios[i])
                if i + 1 < count { contentHeight += appearance.interItemSpacing }
            }
            if viewportHeight > 0 {
                top = min(top, max(0, contentHeight - viewportHeight))
            }
            return try finite(Point(x: 0, y: top))
        case .tiles:
            throw FramesError(.unsupported, "tiles have no internal scrolling; scroll the host's container to the banner's rect instead")
        }
    }

    public func scrollOffset(ratios: [Double], index: Int, viewportHeight: Double = 0) throws(FramesError) -> Point {
        try scrollOffset(ratios: ratios.span, index: index, viewportHeight: viewportHeight)
    }

    private func finite(_ point: Point) throws(FramesError) -> Point {
        guard point.x.isFinite, point.y.isFinite else {
            throw FramesError(.overflow, "the scroll offset (\(point.x), \(point.y)) is not finite")
        }
        return point
    }
}
