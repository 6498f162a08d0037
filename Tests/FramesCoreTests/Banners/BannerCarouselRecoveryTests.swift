import Testing
@testable import FramesCore

/// A carousel place over banners b0..b(count-1) (ratio 1, 1,000 ms each) on a
/// 100-wide container, `failing` answered 404; loaded at time 0.
private func carousel(_ r: PlaceRecorder, count: Int = 3, failing: Set<String> = [], loop: Bool = true,
                      viewport: Viewport? = nil) throws -> (Engine, BannerPlace, FakeBannerServer) {
    let engine = try makeBannerEngine(r)
    var server = FakeBannerServer()
    server.banners["home"] = (0..<count).map { FakeBanner(id: "b\($0)") }
    server.failing = failing
    let place = try makePlace(engine, r, Appearance(shouldLoop: loop))
    try engine.banners.setViewport(place, viewport, now: 0)
    try engine.banners.create(place, now: 0)
    try server.pump(engine, now: 0)
    return (engine, place, server)
}

@Suite("Banner places: the carousel never freezes; every index change; the viewport; preload (BN-08..BN-16)")
struct BannerCarouselRecoveryTests {
    @Test("BN-09 BN-16 a failed banner's page stays for its duration, then the carousel moves on")
    func failedPageAdvances() throws {
        let r = PlaceRecorder()
        let (engine, place, _) = try carousel(r, failing: ["b1"])
        #expect(r.take().contains("failed 1 downloadingFailed"))
        try engine.onTimeout(now: 1_000)
        #expect(r.take() == ["scroll 1", "pause 0"])  // b1 cannot play: nothing starts
        #expect(place.currentIndex == 1)
        #expect(engine.nextDeadline == 2_000)  // its duration, counted from arriving
        try engine.onTimeout(now: 2_000)
        #expect(r.take() == ["scroll 2", "play 2", "show 2"])
        #expect(r.views == ["b0", "b2"])
    }

    @Test("BN-09 a touch restarts the countdown of a page that cannot play")
    func touchRestartsHold() throws {
        let r = PlaceRecorder()
        let (engine, place, _) = try carousel(r, failing: ["b1"])
        try engine.onTimeout(now: 1_000)
        _ = r.take()
        try engine.banners.userInteracted(place, now: 1_700)
        #expect(engine.nextDeadline == 2_700)
        try engine.onTimeout(now: 2_000)
        #expect(place.currentIndex == 1 && r.take().isEmpty)
        try engine.onTimeout(now: 2_700)
        #expect(place.currentIndex == 2)
    }

    @Test("BN-09 BN-11 the countdown of a page that cannot play pauses with the carousel")
    func holdPauses() throws {
        let r = PlaceRecorder()
        let (engine, place, _) = try carousel(r, failing: ["b1"])
        try engine.onTimeout(now: 1_000)
        try engine.setAppState(.background, now: 1_400)
        #expect(engine.nextDeadline == nil)
        try engine.setAppState(.active, now: 5_000)
        #expect(engine.nextDeadline == 5_600)  // 600 ms were left
        try engine.onTimeout(now: 5_600)
        #expect(place.currentIndex == 2)
    }

    @Test("BN-16 BN-09 a row retried successfully plays when its turn comes again")
    func retriedRowPlaysOnItsTurn() throws {
        let r = PlaceRecorder()
        var (engine, place, server) = try carousel(r, count: 2, failing: ["b1"])
        server.failing = []
        try engine.banners.retryRow(place, 1, now: 100)
        try server.pump(engine, now: 100)
        #expect(place.rows[1].content == .ready && !place.rows[1].playing)  // not its turn yet
        _ = r.take()
        try engine.onTimeout(now: 1_000)
        #expect(r.take() == ["scroll 1", "pause 0", "play 1", "show 1"])
    }

    @Test("BN-09 a banner still loading when its page comes does not stall the carousel")
    func loadingPageAdvances() throws {
        let r = PlaceRecorder()
        let engine = try makeBannerEngine(r)
        var server = FakeBannerServer()
        server.banners["home"] = [FakeBanner(id: "b0"), FakeBanner(id: "b1")]
        let place = try makePlace(engine, r, Appearance())
        try engine.banners.create(place, now: 0)
        // Only the list is answered; the contents never come.
        let list = try #require(try engine.pollRequest())
        try engine.completeRequest(list.id, response: HTTPResponse(status: 200, body: server.listBody("home")), now: 0)
        #expect(engine.nextDeadline == 1_000)
        try engine.onTimeout(now: 1_000)
        #expect(place.currentIndex == 1)
    }

