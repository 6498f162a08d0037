import Testing
@testable import FramesCore

@Suite("explain a banner place: its list, its rows and why each plays or not (XC-11, BN-02..BN-17)")
struct BannerExplainTests {
    private func loaded(_ appearance: Appearance, banners: [FakeBanner], failing: Set<String> = [])
        throws -> (Engine, BannerPlace, PlaceRecorder) {
        let rec = PlaceRecorder()
        let engine = try makeBannerEngine(rec)
        var server = FakeBannerServer(banners: ["home": banners], failing: failing)
        let place = try makePlace(engine, rec, appearance)
        try engine.banners.create(place, now: 0)
        try server.pump(engine, now: 0)
        return (engine, place, rec)
    }

    @Test("XC-11 BN-14 BN-15 the list: not_loaded, loading, list_failed (with its error), empty")
    func theList() throws {
        let rec = PlaceRecorder()
        let engine = try makeBannerEngine(rec)
        let place = try makePlace(engine, rec, Appearance())
        let idle = try engine.banners.explain(place, now: 0)
        #expect(idle.reason.code == "not_loaded" && idle.state == "idle" && idle.object == "banner_place-\(place.id)")
        #expect(idle.placementId == "home" && idle.kind == "banner_place")
        try engine.banners.create(place, now: 1)
        #expect(try engine.banners.explain(place, now: 1).reason.code == "loading")
        let request = try #require(try engine.pollRequest())
        try engine.completeRequest(request.id, status: 400, now: 2)
        let failed = try engine.banners.explain(place, now: 2)
        #expect(failed.reason.code == "list_failed" && failed.state == "failed")
        #expect(failed.reason["error"]?.objectValue?["http_status"] == .integer(400), "\(failed.json)")
        let (other, empty, _) = try loaded(Appearance(), banners: [FakeBanner(id: "gone", available: false)])
        let why = try other.banners.explain(empty, now: 1)
        #expect(why.reason.code == "empty" && why.reasonCodes == ["gone": "malformed"], "\(why.json)")
    }

    @Test("XC-11 BN-02 BN-09 BN-16 a carousel: playing, not_current_page (than the page), over_max_count, content_failed; the current page's reason is the place's")
    func carousel() throws {
        let (engine, place, _) = try loaded(Appearance(), banners: [
            FakeBanner(id: "a"), FakeBanner(id: "b"), FakeBanner(id: "c"), FakeBanner(id: "d", ratio: -1),
        ], failing: ["c"])
        let why = try engine.banners.explain(place, now: 10)
        #expect(why.reason.code == "playing" && why.state == "loaded", "\(why.json)")
        #expect(why.reasonCodes == ["a": "playing", "b": "not_current_page", "c": "content_failed", "d": "malformed"])
        #expect(why.candidate("b")?.reason["than"] == .string("a"))
        #expect(why.candidate("c")?.reason["error"]?.objectValue?["code"] == .string("downloadingFailed"))
        #expect(why.showing.map(\.status) == ["playing", "paused", "failed"])
        #expect(why.showing.map(\.location) == ["row:0", "row:1", "row:2"])
        let (other, list, _) = try loaded(Appearance(layoutType: .verticalList, maxBannersCount: 1),
                                          banners: [FakeBanner(id: "kept"), FakeBanner(id: "cut")])
        let cut = try other.banners.explain(list, now: 1)
        #expect(cut.reasonCodes["cut"] == "over_max_count" && cut.candidate("cut")?.facts["index"] == .integer(1), "\(cut.json)")
        #expect(why.candidate("a")?.facts["position_ms"] == .integer(10))
        try engine.banners.userScrolled(place, to: 2, now: 20)
        let onFailed = try engine.banners.explain(place, now: 20)
        #expect(onFailed.reason.code == "content_failed" && onFailed.facts["current_index"] == .integer(2), "\(onFailed.json)")
    }

