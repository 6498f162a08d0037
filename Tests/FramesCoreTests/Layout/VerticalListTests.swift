import Testing
@testable import FramesCore

@Suite("Vertical list (BN-04)")
struct VerticalListTests {
    let list = Appearance(layoutType: .verticalList, sideInset: 16, interItemSpacing: 12)

    @Test("BN-04 rows at the leading inset, width minus insets, spacing between rows, full content height")
    func rows() throws {
        // available width 390 - 32 = 358
        let r = try layout(list, width: 390, ratios: [2, 1, 3.58])
        #expect(r.rects == [rect(16, 0, 358, 179), rect(16, 191, 358, 358), rect(16, 561, 358, 100)])
        #expect(r.contentHeight == 661)
    }

    @Test("BN-04 a .5 height rounds away from zero")
    func halfHeights() throws {
        // 375 / 2 = 187.5 -> 188; 5 / 2 = 2.5 -> 3; 1 / 2 = 0.5 -> 1
        #expect(try layout(Appearance(layoutType: .verticalList), width: 375, ratios: [2]).rects == [rect(0, 0, 375, 188)])
        #expect(try layout(Appearance(layoutType: .verticalList), width: 5, ratios: [2]).rects[0].height == 3)
        #expect(try layout(Appearance(layoutType: .verticalList), width: 1, ratios: [2]).rects[0].height == 1)
        // 100 / 3 = 33.33 -> 33 (down); 200 / 3 = 66.67 -> 67 (up)
        #expect(try layout(Appearance(layoutType: .verticalList), width: 100, ratios: [3]).rects[0].height == 33)
        #expect(try layout(Appearance(layoutType: .verticalList), width: 200, ratios: [3]).rects[0].height == 67)
    }

    @Test("BN-04 leading and trailing insets differ; RTL mirrors them")
    func asymmetricInsets() throws {
        let a = Appearance(layoutType: .verticalList, sideInset: 16, leadingInset: 10, trailingInset: 30)
        #expect(try layout(a, width: 200, ratios: [1]).rects == [rect(10, 0, 160, 160)])
        #expect(try layout(a, width: 200, ratios: [1], rtl: true).rects == [rect(30, 0, 160, 160)])
    }

    @Test("BN-04 insets larger than the container clamp the width to 0")
    func insetsTooLarge() throws {
        let r = try layout(Appearance(layoutType: .verticalList, sideInset: 300), width: 390, ratios: [1, 2])
        #expect(r.rects.map(\.width) == [0, 0])
        #expect(r.rects.map(\.height) == [0, 0])
        #expect(r.contentHeight == 8)  // two empty rows, one gap
    }

    @Test("BN-02 BN-04 maxBannersCount keeps the first banners; the height counts only them",
          arguments: [(Int?.none, 30), (0, 0), (-3, 0), (25, 25)])
    func limit(limit: Int?, kept: Int) throws {
        let a = Appearance(layoutType: .verticalList, maxBannersCount: limit, interItemSpacing: 10)
        let r = try layout(a, width: 100, ratios: Array(repeating: 1, count: 30))
        #expect(r.rects.count == kept)
        #expect(r.contentHeight == (kept == 0 ? 0 : Double(kept) * 100 + Double(kept - 1) * 10))
    }

    @Test("BN-04 no banners: height 0")
    func empty() throws {
        #expect(try layout(Appearance(layoutType: .verticalList), width: 390, ratios: []).contentHeight == 0)
    }
}
