// Decides: BN-06
extension BannerLayout {
    /// Width of the carousel's scrollable content for `count` pages: both
    /// insets, the pages and the gaps between them; the container itself
    /// when there is nothing to scroll.
    public func carouselContentWidth(count: Int) -> Double {
        guard count > 0 else { return containerWidth }
        let pages = Double(count)
        return appearance.leadingInset + pages * availableWidth
            + (pages - 1) * appearance.interItemSpacing + appearance.trailingInset
    }

    /// BN-06: one page per banner (the carousel ignores maxBannersCount),
    /// the first at the leading inset so neighbours peek into the insets;
    /// each banner vertically centred in the tallest banner's height, which
    /// is the height the carousel reports.
    /// Writes rects[base ..< base + count]; the caller checked the room.
    func layoutCarousel(_ ratios: Span<Double>, _ count: Int, _ rects: inout MutableSpan<Rect>, at base: Int) -> LayoutSummary {
        let width = availableWidth
        let step = width + appearance.interItemSpacing
        let contentWidth = carouselContentWidth(count: count)
        var tallest = 0.0
        for i in 0..<count {
            let height = Self.bannerHeight(width: width, ratio: ratios[i])
            let x = directed(appearance.leadingInset + Double(i) * step, width: width, contentWidth: contentWidth)
            rects[base + i] = Rect(x: x, y: 0, width: width, height: height)
            tallest = max(tallest, height)
        }
        for i in 0..<count {
            rects[base + i].y = (tallest - rects[base + i].height) / 2
        }
        return LayoutSummary(count: count, contentWidth: contentWidth, contentHeight: tallest)
    }
}
