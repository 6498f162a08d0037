import Testing
@testable import FramesCore

@Suite("App Frames: consent, recovery, exact ids, time (AF-03, AF-11, AF-14, AF-16, AF-17, XC-01, XC-07)")
struct AppFramesRecoveryTests {
    /// A frame for "home" that reached ready.
    private func readyFrame(_ engine: Engine, _ r: Recorder, _ server: inout FakeServer) throws -> AppFrame {
        let frame = try makeFrame(engine, r, placement: "home")
        try engine.appFrames.attach(frame, now: 0)
        try server.pump(engine, now: 1)
        try engine.appFrames.templateRendered(frame, height: 50, now: 2)
        #expect(frame.status == .ready)
        _ = r.take()
        return frame
    }

    @Test("AF-17 consent granted again: frames stay disabled until the next session start, whatever else happens")
    func consentWaitsForSessionStart() throws {
        let r = Recorder()
        let engine = try makeEngine(r)
        var server = FakeServer()
        server.placements["home"] = [FakeCampaign(id: "spring")]
        let frame = try readyFrame(engine, r, &server)
        try engine.setConsent(false, now: 10)
        #expect(frame.status == .disabled && frame.intrinsicHeight == 0)
        try engine.setConsent(true, now: 11)
        // Nothing brings frames back before start_session: a foreground, a
        // new frame attached, a login, a placement change.
        try engine.setAppState(.background, now: 12)
        try engine.setAppState(.active, now: 13)
        let second = try makeFrame(engine, r, placement: "home")
        #expect(second.status == .disabled)
        try engine.appFrames.attach(second, now: 14)
        try engine.setUser("ada", now: 15)
        try engine.appFrames.setPlacement(frame, "other", now: 16)
        try engine.appFrames.setPlacement(frame, "home", now: 17)
        #expect(try engine.pollRequest() == nil)
        #expect(frame.status == .disabled && second.status == .disabled)
        #expect(!r.log.contains { $0.contains("->resolving") })
        // The next session start resolves again.
        try engine.startSession(id: "s2", now: 20)
        #expect(frame.status == .resolving && second.status == .resolving)
        try server.pump(engine, now: 21)
        #expect(frame.status == .rendering && second.status == .rendering)
    }

    @Test("AF-17 XC-04 a remote disable behaves the same: off until the next session start")
    func remoteDisableWaitsForSessionStart() throws {
        let r = Recorder()
        let engine = try makeEngine(r)
        var server = FakeServer()
        server.placements["home"] = [FakeCampaign(id: "spring")]
        server.sdkDisabled = true
        let frame = try makeFrame(engine, r, placement: "home")
        try engine.appFrames.attach(frame, now: 0)
        try server.pump(engine, now: 1)
        #expect(frame.status == .disabled && engine.session.remotelyDisabled)
        server.sdkDisabled = false
        try engine.setConsent(false, now: 2)
        try engine.setConsent(true, now: 3)
        try engine.setAppState(.background, now: 4)
        try engine.setAppState(.active, now: 5)
        #expect(try engine.pollRequest() == nil)
        try engine.startSession(id: nil, now: 6)
        try server.pump(engine, now: 7)
        #expect(frame.status == .rendering && !engine.session.remotelyDisabled)
    }

    @Test("AF-11 AF-16 a download that failed while the backend was down recovers at the next foreground")
    func errorDownloadingRecoversOnForeground() throws {
        let r = Recorder()
        let engine = try makeEngine(r) { $0.retry.maxAttempts = 2; $0.retry.jitter = 0 }
        var server = FakeServer()
        let campaign = FakeCampaign(id: "spring")
        server.placements["home"] = [campaign]
        server.statusOverride[server.contentURL(campaign)] = 503
        let frame = try makeFrame(engine, r, placement: "home")
        try engine.appFrames.attach(frame, now: 0)
        try server.pump(engine, now: 0)
        try engine.onTimeout(now: 1_000)  // XC-06: the retry
        try server.pump(engine, now: 1_000)
        #expect(frame.status == .errorDownloading && frame.error?.code == .downloadingFailed)
        // Still down at the first foreground: the refresh fails, the frame
        // stays where it is.
        try engine.setAppState(.background, now: 2_000)
        try engine.setAppState(.active, now: 2_001)
        try server.pump(engine, now: 2_001)
        try engine.onTimeout(now: 3_001)
        try server.pump(engine, now: 3_001)
        #expect(frame.status == .errorDownloading)
        // The backend is back: the next foreground re-resolves and downloads
        // again; no identity change needed.
        server.statusOverride = [:]
        _ = r.take()
        try engine.setAppState(.background, now: 10_000)
        try engine.setAppState(.active, now: 10_001)
        try server.pump(engine, now: 10_001)
        #expect(r.take() == ["f1 errorDownloading->downloading", "f1 downloading->rendering", "f1 render spring/A"])
        try engine.appFrames.templateRendered(frame, height: 40, now: 10_002)
        #expect(frame.status == .ready && frame.error == nil)
    }

