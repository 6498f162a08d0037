import Testing
@testable import FramesCore

/// A loaded place with `count` banners of ratio 1 on a 100-wide container.
func loadedPlace(_ r: PlaceRecorder, _ appearance: Appearance, count: Int = 3, duration: Int64 = 1_000,
                 viewport: Viewport? = nil) throws -> (Engine, BannerPlace) {
    let engine = try makeBannerEngine(r)
    var server = FakeBannerServer()
    server.banners["home"] = (0..<count).map { FakeBanner(id: "b\($0)", duration: duration) }
    let place = try makePlace(engine, r, appearance)
    try engine.banners.setViewport(place, viewport, now: 0)
    try engine.banners.create(place, now: 0)
    try server.pump(engine, now: 0)
    _ = r.take()
    return (engine, place)
}

@Suite("Banner visibility: the 75 % rule (BN-10)")
struct BannerVisibilityTests {
    @Test("BN-10 exactly 75 % pauses; 75 % + 1 point plays")
    func threshold() {
        let banner = Rect(x: 0, y: 0, width: 100, height: 400)
        let at75 = BannerVisibility.share(of: banner, in: Viewport(x: 0, y: 100, width: 100, height: 1000))
        #expect(at75 == 0.75 && !BannerVisibility.isEligible(at75))
        let above = BannerVisibility.share(of: banner, in: Viewport(x: 0, y: 99, width: 100, height: 1000))
        #expect(above == 0.7525 && BannerVisibility.isEligible(above))
    }

    @Test("BN-10 a banner taller than the viewport plays when it fills more than 75 % of the viewport's height")
    func tallBanner() {
        let tall = Rect(x: 0, y: 0, width: 100, height: 1000)
        let viewport = Viewport(x: 0, y: 0, width: 100, height: 400)
        // 40 % of its area is visible, but it fills the whole viewport.
        #expect(BannerVisibility.share(of: tall, in: viewport) == 1)
        // It fills 300 of the 400 points: exactly 75 % -> paused.
        let edge = BannerVisibility.share(of: tall, in: Viewport(x: 0, y: 700, width: 100, height: 400))
        #expect(edge == 0.75 && !BannerVisibility.isEligible(edge))
    }
}

@Suite("Banner playback (BN-09..BN-12)")
struct BannerPlaybackTests {
    @Test("BN-10 a list plays every banner over 75 % visible, muted and together; scrolling pauses and resumes")
    func listVisibility() throws {
        let r = PlaceRecorder()
        // Rows 100 high, 8 apart: tops 0, 108, 216.
        let (engine, place) = try loadedPlace(r, Appearance(layoutType: .verticalList),
                                              viewport: Viewport(x: 0, y: 0, width: 100, height: 150))
        #expect(place.rows.map(\.playing) == [true, false, false])  // row 1: 42 %
        // At y = 33 row 0 shows 67 % and row 1 exactly 75 %: both paused.
        try engine.banners.setViewport(place, Viewport(x: 0, y: 33, width: 100, height: 150), now: 50)
        #expect(r.take() == ["pause 0"])
        // At y = 34 row 1 shows 76 %.
        try engine.banners.setViewport(place, Viewport(x: 0, y: 34, width: 100, height: 150), now: 100)
        #expect(r.take() == ["play 1", "show 1"])
        try engine.banners.setViewport(place, Viewport(x: 0, y: 0, width: 100, height: 150), now: 300)
        #expect(r.take() == ["pause 1", "resume 0"])  // pauses first
        #expect(place.rows[0].position(at: 300) == 50)
    }

    @Test("BN-10 after a context reset a banner plays from the start")
    func webContextReset() throws {
        let r = PlaceRecorder()
        let (engine, place) = try loadedPlace(r, Appearance(layoutType: .verticalList),
                                              viewport: Viewport(x: 0, y: 0, width: 100, height: 100))
        try engine.banners.setViewport(place, Viewport(x: 0, y: 500, width: 100, height: 100), now: 200)
        #expect(throws: FramesError.self) { try engine.banners.webContextReset(place, row: 9, now: 200) }
        try engine.banners.webContextReset(place, row: 0, now: 200)
        try engine.banners.setViewport(place, Viewport(x: 0, y: 0, width: 100, height: 100), now: 300)
        #expect(r.take() == ["pause 0", "play 0"])
    }

