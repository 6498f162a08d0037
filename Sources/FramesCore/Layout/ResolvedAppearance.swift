// Decides: BN-02, BN-03
/// An appearance with every BN-03 fallback applied and every length checked:
/// what the geometry actually uses. Building one is the only place where
/// appearance input is validated.
public struct ResolvedAppearance: Equatable, Sendable {
    public let layoutType: LayoutType
    /// How many banners lists and tiles keep; `nil` keeps all. Never negative.
    public let bannerLimit: Int?
    public let shouldLoop: Bool
    public let leadingInset: Double
    public let trailingInset: Double
    public let interItemSpacing: Double
    public let columnSpacing: Double
    public let rowSpacing: Double
    public let cornerRadius: Double

    public init(_ a: Appearance) throws(FramesError) {
        try Self.checkLength(a.sideInset, "side_inset")
        try Self.checkLength(a.interItemSpacing, "inter_item_spacing")
        try Self.checkLength(a.cornerRadius, "corner_radius")
        if let leading = a.leadingInset { try Self.checkLength(leading, "leading_inset") }
        if let trailing = a.trailingInset { try Self.checkLength(trailing, "trailing_inset") }
        layoutType = a.layoutType
        // BN-02: negative counts clamp to 0; the carousel ignores the limit.
        bannerLimit = a.maxBannersCount.map { max(0, $0) }
        shouldLoop = a.shouldLoop
        leadingInset = a.leadingInset ?? a.sideInset
        trailingInset = a.trailingInset ?? a.sideInset
        interItemSpacing = a.interItemSpacing
        // BN-03: tile gaps clamp instead of failing.
        columnSpacing = Self.clampedGap(a.columnSpacing ?? a.interItemSpacing)
        rowSpacing = Self.clampedGap(a.rowSpacing ?? a.interItemSpacing)
        cornerRadius = a.cornerRadius
    }

    /// How many of `count` banners this layout lays out (BN-02).
    public func laidOutCount(of count: Int) -> Int {
        guard layoutType != .carousel, let limit = bannerLimit else { return count }
        return min(count, limit)
    }

    private static func checkLength(_ value: Double, _ name: String) throws(FramesError) {
        guard value.isFinite, value >= 0 else {
            throw .invalidArgument("\(name) is \(value); it must be a finite length >= 0")
        }
    }

    private static func clampedGap(_ value: Double) -> Double {
        value.isFinite && value > 0 ? value : 0
    }
}
