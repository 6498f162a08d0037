import Testing
@testable import FramesCore

@Suite("Scroll offsets (BN-08)")
struct ScrollOffsetTests {
    @Test("BN-08 carousel: page i at the leading inset; RTL mirrors; offsets stay inside the content")
    func carousel() throws {
        let a = Appearance(sideInset: 24, interItemSpacing: 16)
        let ltr = try BannerLayout(appearance: a, containerWidth: 390)
        let rtl = try BannerLayout(appearance: a, containerWidth: 390, rtl: true)
        let ratios = [2.0, 1, 2.5]
        let maxOffset = ltr.carouselContentWidth(count: 3) - 390
        #expect(try ltr.scrollOffset(ratios: ratios, index: 0) == Point(x: 0, y: 0))
        #expect(try ltr.scrollOffset(ratios: ratios, index: 1) == Point(x: 358, y: 0))
        #expect(try ltr.scrollOffset(ratios: ratios, index: 2) == Point(x: maxOffset, y: 0))
        #expect(try rtl.scrollOffset(ratios: ratios, index: 0) == Point(x: maxOffset, y: 0))
        #expect(try rtl.scrollOffset(ratios: ratios, index: 2) == Point(x: 0, y: 0))
        // The page really is at the leading inset in the viewport.
        let rects = try rtl.layout(ratios: ratios).rects
        #expect(rects[1].x - (try rtl.scrollOffset(ratios: ratios, index: 1)).x == 24)
    }

    @Test("BN-08 vertical list: the row's top, clamped to the end of the content by the viewport")
    func verticalList() throws {
        let l = try BannerLayout(appearance: Appearance(layoutType: .verticalList, interItemSpacing: 10), containerWidth: 100)
        let ratios = [1.0, 2, 1, 4]  // heights 100, 50, 100, 25 -> tops 0, 110, 170, 280; content 305
        #expect(try l.scrollOffset(ratios: ratios, index: 2) == Point(x: 0, y: 170))
        #expect(try l.scrollOffset(ratios: ratios, index: 3, viewportHeight: 0) == Point(x: 0, y: 280))
        #expect(try l.scrollOffset(ratios: ratios, index: 3, viewportHeight: 200) == Point(x: 0, y: 105))
        #expect(try l.scrollOffset(ratios: ratios, index: 1, viewportHeight: 1000) == Point(x: 0, y: 0))
    }

    @Test("BN-08 tiles do not scroll; an index past the laid-out banners is out of range")
    func errors() throws {
        let tiles = try BannerLayout(appearance: Appearance(layoutType: .tiles), containerWidth: 100)
        #expect(throws: FramesError(.unsupported, "tiles have no internal scrolling; scroll the host's container to the banner's rect instead")) {
            try tiles.scrollOffset(ratios: [1], index: 0)
        }
        let list = try BannerLayout(appearance: Appearance(layoutType: .verticalList, maxBannersCount: 2), containerWidth: 100)
        do {
            _ = try list.scrollOffset(ratios: [1, 1, 1], index: 2)
            Issue.record("index past the limit accepted")
        } catch {
            #expect(error.code == .outOfRange)
        }
    }
}
