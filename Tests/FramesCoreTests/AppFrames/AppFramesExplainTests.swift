import Testing
@testable import FramesCore

@Suite("explain a frame: what it shows and why, or why nothing (XC-11, AF-01..AF-22)")
struct AppFramesExplainTests {
    /// Answers one request at `now`: the loads happen step by step.
    private func answerOne(_ engine: Engine, _ server: FakeServer, now: Milliseconds) throws {
        let request = try #require(try engine.pollRequest())
        try engine.completeRequest(request.id, response: server.response(for: request.url), now: now)
    }

    /// An engine with one frame on "home", attached at 0, whose placement
    /// offers "spring"; nothing answered yet.
    private func attachedFrame() throws -> (Engine, AppFrame, FakeServer, Recorder) {
        let rec = Recorder()
        let engine = try makeEngine(rec)
        var server = FakeServer()
        server.placements = ["home": [FakeCampaign(id: "spring")]]
        let frame = try makeFrame(engine, rec, placement: "home")
        try engine.appFrames.attach(frame, now: 0)
        return (engine, frame, server, rec)
    }

    @Test("XC-11 AF-01 AF-03 AF-04 a frame before it loads: app_frames_off, no_placement, detached, fetching")
    func beforeLoading() throws {
        let off = try makeEngine(Recorder(), config: [])
        let disabled = try makeFrame(off, Recorder(), placement: "home")
        let why = try off.appFrames.explain(disabled, now: 0)
        #expect(why.reason.code == "app_frames_off" && why.state == "disabled" && why.object == "frame-\(disabled.id)")
        let rec = Recorder()
        let engine = try makeEngine(rec)
        let bare = try makeFrame(engine, rec, placement: nil)
        #expect(try engine.appFrames.explain(bare, now: 0).reason.code == "no_placement")
        let frame = try makeFrame(engine, rec, placement: "home")
        let detached = try engine.appFrames.explain(frame, now: 0)
        #expect(detached.reason.code == "detached" && detached.placementId == "home" && detached.facts["attached"] == .bool(false))
        try engine.appFrames.attach(frame, now: 1)
        let fetching = try engine.appFrames.explain(frame, now: 1)
        #expect(fetching.reason.code == "fetching" && fetching.facts["placements"] == .string("fetching"), "\(fetching.json)")
        #expect(fetching.showing.isEmpty && fetching.candidates.isEmpty)
    }

    @Test("XC-11 AF-06 AF-14 AF-22 a frame through its load: downloading, rendering (until the timeout), collapsed, hidden, zero_height, shown")
    func throughTheLoad() throws {
        let (engine, frame, server, rec) = try attachedFrame()
        defer { withExtendedLifetime(rec) {} }
        try answerOne(engine, server, now: 10)
        #expect(try engine.appFrames.explain(frame, now: 10).reason.code == "downloading")
        try answerOne(engine, server, now: 20)
        let rendering = try engine.appFrames.explain(frame, now: 25)
        #expect(rendering.reason.code == "rendering", "\(rendering.json)")
        #expect(rendering.reason["until_ms"] == .integer(20 + AppFramesOptions().renderTimeout))
        #expect(rendering.showing == [Showing(id: "spring", variantId: "A", location: nil, status: "rendering")])
        try engine.appFrames.templateRendered(frame, height: 0, now: 30)
        #expect(try engine.appFrames.explain(frame, now: 30).reason.code == "collapsed")
        try engine.appFrames.templateRendered(frame, height: 120, now: 31)
        try engine.appFrames.setHidden(frame, true, now: 32)
        #expect(try engine.appFrames.explain(frame, now: 32).reason.code == "hidden")
        try engine.appFrames.setHidden(frame, false, now: 33)
        #expect(try engine.appFrames.explain(frame, now: 33).reason.code == "zero_height")
        try engine.appFrames.setLaidOutSize(frame, width: 320, height: 120, now: 40)
        let shown = try engine.appFrames.explain(frame, now: 41)
        #expect(shown.reason.code == "shown" && shown.reason["at_ms"] == .integer(40), "\(shown.json)")
        #expect(shown.state == "ready" && shown.facts["impression_at_ms"] == .integer(40))
        #expect(shown.candidate("spring")?.reason.code == "chosen")
        // Hidden after its impression: the detail says it was counted.
        try engine.appFrames.setHidden(frame, true, now: 50)
        let hidden = try engine.appFrames.explain(frame, now: 50)
        #expect(hidden.reason.code == "hidden" && hidden.reason.detail.contains("counted at 40 ms"), "\(hidden.json)")
        try engine.appFrames.setHidden(frame, false, now: 51)
        try engine.appFrames.templateDismissed(frame, now: 52)
        #expect(try engine.appFrames.explain(frame, now: 52).reason.code == "dismissed")
    }

