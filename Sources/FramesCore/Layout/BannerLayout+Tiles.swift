// Decides: BN-05
extension BannerLayout {
    /// BN-05: two columns of equal unrounded width; each row is as tall as
    /// its tallest cell, cells top-aligned; an odd last banner takes the first
    /// column; RTL puts the first column on the right.
    /// Writes rects[base ..< base + count]; the caller checked the room.
    func layoutTiles(_ ratios: Span<Double>, _ count: Int, _ rects: inout MutableSpan<Rect>, at base: Int) -> LayoutSummary {
        let width = itemWidth
        let firstX = directed(appearance.leadingInset, width: width, contentWidth: containerWidth)
        let secondX = directed(appearance.leadingInset + width + appearance.columnSpacing,
                               width: width, contentWidth: containerWidth)
        let rowSpacing = appearance.rowSpacing
        var y = 0.0
        var i = 0
        while i + 1 < count {
            let first = Self.bannerHeight(width: width, ratio: ratios[i])
            let second = Self.bannerHeight(width: width, ratio: ratios[i + 1])
            rects[base + i] = Rect(x: firstX, y: y, width: width, height: first)
            rects[base + i + 1] = Rect(x: secondX, y: y, width: width, height: second)
            y += max(first, second) + rowSpacing
            i += 2
        }
        if i < count {
            let last = Self.bannerHeight(width: width, ratio: ratios[i])
            rects[base + i] = Rect(x: firstX, y: y, width: width, height: last)
            y += last + rowSpacing
        }
        let contentHeight = count > 0 ? y - rowSpacing : 0
        return LayoutSummary(count: count, contentWidth: containerWidth, contentHeight: contentHeight)
    }
}
