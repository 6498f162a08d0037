import Testing
@testable import FramesCore

@Suite("Carousel (BN-06)")
struct CarouselTests {
    let carousel = Appearance(sideInset: 24, interItemSpacing: 16)

    @Test("BN-06 pages at the leading inset, spacing apart, centred in the tallest banner's height")
    func pages() throws {
        // page = 390 - 48 = 342; heights 171, 342, 137 (136.8)
        let r = try layout(carousel, width: 390, ratios: [2, 1, 2.5])
        #expect(r.rects == [rect(24, 85.5, 342, 171), rect(382, 0, 342, 342), rect(740, 102.5, 342, 137)])
        #expect(r.contentHeight == 342)
        let contentWidth: Double = 24 + 3 * 342 + 2 * 16 + 24
        #expect(r.contentWidth == contentWidth)
    }

    @Test("BN-06 RTL mirrors the order: the first page is at the right end")
    func rtl() throws {
        let r = try layout(carousel, width: 390, ratios: [2, 1, 2.5], rtl: true)
        let contentWidth: Double = 24 + 3 * 342 + 2 * 16 + 24
        let firstX: Double = contentWidth - 24 - 342
        #expect(r.rects[0].x == firstX)
        #expect(r.rects[2].x == 24)
        #expect(r.rects.map(\.height) == [171, 342, 137])
    }

    @Test("BN-02 BN-06 the carousel ignores maxBannersCount", arguments: [Int?.none, 0, -3, 25])
    func ignoresLimit(limit: Int?) throws {
        let a = Appearance(layoutType: .carousel, maxBannersCount: limit)
        #expect(try layout(a, width: 100, ratios: Array(repeating: 1, count: 30)).rects.count == 30)
    }

    @Test("BN-06 reported height is the tallest rounded height; 0 without banners")
    func height() throws {
        #expect(try layout(Appearance(), width: 375, ratios: [2, 3]).contentHeight == 188)
        #expect(try layout(Appearance(), width: 375, ratios: []).contentHeight == 0)
    }
}

@Suite("Layout metrics (BN-02..BN-06)")
struct LayoutMetricsTests {
    @Test("BN-06 the carousel's content width covers insets, pages and gaps; BN-02 it keeps every banner")
    func carousel() throws {
        let layout = try BannerLayout(appearance: Appearance(maxBannersCount: 2, sideInset: 24, interItemSpacing: 16),
                                      containerWidth: 390)
        let m = try layout.metrics(count: 3)
        #expect(m.laidOutCount == 3)
        #expect(m.itemWidth == 342)
        let expectedWidth: Double = 24 + 3 * 342 + 2 * 16 + 24
        #expect(m.contentWidth == expectedWidth)
        #expect(try layout.metrics(count: 0).contentWidth == 390)
    }

    @Test("BN-03 BN-05 tiles: fallbacks and clamps in effect, cell width, the limit")
    func tiles() throws {
        let a = Appearance(layoutType: .tiles, maxBannersCount: 5, sideInset: 16, trailingInset: 4,
                           interItemSpacing: 10, columnSpacing: -3)
        let m = try BannerLayout(appearance: a, containerWidth: 400).metrics(count: 9)
        #expect(m == LayoutMetrics(laidOutCount: 5, itemWidth: 190, leadingInset: 16, trailingInset: 4,
                                   interItemSpacing: 10, columnSpacing: 0, rowSpacing: 10, contentWidth: 400))
    }
}