    @Test("BN-11 lists pause in background; a manual pause persists through scrolling and background/foreground",
          arguments: [LayoutType.verticalList, .tiles])
    func listManualPause(layout: LayoutType) throws {
        let r = PlaceRecorder()
        let (engine, place) = try loadedPlace(r, Appearance(layoutType: layout), count: 1,
                                              viewport: Viewport(x: 0, y: 0, width: 100, height: 500))
        try engine.setAppState(.background, now: 10)
        try engine.setAppState(.active, now: 20)
        #expect(r.take() == ["pause 0", "resume 0"])
        try engine.banners.pause(place, now: 30)
        try engine.banners.setViewport(place, Viewport(x: 0, y: 1, width: 100, height: 500), now: 40)
        try engine.setAppState(.background, now: 50)
        try engine.setAppState(.active, now: 60)
        try engine.banners.userInteracted(place, now: 65)
        #expect(r.take() == ["pause 0"])
        try engine.banners.resume(place, now: 70)
        #expect(r.take() == ["resume 0"])
    }

    @Test("BN-09 the carousel's manual pause ends with foreground and with user interaction")
    func carouselPause() throws {
        let r = PlaceRecorder()
        let (engine, place) = try loadedPlace(r, Appearance())
        try engine.banners.pause(place, now: 10)
        try engine.setAppState(.background, now: 20)
        try engine.setAppState(.active, now: 30)
        #expect(r.take() == ["pause 0", "resume 0"])
        try engine.banners.pause(place, now: 40)
        try engine.banners.userInteracted(place, now: 50)
        #expect(r.take() == ["pause 0", "resume 0"])
        #expect(!place.conditions.manuallyPaused)
        // The countdown restarted at the interaction with the full duration,
        // though the page was paused (the content resumed, not restarted).
        #expect(engine.nextDeadline == 1_050)
    }

    @Test("BN-09 the carousel advances after each banner's duration; interaction restarts the countdown")
    func carouselTimer() throws {
        let r = PlaceRecorder()
        let (engine, place) = try loadedPlace(r, Appearance(shouldLoop: true), count: 2, duration: 1_000)
        #expect(engine.nextDeadline == 1_000)
        try engine.banners.userInteracted(place, now: 600)  // the countdown starts again
        #expect(engine.nextDeadline == 1_600)
        try engine.onTimeout(now: 1_600)
        #expect(r.take() == ["scroll 1", "pause 0", "play 1", "show 1"])
        try engine.onTimeout(now: 2_600)
        #expect(r.take() == ["scroll 0", "pause 1", "play 0"])  // loops; no second view
        #expect(r.views == ["b0", "b1"])
    }

    @Test("BN-12 tiles without a viewport play every banner not known to be hidden and count them as viewed")
    func tilesUnknownViewport() throws {
        let r = PlaceRecorder()
        let (engine, place) = try loadedPlace(r, Appearance(layoutType: .tiles), count: 3)
        #expect(place.rows.map(\.playing) == [true, true, true])
        #expect(r.views == ["b0", "b1", "b2"])
        try engine.banners.setHidden(place, true, now: 5)
        #expect(place.rows.map(\.playing) == [false, false, false])
        // A vertical list without a viewport plays nothing.
        let r2 = PlaceRecorder()
        let (_, list) = try loadedPlace(r2, Appearance(layoutType: .verticalList), count: 2)
        #expect(list.rows.map(\.playing) == [false, false] && r2.views.isEmpty)
    }

