// Decides: BN-01
/// The appearance of a banner place, as the host gives it (BN-01..BN-03).
/// Optionals are the mobile SDK's optionals: `nil` means "fall back" (insets to
/// `sideInset`, tile gaps to `interItemSpacing`) or, for
/// `maxBannersCount`, "all banners".
public struct Appearance: Equatable, Sendable {
    public var layoutType: LayoutType = .carousel
    public var maxBannersCount: Int? = 20
    public var shouldLoop: Bool = true
    public var sideInset: Double = 0
    public var leadingInset: Double? = nil
    public var trailingInset: Double? = nil
    public var interItemSpacing: Double = 8
    public var columnSpacing: Double? = nil
    public var rowSpacing: Double? = nil
    public var cornerRadius: Double = 16

    public init() {}

    public init(
        layoutType: LayoutType = .carousel,
        maxBannersCount: Int? = 20,
        shouldLoop: Bool = true,
        sideInset: Double = 0,
        leadingInset: Double? = nil,
        trailingInset: Double? = nil,
        interItemSpacing: Double = 8,
        columnSpacing: Double? = nil,
        rowSpacing: Double? = nil,
        cornerRadius: Double = 16
    ) {
        self.layoutType = layoutType
        self.maxBannersCount = maxBannersCount
        self.shouldLoop = shouldLoop
        self.sideInset = sideInset
        self.leadingInset = leadingInset
        self.trailingInset = trailingInset
        self.interItemSpacing = interItemSpacing
        self.columnSpacing = columnSpacing
        self.rowSpacing = rowSpacing
        self.cornerRadius = cornerRadius
    }
}
