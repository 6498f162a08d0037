import Testing
@testable import FramesCore

@Suite("App Frames lifecycle (AF-01..AF-12)")
struct AppFramesLifecycleTests {
    @Test("AF-01 AF-02 opt-in off: frames rest in disabled, nothing is requested, no error callback")
    func optInOff() throws {
        for config in [#"{"App Frames Enabled": true}"#, #"{"Insider": {"App Frames Enabled": "YES"}}"#,
                       #"{"Insider": {"App Frames Enabled": 1}}"#, #"{"Insider": {}}"#, "{}"] {
            let r = Recorder()
            let engine = try makeEngine(r, config: Array(config.utf8))
            #expect(!engine.appFrames.isEnabled)
            let frame = try makeFrame(engine, r, placement: "home")
            try engine.appFrames.attach(frame, now: 0)
            try engine.startSession(id: nil, now: 1)
            try engine.setAppState(.background, now: 2)
            try engine.setAppState(.active, now: 3)
            #expect(frame.status == .disabled)
            #expect(try engine.pollRequest() == nil)
            #expect(r.log.isEmpty, "\(config)")
        }
    }

    @Test("AF-06 AF-07 AF-18 AF-19 a successful load: resolving -> downloading -> rendering -> ready, exact callbacks")
    func successfulLoad() throws {
        let r = Recorder()
        let engine = try makeEngine(r)
        var server = FakeServer()
        server.placements["home"] = [FakeCampaign(id: "spring", assets: [Array("png".utf8)])]
        let frame = try makeFrame(engine, r, placement: "home")
        #expect(frame.status == .noPlacement)
        try engine.appFrames.attach(frame, now: 0)
        #expect(r.take() == ["f1 noPlacement->resolving"])
        #expect(frame.intrinsicHeight == 0)
        let placements = try #require(try engine.pollRequest())
        #expect(placements.method == "POST" && placements.url == FakeServer.placementsURL)
        try engine.completeRequest(placements.id, response: server.response(for: placements.url), now: 10)
        #expect(r.take() == ["f1 resolving->downloading"])
        try server.pump(engine, now: 20)
        #expect(r.take() == ["f1 downloading->rendering", "f1 render spring/A"])
        #expect(r.renders.first?.content.assets.first?.bytes == Array("png".utf8))
        try engine.appFrames.templateRendered(frame, height: 120, now: 30)
        #expect(r.take() == ["f1 rendering->ready", "f1 height 120.0"])
        #expect(frame.intrinsicHeight == 120)
        // AF-19: a new optimal height fires again; the same one does not.
        try engine.appFrames.templateRendered(frame, height: 120, now: 31)
        try engine.appFrames.templateRendered(frame, height: 90, now: 32)
        #expect(r.take() == ["f1 height 90.0"])
        #expect(server.served.count == 2)  // content document and asset
    }

    @Test("AF-08 no campaign for the placement: unavailable, never an error")
    func unavailable() throws {
        let r = Recorder()
        let engine = try makeEngine(r)
        var server = FakeServer()
        server.placements["other"] = [FakeCampaign(id: "x")]
        let frame = try makeFrame(engine, r, placement: "home")
        try engine.appFrames.attach(frame, now: 0)
        try server.pump(engine, now: 1)
        #expect(r.take() == ["f1 noPlacement->resolving", "f1 resolving->unavailable"])
        #expect(frame.error == nil && frame.intrinsicHeight == 0)
    }

    @Test("AF-09 AF-10 AF-12 resolution fails after retries: didFail first, then the status; a further failure is silent")
    func resolutionFailure() throws {
        let r = Recorder()
        let engine = try makeEngine(r) { $0.retry.maxAttempts = 2; $0.retry.jitter = 0 }
        var server = FakeServer()
        server.statusOverride[FakeServer.placementsURL] = 503
        let frame = try makeFrame(engine, r, placement: "home")
        try engine.appFrames.attach(frame, now: 0)
        try server.pump(engine, now: 0)
        #expect(engine.nextDeadline == 1_000)
        try engine.onTimeout(now: 1_000)
        try server.pump(engine, now: 1_000)
        #expect(r.take() == ["f1 noPlacement->resolving", "f1 fail resolutionFailed", "f1 resolving->errorResolving"])
        #expect(frame.error?.httpStatus == 503)
        #expect(frame.status.isError && frame.error != nil)
        // A new fetch (foreground) fails again with a transport error: the
        // error changes, no callback fires (AF-09).
        try engine.setAppState(.background, now: 2_000)
        try engine.setAppState(.active, now: 2_001)
        while let request = try engine.pollRequest() { try engine.failRequest(request.id, message: "offline", now: 2_002) }
        try engine.onTimeout(now: 3_002)
        while let request = try engine.pollRequest() { try engine.failRequest(request.id, message: "offline", now: 3_003) }
        #expect(r.take() == [])
        #expect(frame.status == .errorResolving)
        #expect(frame.error?.message.contains("offline") == true)
        // AF-11: fresh content moves it forward again.
        server.statusOverride = [:]
        server.placements["home"] = [FakeCampaign(id: "c")]
        try engine.setAppState(.background, now: 4_000)
        try engine.setAppState(.active, now: 4_001)
        try server.pump(engine, now: 4_002)
        #expect(r.take() == ["f1 errorResolving->downloading", "f1 downloading->rendering", "f1 render c/A"])
        #expect(frame.error == nil)
    }

    @Test("AF-12 AF-05 one placements fetch serves every frame; frames of one placement render independently")
    func sharedFetch() throws {
        let r = Recorder()
        let engine = try makeEngine(r)
        var server = FakeServer()
        server.placements["home"] = [FakeCampaign(id: "c")]
        let a = try makeFrame(engine, r, placement: "home")
        let b = try makeFrame(engine, r, placement: "home")
        try engine.appFrames.attach(a, now: 0)
        try engine.appFrames.attach(b, now: 0)
        try server.pump(engine, now: 1)
        #expect(server.served == [FakeServer.placementsURL, server.contentURL(FakeCampaign(id: "c"))])
        #expect(r.renders.map(\.frame) == [1, 2])
        try engine.appFrames.templateRendered(b, height: 50, now: 2)
        #expect(a.status == .rendering && b.status == .ready)
    }

    @Test("AF-03 AF-04 no placement; setting none detaches; hiding does not stop loading")
    func placementAndHidden() throws {
        let r = Recorder()
        let engine = try makeEngine(r)
        var server = FakeServer()
        server.placements["home"] = [FakeCampaign(id: "c")]
        let frame = try makeFrame(engine, r, placement: nil)
        try engine.appFrames.attach(frame, now: 0)
        #expect(frame.status == .noPlacement)
        #expect(try engine.pollRequest() == nil)
        try engine.appFrames.setHidden(frame, true, now: 0)
        try engine.appFrames.setPlacement(frame, "home", now: 0)
        try server.pump(engine, now: 1)
        #expect(frame.status == .rendering)  // hidden, still loading
        try engine.appFrames.setPlacement(frame, nil, now: 2)
        #expect(frame.status == .noPlacement)
        #expect(frame.intrinsicHeight == 0)
    }
}
