import Testing
@testable import FramesCore

@Suite("App Frames interaction, impressions and callbacks (AF-18..AF-23, XC-03)")
struct AppFramesInteractionTests {
    let actions = #"[{"id":"shop","deep_link":"app://shop","custom_data":{"coupon":"X1","n":2}},"#
        + #"{"id":"plain","deep_link":"app://plain"},{"id":"empty","custom_data":{}}]"#

    func ready(_ r: Recorder, _ server: inout FakeServer) throws -> (Engine, AppFrame) {
        let engine = try makeEngine(r)
        server.placements["home"] = [FakeCampaign(id: "c", actions: actions)]
        return (engine, try loadReady(engine, r, &server))
    }

    @Test("AF-20 dismissal: status first, then didRequestDismiss, then the record; height collapses")
    func dismissal() throws {
        let r = Recorder()
        var server = FakeServer()
        let (engine, frame) = try ready(r, &server)
        try engine.appFrames.templateDismissed(frame, now: 5)
        #expect(r.take() == ["f1 ready->dismissed", "f1 dismiss", "record appFrames.dismiss"])
        #expect(frame.intrinsicHeight == 0)
        #expect(r.records.last?.campaignId == "c" && r.records.last?.viewId == "frame-1")
    }

    @Test("AF-21 action: navigation first, then the click, then custom data only when non-empty")
    func actionsOrder() throws {
        let r = Recorder()
        var server = FakeServer()
        let (engine, frame) = try ready(r, &server)
        try engine.appFrames.templateAction(frame, actionId: "shop", now: 5)
        #expect(r.take() == ["open app://shop", "record appFrames.click", #"f1 action {"coupon":"X1","n":2}"#])
        try engine.appFrames.templateAction(frame, actionId: "plain", now: 6)
        #expect(r.take() == ["open app://plain", "record appFrames.click"])
        try engine.appFrames.templateAction(frame, actionId: "empty", now: 7)
        #expect(r.take() == ["record appFrames.click"])
        #expect(throws: FramesError.self) { try engine.appFrames.templateAction(frame, actionId: "nope", now: 8) }
    }

    @Test("AF-22 impression only when signalled, attached, visible and laid out non-zero; once per session; again in a new session")
    func impressions() throws {
        let r = Recorder()
        let engine = try makeEngine(r)
        var server = FakeServer()
        server.placements["home"] = [FakeCampaign(id: "c")]
        let frame = try makeFrame(engine, r, placement: "home")
        try engine.appFrames.setHidden(frame, true, now: 0)
        try engine.appFrames.attach(frame, now: 0)
        try server.pump(engine, now: 0)
        try engine.appFrames.templateRendered(frame, height: 80, now: 1)
        #expect(!r.log.contains("record appFrames.impression"))  // hidden, size 0
        try engine.appFrames.setLaidOutSize(frame, width: 390, height: 80, now: 2)
        #expect(!r.log.contains("record appFrames.impression"))  // still hidden
        try engine.appFrames.setHidden(frame, false, now: 3)
        #expect(r.records.map(\.name) == ["appFrames.impression"])
        #expect(r.records[0].time == 3 && r.records[0].sessionId == "session-1")
        try engine.appFrames.setLaidOutSize(frame, width: 390, height: 81, now: 4)
        try engine.appFrames.detach(frame)
        try engine.appFrames.attach(frame, now: 5)
        #expect(r.records.count == 1)  // once per content per session
        try engine.startSession(id: "s2", now: 6)
        #expect(r.records.map(\.sessionId) == ["session-1", "s2"])
        try engine.appFrames.detach(frame)
        try engine.startSession(id: "s3", now: 7)
        #expect(r.records.count == 2)  // not on screen: no impression
    }

    @Test("AF-18 fixed height mode: the engine never changes the size; AF-19 still reports optimal heights")
    func fixedMode() throws {
        let r = Recorder()
        let engine = try makeEngine(r)
        var server = FakeServer()
        server.placements["home"] = [FakeCampaign(id: "c")]
        let frame = try makeFrame(engine, r, placement: "home")
        try engine.appFrames.setHeightMode(frame, .fixed, fixedHeight: 60)
        #expect(frame.intrinsicHeight == 60)
        try engine.appFrames.attach(frame, now: 0)
        try server.pump(engine, now: 0)
        try engine.appFrames.templateRendered(frame, height: 200, now: 1)
        #expect(frame.intrinsicHeight == 60)
        #expect(r.log.contains("f1 height 200.0"))
    }

    @Test("AF-10 the template that never signals fails rendering at the render timeout")
    func renderTimeout() throws {
        let r = Recorder()
        let engine = try makeEngine(r) { $0.renderTimeout = 500 }
        var server = FakeServer()
        server.placements["home"] = [FakeCampaign(id: "c")]
        let frame = try makeFrame(engine, r, placement: "home")
        try engine.appFrames.attach(frame, now: 0)
        try server.pump(engine, now: 100)
        #expect(engine.nextDeadline == 600)
        try engine.onTimeout(now: 599)
        #expect(frame.status == .rendering)
        try engine.onTimeout(now: 600)
        #expect(frame.status == .errorRendering && frame.error?.code == .renderingFailed)
        #expect(throws: FramesError.self) { try engine.appFrames.templateRendered(frame, height: 10, now: 601) }
    }

    @Test("AF-23 the delegate is weak: when the host drops it, callbacks stop silently")
    func weakDelegate() throws {
        let r = Recorder()
        let engine = try makeEngine(r)
        var server = FakeServer()
        server.placements["home"] = [FakeCampaign(id: "c")]
        let frame = try engine.appFrames.makeFrame()
        var delegate: Recorder? = Recorder()
        weak let watched = delegate
        frame.delegate = delegate
        try engine.appFrames.setPlacement(frame, "home", now: 0)
        try engine.appFrames.attach(frame, now: 0)
        #expect(watched?.log == ["f1 noPlacement->resolving"])
        delegate = nil
        #expect(watched == nil)
        try server.pump(engine, now: 1)
        #expect(frame.status == .rendering)
    }

    @Test("XC-03 a callback may free its frame (dismiss) and another frame; queued callbacks for them are skipped")
    func reentrancy() throws {
        let r = Recorder()
        let engine = try makeEngine(r)
        var server = FakeServer()
        server.placements["home"] = [FakeCampaign(id: "c")]
        let top = try loadReady(engine, r, &server)
        let bottom = try makeFrame(engine, r, placement: "home")
        try engine.appFrames.attach(bottom, now: 1)
        try engine.appFrames.templateRendered(bottom, height: 10, now: 1)
        _ = r.take()
        r.onDismiss = { frame in
            try? engine.appFrames.removeFrame(frame)
            try? engine.appFrames.removeFrame(bottom)
        }
        try engine.appFrames.templateDismissed(top, now: 2)
        #expect(r.take() == ["f1 ready->dismissed", "f1 dismiss", "record appFrames.dismiss"])
        #expect(engine.appFrames.frameCount == 0)
        #expect(throws: FramesError.self) { try engine.appFrames.attach(top, now: 3) }
        // A status callback that revokes consent: every later event still arrives in order.
        let again = try makeFrame(engine, r, placement: "home")
        r.onStatus = { _, status in if status == .rendering { try? engine.setConsent(false, now: 4) } }
        try engine.appFrames.attach(again, now: 4)
        #expect(r.take() == ["f3 noPlacement->rendering", "f3 rendering->disabled"])
    }
}
