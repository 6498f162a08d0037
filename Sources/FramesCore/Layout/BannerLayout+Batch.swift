extension BannerLayout {
    /// Lays out banners into `rects`, which must hold at least
    /// `laidOutCount(of: ratios.count)` elements (BN-04..BN-07).
    ///
    /// Checks every ratio before writing anything; on `.overflow` the rects
    /// may be partly written.
    public func layout(ratios: Span<Double>, into rects: inout MutableSpan<Rect>) throws(FramesError) -> LayoutSummary {
        try Self.checkRatiosOf(ratios)
        return try layout(checkedRatios: ratios, into: &rects, at: 0)
    }

    /// The same into rects[base...], for ratios the caller already checked
    /// with `checkRatiosOf` (the many-layouts path checks them once for all
    /// its layouts).
    func layout(checkedRatios ratios: Span<Double>, into rects: inout MutableSpan<Rect>, at base: Int) throws(FramesError) -> LayoutSummary {
        let count = laidOutCount(of: ratios.count)
        guard base >= 0, base <= rects.count, rects.count - base >= count else {
            throw FramesError(.bufferTooSmall, "the rect buffer holds \(max(0, rects.count - base)) rects; \(count) are needed")
        }
        try checkHorizontalExtent(count: count)
        let summary: LayoutSummary
        switch appearance.layoutType {
        case .carousel: summary = layoutCarousel(ratios, count, &rects, at: base)
        case .verticalList: summary = layoutVerticalList(ratios, count, &rects, at: base)
        case .tiles: summary = layoutTiles(ratios, count, &rects, at: base)
        }
        guard summary.contentHeight.isFinite, summary.contentWidth.isFinite else {
            throw FramesError(.overflow, "the laid-out content is \(summary.contentWidth) x \(summary.contentHeight) points, "
                + "which is not finite; a ratio is too close to 0 or there are too many banners")
        }
        return summary
    }

    /// Owning convenience over `layout(ratios:into:)`.
    public func layout(ratios: [Double]) throws(FramesError) -> LayoutResult {
        var rects = [Rect](repeating: .zero, count: laidOutCount(of: ratios.count))
        let ratioSpan = ratios.span
        var out = rects.mutableSpan
        let summary = try layout(ratios: ratioSpan, into: &out)
        return LayoutResult(rects: rects, contentWidth: summary.contentWidth, contentHeight: summary.contentHeight)
    }

    /// BN-07: the pure geometry rejects a ratio that is not a positive finite
    /// number, naming its index (the engine drops such banners instead).
    public static func checkRatiosOf(_ ratios: Span<Double>) throws(FramesError) {
        for i in ratios.indices {
            let ratio = ratios[i]
            if !(ratio > 0 && ratio.isFinite) {
                throw .invalidArgument("ratios[\(i)] is \(ratio); a banner ratio (width / height) must be a positive finite number")
            }
        }
    }

    /// Every x and width this layout will write is finite: the rightmost
    /// edge of the LTR layout bounds them all (insets, widths and gaps are
    /// >= 0), so checking it before writing keeps a NaN or infinite origin
    /// out of the caller's rects (`0 * inf` when a carousel step overflows).
    func checkHorizontalExtent(count: Int) throws(FramesError) {
        let rightmost: Double
        switch appearance.layoutType {
        case .carousel:
            let step = availableWidth + appearance.interItemSpacing
            rightmost = step.isFinite ? appearance.leadingInset + Double(max(0, count - 1)) * step + availableWidth
                + appearance.trailingInset : .infinity
        case .verticalList:
            rightmost = appearance.leadingInset + availableWidth + appearance.trailingInset
        case .tiles:
            rightmost = appearance.leadingInset + itemWidth + appearance.columnSpacing + itemWidth
                + appearance.trailingInset
        }
        guard rightmost.isFinite else {
            throw FramesError(.overflow, "the laid-out content is wider than any finite length; "
                + "the insets, gaps and container width add up past the largest double")
        }
    }

    /// x of a rect after applying the layout direction: RTL mirrors the LTR
    /// layout inside the content width.
    @inline(__always)
    func directed(_ x: Double, width: Double, contentWidth: Double) -> Double {
        rtl ? contentWidth - x - width : x
    }
}
