import Testing
@testable import FramesCore

@Suite("Banner places: loading, cache and events (BN-02, BN-07, BN-13..BN-16)")
struct BannerLoadingTests {
    @Test("BN-14 without a preload every create fetches; after a preload two places with that id make no request")
    func preloadCache() throws {
        let r = PlaceRecorder()
        let engine = try makeBannerEngine(r)
        var server = FakeBannerServer()
        server.banners["home"] = [FakeBanner(id: "a"), FakeBanner(id: "b")]
        let first = try makePlace(engine, r, Appearance(layoutType: .verticalList))
        let second = try makePlace(engine, r, Appearance(layoutType: .verticalList))
        try engine.banners.create(first, now: 0)
        try engine.banners.create(second, now: 0)
        try server.pump(engine, now: 0)
        #expect(server.listRequests == 2)
        try engine.banners.preloadBanners(placeId: "home", now: 1)
        try server.pump(engine, now: 1)
        #expect(server.listRequests == 3)
        #expect(r.log.contains("preloaded home 2"))
        let third = try makePlace(engine, r, Appearance(layoutType: .tiles))
        let fourth = try makePlace(engine, r, Appearance())
        _ = r.take()
        try engine.banners.create(third, now: 2)
        try engine.banners.create(fourth, now: 2)
        #expect(try engine.pollRequest()?.url != FakeBannerServer.listURL)  // only content requests
        #expect(third.state == .loaded && fourth.state == .loaded)
        #expect(r.take().prefix(2) == ["loaded home", "update true 2 46.0"])  // tiles: cells (100 - 8) / 2
        // refresh() goes to the server again.
        try engine.banners.refresh(third, now: 3)
        try server.pump(engine, now: 3)
        #expect(server.listRequests == 4)
    }

    @Test("BN-02 BN-07 unavailable banners and bad ratios are dropped before maxBannersCount")
    func dropBeforeLimit() throws {
        let r = PlaceRecorder()
        let engine = try makeBannerEngine(r)
        var server = FakeBannerServer()
        server.banners["home"] = [FakeBanner(id: "a", available: false), FakeBanner(id: "b", ratio: -1),
                                  FakeBanner(id: "c"), FakeBanner(id: "d"), FakeBanner(id: "e")]
        let place = try makePlace(engine, r, Appearance(layoutType: .verticalList, maxBannersCount: 2))
        try engine.banners.create(place, now: 0)
        try server.pump(engine, now: 0)
        #expect(place.banners.map(\.id) == ["c", "d"])
    }

    @Test("BN-15 didUpdate with the BN-04..BN-06 heights, bannersLoaded on load and refresh, render per ready row")
    func events() throws {
        let r = PlaceRecorder()
        let engine = try makeBannerEngine(r)
        var server = FakeBannerServer()
        server.banners["home"] = [FakeBanner(id: "a", ratio: 2), FakeBanner(id: "b", ratio: 0.5)]
        let carousel = try makePlace(engine, r, Appearance(sideInset: 10))
        try engine.banners.create(carousel, now: 0)
        try server.pump(engine, now: 0)
        // page 80: heights 40 and 160; the carousel reports the tallest.
        #expect(r.take().prefix(4) == ["loaded home", "update true 2 160.0", "render 0", "play 0"])
        let list = try makePlace(engine, r, Appearance(layoutType: .verticalList, interItemSpacing: 10))
        try engine.banners.create(list, now: 0)
        try server.pump(engine, now: 0)
        #expect(r.take().prefix(2) == ["loaded home", "update true 2 260.0"])  // 50 + 10 + 200
        try engine.banners.refresh(list, now: 1)
        try server.pump(engine, now: 1)
        #expect(r.take().prefix(2) == ["loaded home", "update true 2 260.0"])
        // A new width is a list update too.
        try engine.banners.setContainer(list, width: 200, rtl: false, now: 2)
        #expect(r.take().first == "update true 2 510.0")
    }

