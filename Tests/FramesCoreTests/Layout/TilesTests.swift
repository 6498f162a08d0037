import Testing
@testable import FramesCore

@Suite("Tiles (BN-05)")
struct TilesTests {
    let tiles = Appearance(layoutType: .tiles, sideInset: 16, columnSpacing: 8, rowSpacing: 12)

    @Test("BN-05 two columns, unrounded cell width, row = tallest cell, rowSpacing between rows")
    func grid() throws {
        // cell = (390 - 32 - 8) / 2 = 175; heights 116.67->117, 175, 233.33->233
        let r = try layout(tiles, width: 390, ratios: [1.5, 1, 0.75])
        #expect(r.rects == [rect(16, 0, 175, 117), rect(199, 0, 175, 175), rect(16, 187, 175, 233)])
        #expect(r.contentHeight == 420)
    }

    @Test("BN-05 the cell width is not rounded")
    func unroundedCell() throws {
        // (101 - 0 - 8) / 2 = 46.5
        let r = try layout(Appearance(layoutType: .tiles), width: 101, ratios: [1, 1])
        #expect(r.rects == [rect(0, 0, 46.5, 47), rect(54.5, 0, 46.5, 47)])
    }

    @Test("BN-05 RTL with an odd count: first column on the right, leading inset on the right")
    func rtlOdd() throws {
        let a = Appearance(layoutType: .tiles, leadingInset: 20, trailingInset: 10, columnSpacing: 10)
        // cell = (400 - 20 - 10 - 10) / 2 = 180
        let ltr = try layout(a, width: 400, ratios: [1, 2, 1.8], rtl: false)
        #expect(ltr.rects == [rect(20, 0, 180, 180), rect(210, 0, 180, 90), rect(20, 188, 180, 100)])
        let rtl = try layout(a, width: 400, ratios: [1, 2, 1.8], rtl: true)
        #expect(rtl.rects == [rect(200, 0, 180, 180), rect(10, 0, 180, 90), rect(200, 188, 180, 100)])
        #expect(rtl.contentHeight == ltr.contentHeight)
    }

    @Test("BN-05 BN-03 gaps fall back to interItemSpacing")
    func gapFallback() throws {
        let r = try layout(Appearance(layoutType: .tiles, interItemSpacing: 20), width: 220, ratios: [1, 1, 1])
        #expect(r.rects == [rect(0, 0, 100, 100), rect(120, 0, 100, 100), rect(0, 120, 100, 100)])
    }

    @Test("BN-05 insets larger than the container: cells of width 0")
    func insetsTooLarge() throws {
        let r = try layout(Appearance(layoutType: .tiles, sideInset: 500), width: 390, ratios: [1, 1, 1])
        #expect(r.rects.allSatisfy { $0.width == 0 && $0.height == 0 })
        #expect(r.contentHeight == 8)
    }

    @Test("BN-02 BN-05 the limit applies to tiles", arguments: [(Int?.none, 31), (0, 0), (-3, 0), (25, 25)])
    func limit(limit: Int?, kept: Int) throws {
        let a = Appearance(layoutType: .tiles, maxBannersCount: limit)
        #expect(try layout(a, width: 100, ratios: Array(repeating: 1, count: 31)).rects.count == kept)
    }
}
