import Testing
@testable import FramesCore

/// Loads frame 1 of `placement` to `ready` and clears the log.
func loadReady(_ engine: Engine, _ r: Recorder, _ server: inout FakeServer, placement: String = "home",
               height: Double = 100, now: Milliseconds = 0) throws -> AppFrame {
    let frame = try makeFrame(engine, r, placement: placement, now: now)
    try engine.appFrames.attach(frame, now: now)
    try server.pump(engine, now: now)
    try engine.appFrames.templateRendered(frame, height: height, now: now)
    try engine.appFrames.setLaidOutSize(frame, width: 390, height: height, now: now)
    #expect(frame.status == .ready)
    _ = r.take()
    return frame
}

@Suite("App Frames content, cache and refresh (AF-13..AF-17)")
struct AppFramesContentTests {
    @Test("AF-14 a content document that fails its checksum is placementUntrusted")
    func checksumMismatch() throws {
        let r = Recorder()
        let engine = try makeEngine(r)
        var server = FakeServer()
        let campaign = FakeCampaign(id: "c")
        server.placements["home"] = [campaign]
        server.bodyOverride[server.contentURL(campaign)] = Array("{\"template\":{\"html\":\"tampered\"}}".utf8)
        let frame = try makeFrame(engine, r, placement: "home")
        try engine.appFrames.attach(frame, now: 0)
        try server.pump(engine, now: 0)
        #expect(r.take() == ["f1 noPlacement->resolving", "f1 resolving->downloading",
                             "f1 fail placementUntrusted", "f1 downloading->errorDownloading"])
        #expect(frame.error?.code == .placementUntrusted)
    }

    @Test("AF-14 an asset over 512,000 bytes fails the download; exactly 512,000 passes")
    func assetLimit() throws {
        for (size, expected) in [(512_000, FrameStatus.rendering), (512_001, .errorDownloading)] {
            let r = Recorder()
            let engine = try makeEngine(r)
            var server = FakeServer()
            server.placements["home"] = [FakeCampaign(id: "c", assets: [Array(repeating: 7, count: size)])]
            let frame = try makeFrame(engine, r, placement: "home")
            try engine.appFrames.attach(frame, now: 0)
            try server.pump(engine, now: 0)
            #expect(frame.status == expected, "\(size)")
            if expected.isError { #expect(frame.error?.code == .downloadingFailed) }
        }
    }

    @Test("AF-14 plain http content is untrusted unless the host allows it")
    func httpOrigin() throws {
        for allow in [false, true] {
            let r = Recorder()
            let engine = try makeEngine(r) { $0.allowInsecureHTTP = allow }
            let body = Array("{\"template\":{\"html\":\"x\"}}".utf8)
            let placements = "{\"placements\":{\"home\":{\"campaigns\":[{\"id\":\"c\",\"priority\":\"low\",\"created_at\":1,"
                + "\"variants\":[{\"id\":\"A\",\"weight\":1,\"content\":{\"url\":\"http://cdn.test/c.json\",\"sha256\":\"\(SHA256.hash(body).hex)\"}}]}]}}}"
            let frame = try makeFrame(engine, r, placement: "home")
            try engine.appFrames.attach(frame, now: 0)
            while let request = try engine.pollRequest() {
                let answer = request.url == FakeServer.placementsURL ? Array(placements.utf8) : body
                try engine.completeRequest(request.id, response: HTTPResponse(status: 200, body: answer), now: 0)
            }
            #expect(frame.status == (allow ? .rendering : .errorDownloading))
            if !allow { #expect(frame.error?.code == .placementUntrusted) }
        }
    }

    @Test("AF-13 the highest priority wins; on a tie the most recently created")
    func selection() throws {
        let r = Recorder()
        let engine = try makeEngine(r)
        var server = FakeServer()
        server.placements["home"] = [FakeCampaign(id: "low", priority: "low", createdAt: 9),
                                     FakeCampaign(id: "old", priority: "high", createdAt: 1),
                                     FakeCampaign(id: "new", priority: "high", createdAt: 5)]
        let frame = try makeFrame(engine, r, placement: "home")
        try engine.appFrames.attach(frame, now: 0)
        try server.pump(engine, now: 0)
        #expect(frame.campaignId == "new")
    }

    @Test("AF-15 a cached placement renders at once on re-attach and for a new frame, without a request")
    func cache() throws {
        let r = Recorder()
        let engine = try makeEngine(r)
        var server = FakeServer()
        server.placements["home"] = [FakeCampaign(id: "c")]
        let first = try loadReady(engine, r, &server)
        try engine.appFrames.detach(first)
        try engine.appFrames.attach(first, now: 5)
        #expect(first.status == .ready && r.take().isEmpty)
        let second = try makeFrame(engine, r, placement: "home", now: 6)
        try engine.appFrames.attach(second, now: 6)
        #expect(try engine.pollRequest() == nil)
        #expect(r.take() == ["f2 noPlacement->rendering", "f2 render c/A"])
    }

    @Test("AF-16 foreground refresh: unchanged stays ready silently, changed reloads, lost goes unavailable")
    func refresh() throws {
        let r = Recorder()
        let engine = try makeEngine(r)
        var server = FakeServer()
        server.placements = ["a": [FakeCampaign(id: "same")], "b": [FakeCampaign(id: "old")], "c": [FakeCampaign(id: "gone")]]
        let a = try loadReady(engine, r, &server, placement: "a")
        let b = try loadReady(engine, r, &server, placement: "b")
        let c = try loadReady(engine, r, &server, placement: "c")
        server.placements = ["a": [FakeCampaign(id: "same")], "b": [FakeCampaign(id: "new")]]
        try engine.setAppState(.inactive, now: 10)
        try engine.setAppState(.active, now: 11)
        #expect(try engine.pollRequest() == nil)  // inactive -> active is no foreground
        try engine.setAppState(.background, now: 12)
        try engine.setAppState(.active, now: 13)
        try server.pump(engine, now: 14)
        #expect(r.take() == ["f2 ready->downloading", "f3 ready->unavailable", "f2 downloading->rendering", "f2 render new/A"])
        #expect(a.status == .ready && b.status == .rendering && c.status == .unavailable)
    }

    @Test("AF-16 an identity change drops the previous user's cache and refetches for the new user")
    func identity() throws {
        let r = Recorder()
        let engine = try makeEngine(r)
        var server = FakeServer()
        server.placements["home"] = [FakeCampaign(id: "c")]
        let frame = try loadReady(engine, r, &server)
        try engine.setUser("alice", now: 10)
        let request = try #require(try engine.pollRequest())
        #expect(String(decoding: request.body, as: UTF8.self).contains("\"user_id\":\"alice\""))
        try engine.completeRequest(request.id, response: server.response(for: request.url), now: 11)
        #expect(frame.status == .ready && r.take().isEmpty)  // same selection: no flicker
        // A second frame for the new user reuses the content the frame shows.
        let other = try makeFrame(engine, r, placement: "home", now: 12)
        try engine.appFrames.attach(other, now: 12)
        #expect(try engine.pollRequest() == nil)
    }

    @Test("AF-16 AF-17 results of a request from a previous identity are dropped, never shown")
    func staleIdentity() throws {
        let r = Recorder()
        let engine = try makeEngine(r)
        var server = FakeServer()
        server.placements["home"] = [FakeCampaign(id: "c")]
        let frame = try makeFrame(engine, r, placement: "home")
        try engine.appFrames.attach(frame, now: 0)
        let old = try #require(try engine.pollRequest())
        try engine.setUser("bob", now: 1)
        #expect(throws: FramesError.self) {
            try engine.completeRequest(old.id, response: server.response(for: old.url), now: 2)
        }
        #expect(frame.status == .resolving)
        try server.pump(engine, now: 3)
        #expect(frame.status == .rendering)
    }

    @Test("AF-17 consent revoked: everything disabled, in-flight cancelled, cache dropped; restored only at the next session")
    func consent() throws {
        let r = Recorder()
        let engine = try makeEngine(r)
        var server = FakeServer()
        server.placements["home"] = [FakeCampaign(id: "c")]
        let frame = try loadReady(engine, r, &server)
        try engine.setConsent(false, now: 10)
        #expect(r.take() == ["f1 ready->disabled"])
        #expect(frame.intrinsicHeight == 0 && frame.content == nil)
        try engine.setConsent(true, now: 11)
        #expect(frame.status == .disabled)
        #expect(try engine.pollRequest() == nil)
        try engine.startSession(id: "s2", now: 12)
        #expect(r.take() == ["f1 disabled->resolving"])
        try server.pump(engine, now: 13)
        #expect(frame.status == .rendering)
        #expect(server.served.filter { $0 == FakeServer.placementsURL }.count == 2)
    }

    @Test("XC-04 AF-17 a response saying the SDK is disabled disables every frame")
    func remoteDisable() throws {
        let r = Recorder()
        let engine = try makeEngine(r)
        var server = FakeServer()
        server.placements["home"] = [FakeCampaign(id: "c")]
        server.sdkDisabled = true
        let frame = try makeFrame(engine, r, placement: "home")
        try engine.appFrames.attach(frame, now: 0)
        try server.pump(engine, now: 0)
        #expect(frame.status == .disabled && engine.session.remotelyDisabled)
        server.sdkDisabled = false
        try engine.startSession(id: nil, now: 1)
        try server.pump(engine, now: 1)
        #expect(frame.status == .rendering)
    }
}