    @Test("XC-11 AF-09 AF-10 failures name their error: fetch_failed, download_failed, untrusted, render_failed")
    func failures() throws {
        let rec = Recorder()
        let engine = try makeEngine(rec) { $0.retry.maxAttempts = 1 }
        var server = FakeServer()
        server.placements = ["home": [FakeCampaign(id: "spring")], "side": [FakeCampaign(id: "lying")],
                             "footer": [FakeCampaign(id: "drawn")]]
        server.statusOverride[FakeServer.placementsURL] = 503
        let frame = try makeFrame(engine, rec, placement: "home")
        try engine.appFrames.attach(frame, now: 0)
        try server.pump(engine, now: 1)
        let failed = try engine.appFrames.explain(frame, now: 2)
        #expect(failed.reason.code == "fetch_failed" && failed.state == "errorResolving")
        #expect(failed.reason["error"]?.objectValue?["http_status"] == .integer(503), "\(failed.json)")
        server.statusOverride = [server.contentURL(FakeCampaign(id: "spring")): 404]
        server.bodyOverride[server.contentURL(FakeCampaign(id: "lying"))] = Array("{}".utf8)
        let side = try makeFrame(engine, rec, placement: "side")
        let footer = try makeFrame(engine, rec, placement: "footer")
        try engine.appFrames.attach(side, now: 3)
        try engine.appFrames.attach(footer, now: 3)
        try engine.startSession(id: nil, now: 4)
        try engine.setAppState(.background, now: 4)
        try engine.setAppState(.active, now: 5)
        try server.pump(engine, now: 5)
        let notDownloaded = try engine.appFrames.explain(frame, now: 6)
        #expect(notDownloaded.reason.code == "download_failed", "\(notDownloaded.json)")
        #expect(notDownloaded.reason["error"]?.objectValue?["code"] == .string("downloadingFailed"))
        #expect(try engine.appFrames.explain(side, now: 6).reason.code == "untrusted")
        try engine.appFrames.templateFailed(footer, message: "no web view", now: 7)
        let notDrawn = try engine.appFrames.explain(footer, now: 7)
        #expect(notDrawn.reason.code == "render_failed")
        #expect(notDrawn.reason["error"]?.objectValue?["message"]?.stringValue?.contains("no web view") == true)
    }

