// Decides: BN-07
/// The geometry of one banner place for one container width and direction
/// (BN-04..BN-07): a pure value, cheap to build, that lays out any number of
/// banners given their ratios (width / height).
///
/// The batch entry point works on spans so that the C shim can hand the
/// caller's buffers straight through: a million banners are laid out without
/// copying them into Swift arrays.
public struct BannerLayout: Sendable {
    public let appearance: ResolvedAppearance
    public let containerWidth: Double
    public let rtl: Bool

    public init(appearance: ResolvedAppearance, containerWidth: Double, rtl: Bool) throws(FramesError) {
        guard containerWidth.isFinite, containerWidth >= 0 else {
            throw .invalidArgument("container_width is \(containerWidth); it must be a finite length >= 0")
        }
        self.appearance = appearance
        self.containerWidth = containerWidth
        self.rtl = rtl
    }

    public init(appearance: Appearance, containerWidth: Double, rtl: Bool = false) throws(FramesError) {
        try self.init(appearance: ResolvedAppearance(appearance), containerWidth: containerWidth, rtl: rtl)
    }

    /// Container width minus both insets, clamped at 0: the carousel's page
    /// width and the vertical list's row width.
    public var availableWidth: Double {
        max(0, containerWidth - appearance.leadingInset - appearance.trailingInset)
    }

    /// The width of every banner this layout places (BN-04..BN-06).
    public var itemWidth: Double {
        switch appearance.layoutType {
        case .carousel, .verticalList:
            return availableWidth
        case .tiles:
            return max(0, (containerWidth - appearance.leadingInset - appearance.trailingInset
                - appearance.columnSpacing) / 2)
        }
    }

    /// The pure geometry calls refuse to lay out banners that would have no
    /// width: insets (and, for tiles, the column spacing) that take the whole
    /// container are a mistake in the caller's numbers, not a layout
    /// (docs/decisions.md, "Layout: no room for a banner"). Banner places do
    /// not call this: a place whose host has not measured its width yet
    /// lays out at width 0 until it has.
    public func requireRoom(forLaidOut count: Int, widthName: @autoclosure () -> String = "container_width")
        throws(FramesError) {
        guard count > 0 else { return }
        let insets = appearance.leadingInset + appearance.trailingInset
        let width = appearance.layoutType == .tiles
            ? (containerWidth - insets - appearance.columnSpacing) / 2
            : containerWidth - insets
        guard !(width > 0) else { return }
        // The message is built only here: every layout call passes this check.
        let taken: String
        let what: String
        switch appearance.layoutType {
        case .carousel, .verticalList:
            taken = "the leading and trailing insets (\(appearance.leadingInset) + \(appearance.trailingInset))"
            what = appearance.layoutType == .carousel ? "a carousel page" : "a banner"
        case .tiles:
            taken = "the leading and trailing insets (\(appearance.leadingInset) + \(appearance.trailingInset)) "
                + "and the column spacing (\(appearance.columnSpacing))"
            what = "a tile"
        }
        throw .invalidArgument("\(widthName()) is \(containerWidth), which leaves no room for a banner: \(taken) "
            + "take all of it, so \(what) would be \(width) points wide; use a wider container or smaller insets")
    }

    /// How many of `count` banners are laid out (BN-02).
    public func laidOutCount(of count: Int) -> Int {
        appearance.laidOutCount(of: count)
    }

    /// A banner's height at `width`: rounded to the nearest point (BN-04).
    @inline(__always)
    static func bannerHeight(width: Double, ratio: Double) -> Double {
        roundHalfAwayFromZero(width / ratio)
    }
}

/// What a layout reports besides its rects.
public struct LayoutSummary: Equatable, Sendable {
    /// Number of rects written: one per banner laid out, in input order.
    public var count: Int
    /// Width of the laid-out content: the container width for lists and
    /// tiles, insets + pages + gaps for the carousel.
    public var contentWidth: Double
    /// The height the place reports (BN-04..BN-06).
    public var contentHeight: Double
}

/// An owning result for Swift callers that do not manage buffers.
public struct LayoutResult: Equatable, Sendable {
    public var rects: [Rect]
    public var contentWidth: Double
    public var contentHeight: Double
}