    @Test("BN-17 input pauses a list until the dialog closes; nobody presenting declines at once")
    func input() throws {
        let r = PlaceRecorder()
        let (engine, place) = try loadedPlace(r, Appearance(layoutType: .verticalList), count: 1,
                                              viewport: Viewport(x: 0, y: 0, width: 100, height: 500))
        try engine.banners.bannerInputRequested(place, row: 0, kind: .email, prompt: "Your e-mail", now: 10)
        #expect(r.take() == ["pause 0", "input 0 email"])
        try engine.banners.inputFinished(place, now: 20)
        #expect(r.take() == ["resume 0"])
        r.presentsInput = false
        try engine.banners.bannerInputRequested(place, row: 0, kind: .text, prompt: "Name", now: 30)
        #expect(r.take() == ["pause 0", "input 0 text", "resume 0"])
    }

    @Test("BN-11 BN-15 clicks work below the threshold; widget events reach the delegate and analytics")
    func clicksAndWidgets() throws {
        let r = PlaceRecorder()
        // Scrolled past both rows: nothing plays, nothing is viewed.
        let (engine, place) = try loadedPlace(r, Appearance(layoutType: .verticalList), count: 2,
                                              viewport: Viewport(x: 0, y: 500, width: 100, height: 100))
        #expect(place.rows.map(\.playing) == [false, false])
        try engine.banners.bannerAction(place, row: 1, target: "app://deal", now: 5)
        try engine.banners.bannerWidgetEvent(place, row: 0, name: "quiz", data: "{\"answer\":2}", now: 6)
        #expect(r.take() == ["action app://deal", "widget 0 quiz {\"answer\":2}"])
        #expect(r.records.map(\.name) == ["banners.click", "banners.widgetEvent"])
    }
}

@Suite("Banner navigation (BN-08)")
struct BannerNavigationTests {
    @Test("BN-08 showNext at the last page wraps only when the carousel loops")
    func nextAtEnd() throws {
        for loop in [true, false] {
            let r = PlaceRecorder()
            let (engine, place) = try loadedPlace(r, Appearance(shouldLoop: loop), count: 3)
            _ = try engine.banners.showBanner(place, index: 2, now: 10)
            _ = r.take()
            let result = try engine.banners.showNext(place, now: 20)
            #expect(result.index == (loop ? 0 : 2))
            #expect(result.offset == (loop ? Point(x: 0, y: 0) : nil))
            #expect(r.take().first == (loop ? "scroll 0" : nil))
            let back = try engine.banners.showPrevious(place, now: 30)
            #expect(back.index == (loop ? 2 : 1))
        }
    }

    @Test("BN-08 vertical list: next/previous do nothing, showBannerWith scrolls to the row; tiles: nothing moves")
    func lists() throws {
        let r = PlaceRecorder()
        let (engine, list) = try loadedPlace(r, Appearance(layoutType: .verticalList), count: 5,
                                             viewport: Viewport(x: 0, y: 0, width: 100, height: 150))
        #expect(try engine.banners.showNext(list, now: 1) == BannerPlacesController.Navigation(index: 0, offset: nil))
        #expect(try engine.banners.showPrevious(list, now: 1) == BannerPlacesController.Navigation(index: 0, offset: nil))
        // rows 100 high, 8 apart: row 2 at 216; content 532, viewport 150 -> max 382.
        #expect(try engine.banners.showBanner(list, index: 2, now: 2) == BannerPlacesController.Navigation(index: 2, offset: Point(x: 0, y: 216)))
        #expect(try engine.banners.showBanner(list, index: 4, now: 3).offset == Point(x: 0, y: 382))
        #expect(throws: FramesError.self) { try engine.banners.showBanner(list, index: 5, now: 4) }
        let (engine2, tiles) = try loadedPlace(PlaceRecorder(), Appearance(layoutType: .tiles), count: 4)
        #expect(try engine2.banners.showBanner(tiles, index: 3, now: 1) == BannerPlacesController.Navigation(index: 0, offset: nil))
        #expect(try engine2.banners.showNext(tiles, now: 1).offset == nil)
    }
}
