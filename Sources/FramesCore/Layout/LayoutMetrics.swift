// Decides: BN-02, BN-03
/// The numbers a layout derives before placing anything: what a host needs
/// to size its scroll content and what a picture labels (BN-02..BN-06).
public struct LayoutMetrics: Equatable, Sendable {
    /// Banners laid out of the count given (BN-02).
    public var laidOutCount: Int
    /// Carousel page, list row or tile cell width.
    public var itemWidth: Double
    /// Insets after the sideInset fallback (BN-03).
    public var leadingInset: Double
    public var trailingInset: Double
    public var interItemSpacing: Double
    /// Tile gaps after the fallback and the clamp (BN-03).
    public var columnSpacing: Double
    public var rowSpacing: Double
    /// Scrollable content width: insets + pages + gaps for the carousel, the
    /// container width for lists and tiles.
    public var contentWidth: Double
}

extension BannerLayout {
    public func metrics(count: Int) throws(FramesError) -> LayoutMetrics {
        let laidOut = laidOutCount(of: max(0, count))
        let contentWidth = appearance.layoutType == .carousel ? carouselContentWidth(count: laidOut) : containerWidth
        guard contentWidth.isFinite else {
            throw FramesError(.overflow, "the carousel's content width for \(laidOut) banners is not finite")
        }
        return LayoutMetrics(
            laidOutCount: laidOut, itemWidth: itemWidth,
            leadingInset: appearance.leadingInset, trailingInset: appearance.trailingInset,
            interItemSpacing: appearance.interItemSpacing,
            columnSpacing: appearance.columnSpacing, rowSpacing: appearance.rowSpacing,
            contentWidth: contentWidth)
    }
}
