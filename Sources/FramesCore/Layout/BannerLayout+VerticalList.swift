// Decides: BN-04
extension BannerLayout {
    /// BN-04: one column at the leading inset, rows interItemSpacing apart;
    /// the reported height is the whole content, not the viewport.
    /// Writes rects[base ..< base + count]; the caller checked the room.
    func layoutVerticalList(_ ratios: Span<Double>, _ count: Int, _ rects: inout MutableSpan<Rect>, at base: Int) -> LayoutSummary {
        let width = availableWidth
        let x = directed(appearance.leadingInset, width: width, contentWidth: containerWidth)
        let spacing = appearance.interItemSpacing
        var y = 0.0
        for i in 0..<count {
            let height = Self.bannerHeight(width: width, ratio: ratios[i])
            rects[base + i] = Rect(x: x, y: y, width: width, height: height)
            y += height + spacing
        }
        let contentHeight = count > 0 ? y - spacing : 0
        return LayoutSummary(count: count, contentWidth: containerWidth, contentHeight: contentHeight)
    }
}