    @Test("XC-11 BN-09 BN-11 BN-17 what pauses a whole place: background, hidden, reader_shown, input_requested, paused_by_host, off_screen")
    func blockers() throws {
        let (engine, place, rec) = try loaded(Appearance(), banners: [FakeBanner(id: "a"), FakeBanner(id: "b")])
        defer { withExtendedLifetime(rec) {} }
        func code() throws -> String { try engine.banners.explain(place, now: 30).reason.code }
        try engine.setAppState(.background, now: 1)
        #expect(try code() == "background")
        try engine.setAppState(.active, now: 2)
        try engine.banners.setHidden(place, true, now: 3)
        #expect(try code() == "hidden")
        try engine.banners.setHidden(place, false, now: 4)
        try engine.banners.setReaderShown(place, true, now: 5)
        #expect(try code() == "reader_shown")
        try engine.banners.setReaderShown(place, false, now: 6)
        try engine.banners.bannerInputRequested(place, row: 0, kind: .text, prompt: "name", now: 7)
        let input = try engine.banners.explain(place, now: 7)
        #expect(input.reason.code == "input_requested" && input.reason["than"] == .string("a"), "\(input.json)")
        try engine.banners.inputFinished(place, now: 8)
        try engine.banners.pause(place, now: 9)
        #expect(try code() == "paused_by_host")
        try engine.banners.resume(place, now: 10)
        try engine.banners.setViewport(place, Viewport(x: 0, y: 500, width: 100, height: 100), now: 11)
        #expect(try code() == "off_screen")
        try engine.banners.setViewport(place, nil, now: 12)
        #expect(try code() == "playing")
    }

    @Test("XC-11 BN-10 lists: no_viewport, below_visibility (the share), content_loading, not_laid_out")
    func listsAndTiles() throws {
        let (engine, list, _) = try loaded(Appearance(layoutType: .verticalList), banners: [FakeBanner(id: "a"), FakeBanner(id: "b")])
        #expect(try engine.banners.explain(list, now: 1).reason.code == "no_viewport")
        try engine.banners.setViewport(list, Viewport(x: 0, y: 50, width: 100, height: 100), now: 2)
        let half = try engine.banners.explain(list, now: 2)
        #expect(half.reason.code == "below_visibility" && half.reason.detail.hasPrefix("50.0 %"), "\(half.json)")
        #expect(half.candidate("a")?.facts["share"] == .number(0.5))
        try engine.banners.setViewport(list, Viewport(x: 0, y: 0, width: 100, height: 100), now: 3)
        #expect(try engine.banners.explain(list, now: 3).candidate("a")?.reason.code == "playing")
        let rec = PlaceRecorder()
        let other = try makeBannerEngine(rec)
        var server = FakeBannerServer(banners: ["home": [FakeBanner(id: "t")]])
        let narrowList = try makePlace(other, rec, Appearance(layoutType: .verticalList), width: 0)
        try other.banners.create(narrowList, now: 0)
        let listOnly = try #require(try other.pollRequest())
        try other.completeRequest(listOnly.id, status: 200, body: server.listBody("home"), now: 1)
        #expect(try other.banners.explain(narrowList, now: 1).reason.code == "content_loading")
        try server.pump(other, now: 2)
        try other.banners.setViewport(narrowList, Viewport(x: 0, y: 0, width: 100, height: 100), now: 2)
        let narrow = try other.banners.explain(narrowList, now: 2)
        #expect(narrow.reason.code == "not_laid_out", "\(narrow.json)")
    }

    @Test("XC-11 explaining a place changes nothing: no callback, no record; a freed place is refused")
    func reading() throws {
        let (engine, place, rec) = try loaded(Appearance(), banners: [FakeBanner(id: "a")])
        _ = rec.take()
        let records = rec.records.count
        _ = try engine.banners.explain(place, now: 5_000)
        #expect(rec.take().isEmpty && rec.records.count == records && engine.core.lastNow == 0)
        try engine.banners.removePlace(place)
        #expect(throws: FramesError.self) { try engine.banners.explain(place, now: 1) }
    }
}