    @Test("XC-11 AF-08 AF-13 XC-09 no_campaign, and the candidates: chosen (with its bucket), lower_priority, needs_newer_engine, malformed")
    func candidates() throws {
        let rec = Recorder()
        let engine = try makeEngine(rec)
        var server = FakeServer()
        let body = #"{"placements":{"home":{"campaigns":["#
            + #"{"id":"medium","priority":"medium","created_at":5,"variants":[{"id":"M","weight":1,"content":{"url":"https://cdn.test/m.json","sha256":"\#(String(repeating: "0", count: 64))"}}]},"#
            + #"{"id":"top","priority":"high","created_at":1,"variants":[{"id":"A","weight":70,"content":{"url":"https://cdn.test/a.json","sha256":"\#(String(repeating: "1", count: 64))"}},{"id":"B","weight":30,"content":{"url":"https://cdn.test/b.json","sha256":"\#(String(repeating: "2", count: 64))"}}]},"#
            + #"{"id":"future","priority":"high","created_at":9,"min_engine_version":"9.0.0","variants":[{"id":"F","weight":1,"content":{"url":"https://cdn.test/f.json","sha256":"\#(String(repeating: "3", count: 64))"}}]},"#
            + #"{"id":"bad","priority":"urgent","created_at":1,"variants":[]}]},"#
            + #""nothing":{"campaigns":[{"id":"only_future","priority":"low","created_at":1,"min_engine_version":"9.0.0","variants":[{"id":"F","weight":1,"content":{"url":"https://cdn.test/f.json","sha256":"\#(String(repeating: "3", count: 64))"}}]}]}}}"#
        server.bodyOverride[FakeServer.placementsURL] = Array(body.utf8)
        let frame = try makeFrame(engine, rec, placement: "home")
        let empty = try makeFrame(engine, rec, placement: "nothing")
        let absent = try makeFrame(engine, rec, placement: "absent")
        for f in [frame, empty, absent] { try engine.appFrames.attach(f, now: 0) }
        let placements = try #require(try engine.pollRequest())
        try engine.completeRequest(placements.id, response: server.response(for: placements.url), now: 1)
        let why = try engine.appFrames.explain(frame, now: 2)
        #expect(why.candidates.map(\.id) == ["future", "top", "medium", "bad"], "\(why.json)")
        #expect(why.reasonCodes == ["future": "needs_newer_engine", "top": "chosen", "medium": "lower_priority", "bad": "malformed"])
        #expect(why.candidate("future")?.reason["min_engine_version"] == .string("9.0.0"))
        #expect(why.candidate("medium")?.reason["than"] == .string("top"))
        let top = try #require(why.candidate("top"))
        let bucket = Selection.bucketHash(bucketingID: "device-1", campaignID: "top") % 100
        #expect(top.facts["bucket"] == .integer(Int64(bucket)) && top.facts["total_weight"] == .integer(100))
        #expect(top.facts["variant_id"] == .string(bucket < 70 ? "A" : "B"))
        #expect(top.reason.detail.contains("bucket \(bucket) of 100"), "\(top.reason.detail)")
        let none = try engine.appFrames.explain(empty, now: 2)
        #expect(none.reason.code == "no_campaign" && none.reasonCodes == ["only_future": "needs_newer_engine"], "\(none.json)")
        let missing = try engine.appFrames.explain(absent, now: 2)
        #expect(missing.reason.code == "no_campaign" && missing.reason.detail.contains("names no placement"))
        #expect(missing.candidates.isEmpty)
    }

    @Test("XC-11 XC-04 AF-17 consent: no_consent, then waiting_for_session; a remote disable says disabled_remotely")
    func consent() throws {
        let (engine, frame, offered, rec) = try attachedFrame()
        defer { withExtendedLifetime(rec) {} }
        var server = offered
        try server.pump(engine, now: 0)
        try engine.setConsent(false, now: 1)
        #expect(try engine.appFrames.explain(frame, now: 1).reason.code == "no_consent")
        try engine.setConsent(true, now: 2)
        #expect(try engine.appFrames.explain(frame, now: 2).reason.code == "waiting_for_session")
        server.sdkDisabled = true
        try engine.startSession(id: nil, now: 3)
        try server.pump(engine, now: 3)
        let disabled = try engine.appFrames.explain(frame, now: 4)
        #expect(disabled.reason.code == "disabled_remotely" && disabled.state == "disabled", "\(disabled.json)")
    }

    @Test("XC-11 explaining a frame changes nothing: no callback, no record, no time entered; a freed frame is refused")
    func reading() throws {
        let rec = Recorder()
        let engine = try makeEngine(rec)
        let frame = try makeFrame(engine, rec, placement: "home")
        try engine.appFrames.attach(frame, now: 5)
        _ = rec.take()
        let requests = try engine.pollRequest()
        #expect(requests != nil)
        _ = try engine.appFrames.explain(frame, now: 1_000)
        #expect(rec.take().isEmpty && engine.core.lastNow == 5)
        try engine.appFrames.removeFrame(frame)
        #expect(throws: FramesError.self) { try engine.appFrames.explain(frame, now: 6) }
    }
}