    @Test("BN-16 a failed row keeps its space and is retried on its own")
    func rowFailure() throws {
        let r = PlaceRecorder()
        let engine = try makeBannerEngine(r)
        var server = FakeBannerServer()
        server.banners["home"] = [FakeBanner(id: "a"), FakeBanner(id: "b"), FakeBanner(id: "c")]
        server.failing = ["b"]
        let place = try makePlace(engine, r, Appearance(layoutType: .tiles))
        try engine.banners.create(place, now: 0)
        try server.pump(engine, now: 0)
        #expect(r.log.contains("failed 1 downloadingFailed"))
        // The callback names the row; its message names the banner, which a
        // place that loaded its own list has no other way to learn.
        #expect(r.rowErrors[1]?.hasPrefix("banner 1 \"b\" of \"home\" failed: ") == true)
        #expect(place.rows.map(\.content) == [.ready, place.rows[1].content, .ready])
        #expect(place.rects.count == 3 && place.listHeight == 46 + 8 + 46)  // the space stays
        server.failing = []
        #expect(throws: FramesError.self) { try engine.banners.retryRow(place, 0, now: 1) }  // not failed
        try engine.banners.retryRow(place, 1, now: 1)
        try server.pump(engine, now: 1)
        #expect(place.rows[1].content == .ready)
    }

    @Test("BN-16 bannerId names the banner of any row of the current list: loading, failed or ready")
    func bannerIdOfEveryRowState() throws {
        let r = PlaceRecorder()
        let engine = try makeBannerEngine(r)
        var server = FakeBannerServer()
        server.banners["home"] = [FakeBanner(id: "a"), FakeBanner(id: "loyalty_club"), FakeBanner(id: "c")]
        server.failing = ["loyalty_club"]
        let place = try makePlace(engine, r, Appearance(layoutType: .verticalList))
        let early = thrownError { () throws(FramesError) in try engine.banners.bannerId(of: place, row: 0) }
        #expect(early == FramesError(.outOfRange, "index 0 is not a banner of the place; it has 0"))  // no list yet
        try engine.banners.create(place, now: 0)
        // Answer the list only: every row is still loading.
        let list = try #require(try engine.pollRequest())
        try engine.completeRequest(list.id, response: HTTPResponse(status: 200, body: server.listBody("home")), now: 0)
        #expect(place.rows.map(\.content) == [.loading, .loading, .loading])
        #expect(try (0..<3).map { i throws(FramesError) in try engine.banners.bannerId(of: place, row: i) }
                == ["a", "loyalty_club", "c"])
        try server.pump(engine, now: 0)
        #expect(r.log.contains("failed 1 downloadingFailed"))
        #expect(try engine.banners.bannerId(of: place, row: 1) == "loyalty_club")  // the failed row
        #expect(try engine.banners.bannerId(of: place, row: 2) == "c")  // a ready row
        for row in [3, -1, Int.max] {
            #expect(thrownError { () throws(FramesError) in try engine.banners.bannerId(of: place, row: row) }?.code
                    == .outOfRange)
        }
        try engine.banners.removePlace(place)
        #expect(thrownError { () throws(FramesError) in try engine.banners.bannerId(of: place, row: 0) }?.code
                == .invalidHandle)
    }

    @Test("BN-13 a view counts once per banner per load; a refresh counts again")
    func viewsPerLoad() throws {
        let r = PlaceRecorder()
        let engine = try makeBannerEngine(r)
        var server = FakeBannerServer()
        server.banners["home"] = [FakeBanner(id: "a", duration: 100)]
        let place = try makePlace(engine, r, Appearance(layoutType: .verticalList))
        try engine.banners.setViewport(place, Viewport(x: 0, y: 0, width: 100, height: 500), now: 0)
        try engine.banners.create(place, now: 0)
        try server.pump(engine, now: 0)
        #expect(r.views == ["a"])
        try engine.onTimeout(now: 100)  // BN-10: the finished banner repeats
        #expect(r.log.suffix(1) == ["play 0"])
        #expect(r.views == ["a"])
        try engine.banners.refresh(place, now: 150)
        try server.pump(engine, now: 150)
        #expect(r.views == ["a", "a"])
    }
}