    @Test("AF-11 AF-16 errorResolving and errorRendering recover at the next foreground")
    func otherErrorsRecoverOnForeground() throws {
        let r = Recorder()
        let engine = try makeEngine(r) { $0.retry.maxAttempts = 1 }
        var server = FakeServer()
        server.placements["home"] = [FakeCampaign(id: "spring")]
        server.statusOverride[FakeServer.placementsURL] = 500
        let resolving = try makeFrame(engine, r, placement: "home")
        try engine.appFrames.attach(resolving, now: 0)
        try server.pump(engine, now: 0)
        #expect(resolving.status == .errorResolving)
        server.statusOverride = [:]
        try engine.setAppState(.background, now: 1)
        try engine.setAppState(.active, now: 2)
        try server.pump(engine, now: 2)
        #expect(resolving.status == .rendering)
        try engine.appFrames.templateFailed(resolving, message: "web view crashed", now: 3)
        #expect(resolving.status == .errorRendering)
        try engine.setAppState(.background, now: 4)
        try engine.setAppState(.active, now: 5)
        try server.pump(engine, now: 5)
        #expect(resolving.status == .rendering)
        try engine.appFrames.templateRendered(resolving, height: 10, now: 6)
        #expect(resolving.status == .ready)
    }

    @Test("AF-14 AF-10 an asset swapped for other bytes of the same size is placementUntrusted, never ready")
    func tamperedAsset() throws {
        let r = Recorder()
        let engine = try makeEngine(r)
        var server = FakeServer()
        let campaign = FakeCampaign(id: "spring", assets: [Array("genuine".utf8)])
        server.placements["home"] = [campaign]
        server.bodyOverride[server.assetURL(campaign, 0)] = Array("forgery".utf8)
        let frame = try makeFrame(engine, r, placement: "home")
        try engine.appFrames.attach(frame, now: 0)
        try server.pump(engine, now: 1)
        #expect(frame.status == .errorDownloading)
        #expect(frame.error?.code == .placementUntrusted)
        #expect(r.renders.isEmpty)
        #expect(r.take().contains("f1 fail placementUntrusted"))
    }

    @Test("AF-03 XC-07 placement ids are exact bytes: a decomposed \"café\" is another placement")
    func exactPlacementIds() throws {
        let r = Recorder()
        let engine = try makeEngine(r)
        var server = FakeServer()
        let precomposed = "caf\u{E9}"
        let decomposed = "cafe\u{301}"
        server.placements[precomposed] = [FakeCampaign(id: "spring")]
        let exact = try makeFrame(engine, r, placement: precomposed)
        let other = try makeFrame(engine, r, placement: decomposed)
        try engine.appFrames.attach(exact, now: 0)
        try engine.appFrames.attach(other, now: 0)
        try server.pump(engine, now: 1)
        #expect(exact.status == .rendering)
        #expect(other.status == .unavailable)
        #expect(other.placementId.map { Array($0.utf8) } == Array(decomposed.utf8))
    }

    @Test("XC-01 a time earlier than one already seen is taken as the latest: deadlines never move back")
    func timeNeverRunsBackwards() throws {
        let r = Recorder()
        let engine = try makeEngine(r) { $0.renderTimeout = 1_000 }
        var server = FakeServer()
        server.placements["home"] = [FakeCampaign(id: "spring")]
        let frame = try makeFrame(engine, r, placement: "home")
        try engine.appFrames.attach(frame, now: 5_000)
        // The host's clock steps back: the answer is taken at 5,000.
        try server.pump(engine, now: 100)
        #expect(frame.status == .rendering)
        #expect(engine.nextDeadline == 6_000)  // the render timeout from 5,000, not from 100
        try engine.onTimeout(now: 5_999)
        #expect(frame.status == .rendering)
        try engine.onTimeout(now: 6_000)
        #expect(frame.status == .errorRendering)
        #expect(engine.core.now == 6_000)
    }
}
