import Testing
@testable import FramesCore

@Suite("Appearance (BN-01..BN-03)")
struct AppearanceTests {
    @Test("BN-01 BN-02 BN-03 defaults")
    func defaults() throws {
        let a = Appearance()
        #expect(a.layoutType == .carousel)
        #expect(a.maxBannersCount == 20)
        #expect(a.shouldLoop)
        #expect(a.sideInset == 0)
        #expect(a.interItemSpacing == 8)
        #expect(a.cornerRadius == 16)
        let r = try ResolvedAppearance(a)
        #expect(r.leadingInset == 0 && r.trailingInset == 0)
        #expect(r.columnSpacing == 8 && r.rowSpacing == 8)
        #expect(r.bannerLimit == 20)
    }

    @Test("BN-03 leading/trailing fall back to sideInset; explicit values win")
    func insetFallback() throws {
        let fallback = try ResolvedAppearance(Appearance(sideInset: 24))
        #expect(fallback.leadingInset == 24 && fallback.trailingInset == 24)
        let explicit = try ResolvedAppearance(Appearance(sideInset: 24, leadingInset: 4, trailingInset: 0))
        #expect(explicit.leadingInset == 4 && explicit.trailingInset == 0)
    }

    @Test("BN-03 tile gaps fall back to interItemSpacing; negative or non-finite gaps clamp to 0",
          arguments: [-1.0, -.infinity, .infinity, .nan, -0.0])
    func gapClamp(gap: Double) throws {
        let fallback = try ResolvedAppearance(Appearance(interItemSpacing: 12))
        #expect(fallback.columnSpacing == 12 && fallback.rowSpacing == 12)
        let clamped = try ResolvedAppearance(Appearance(interItemSpacing: 12, columnSpacing: gap, rowSpacing: gap))
        #expect(clamped.columnSpacing == 0 && clamped.rowSpacing == 0)
        // A bad interItemSpacing is still an error even though the gaps would clamp.
        #expect(throws: FramesError.self) { try ResolvedAppearance(Appearance(interItemSpacing: gap < 0 ? gap : .nan)) }
    }

    @Test("BN-03 other negative or non-finite lengths are rejected, naming the field as C and Python spell it",
          arguments: ["side_inset", "leading_inset", "trailing_inset", "inter_item_spacing", "corner_radius"],
          [-0.5, .nan, .infinity, -.infinity])
    func badLengths(field: String, value: Double) {
        var a = Appearance()
        switch field {
        case "side_inset": a.sideInset = value
        case "leading_inset": a.leadingInset = value
        case "trailing_inset": a.trailingInset = value
        case "inter_item_spacing": a.interItemSpacing = value
        default: a.cornerRadius = value
        }
        do {
            _ = try ResolvedAppearance(a)
            Issue.record("\(field) = \(value) was accepted")
        } catch {
            #expect(error.code == .invalidArgument)
            #expect(error.message.hasPrefix(field))
        }
    }

    @Test("BN-02 max count: nil keeps all, 0 keeps none, negative counts as 0; the carousel ignores it")
    func maxCount() throws {
        for (limit, expected) in [(Int?.none, 30), (0, 0), (-3, 0), (25, 25), (Int.min, 0), (Int.max, 30)] {
            for layout in [LayoutType.verticalList, .tiles] {
                let r = try ResolvedAppearance(Appearance(layoutType: layout, maxBannersCount: limit))
                #expect(r.laidOutCount(of: 30) == expected, "\(layout) limit \(String(describing: limit))")
            }
            let carousel = try ResolvedAppearance(Appearance(layoutType: .carousel, maxBannersCount: limit))
            #expect(carousel.laidOutCount(of: 30) == 30)
        }
    }
}