    @Test("BN-08 BN-15 a refresh that puts the carousel back on its first page reports didScroll(0)")
    func refreshReportsScroll() throws {
        let r = PlaceRecorder()
        var (engine, place, server) = try carousel(r)
        _ = try engine.banners.showBanner(place, index: 2, now: 10)
        _ = r.take()
        try engine.banners.refresh(place, now: 20)
        try server.pump(engine, now: 20)
        let log = r.take()
        #expect(log.contains("scroll 0"))
        #expect(place.currentIndex == 0)
        // A failed reload also resets the index, and says so.
        _ = try engine.banners.showBanner(place, index: 1, now: 30)
        _ = r.take()
        server.banners["home"] = nil
        try engine.banners.refresh(place, now: 40)
        while let request = try engine.pollRequest() {
            try engine.completeRequest(request.id, response: HTTPResponse(status: 404), now: 40)
        }
        #expect(r.take() == ["pause 1", "update false 0 0.0", "scroll 0"])
    }

    @Test("BN-10 BN-12 BN-13 a carousel entirely outside the viewport plays nothing, advances nothing, counts nothing")
    func offscreenCarousel() throws {
        let r = PlaceRecorder()
        // The carousel is 100 x 100; the viewport starts below it.
        let (engine, place, _) = try carousel(r, viewport: Viewport(x: 0, y: 500, width: 100, height: 400))
        #expect(place.rows.map(\.playing) == [false, false, false])
        #expect(r.views.isEmpty)
        #expect(engine.nextDeadline == nil)
        try engine.onTimeout(now: 5_000)
        #expect(place.currentIndex == 0)
        // Scrolled into view: it plays and counts from there.
        _ = r.take()
        try engine.banners.setViewport(place, Viewport(x: 0, y: 60, width: 100, height: 400), now: 6_000)
        #expect(r.take() == ["play 0", "show 0"])
        #expect(engine.nextDeadline == 7_000)
        // An empty viewport is off screen too.
        try engine.banners.setViewport(place, Viewport(x: 0, y: 0, width: 0, height: 0), now: 6_500)
        #expect(r.take() == ["pause 0"])
    }

    @Test("BN-13 a carousel page reached by showBanner while paused is on screen: it counts its view")
    func pausedPageCountsView() throws {
        let r = PlaceRecorder()
        let (engine, place, _) = try carousel(r)
        try engine.banners.pause(place, now: 10)
        _ = r.take()
        _ = try engine.banners.showBanner(place, index: 2, now: 20)
        #expect(r.take() == ["scroll 2", "show 2"])
        #expect(!place.rows[2].playing)
        #expect(r.views == ["b0", "b2"])
        // Hidden or in background it is not on screen.
        try engine.banners.setHidden(place, true, now: 30)
        _ = try engine.banners.showBanner(place, index: 1, now: 40)
        #expect(r.views == ["b0", "b2"])
    }

    @Test("BN-12 BN-13 a hidden tiles place counts no views until it is shown")
    func hiddenTilesCountNothing() throws {
        let r = PlaceRecorder()
        let engine = try makeBannerEngine(r)
        var server = FakeBannerServer()
        server.banners["home"] = [FakeBanner(id: "t0"), FakeBanner(id: "t1")]
        let place = try makePlace(engine, r, Appearance(layoutType: .tiles))
        try engine.banners.setHidden(place, true, now: 0)
        try engine.banners.create(place, now: 0)
        try server.pump(engine, now: 0)
        #expect(r.views.isEmpty && place.rows.allSatisfy { !$0.viewed && !$0.playing })
        try engine.banners.setHidden(place, false, now: 10)
        #expect(r.views == ["t0", "t1"])
    }

    @Test("BN-14 after a preload a place shows its banners with no request; failures are reported; other ids fetch")
    func preloadIsReadyToShow() throws {
        let r = PlaceRecorder()
        let engine = try makeBannerEngine(r)
        var server = FakeBannerServer()
        server.banners["home"] = [FakeBanner(id: "h0"), FakeBanner(id: "h1"), FakeBanner(id: "h2")]
        server.banners["other"] = [FakeBanner(id: "o0")]
        server.failing = ["h1"]
        try engine.banners.preloadBanners(placeId: "home", now: 0)
        try server.pump(engine, now: 0)
        #expect(r.take() == ["preloaded home 3 failed 1 downloadingFailed"])
        let place = try makePlace(engine, r, Appearance(layoutType: .verticalList))
        try engine.banners.create(place, now: 1)
        #expect(try engine.pollRequest() == nil)  // the cache answered list and contents
        #expect(r.take() == ["loaded home", "update true 3 316.0", "render 0", "failed 1 downloadingFailed", "render 2"])
        #expect(place.rows.map(\.content) == [.ready, .failed(place.rows[1].failedError!), .ready])
        // The failed row can be retried on its own.
        server.failing = []
        try engine.banners.retryRow(place, 1, now: 2)
        try server.pump(engine, now: 2)
        #expect(r.take() == ["render 1"])
        // Another id is not affected by the cache.
        let other = try makePlace(engine, r, Appearance(layoutType: .verticalList), id: "other")
        try engine.banners.create(other, now: 3)
        #expect(try engine.pollRequest() != nil)
    }
}

extension BannerRow {
    var failedError: ContentError? {
        if case .failed(let error) = content { return error }
        return nil
    }
}
