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
