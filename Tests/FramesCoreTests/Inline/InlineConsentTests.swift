import Testing
@testable import FramesCore

@Suite("Inline messages, consent, identity and refresh (XC-04, AF-16, AF-17)")
struct InlineConsentTests {
    func shown(_ rec: InlineRecorder, _ server: inout FakeInlineServer) throws -> (Engine, InlineView) {
        let engine = try makeInlineEngine(rec)
        let view = try makeView(engine, rec)
        try engine.inline.attach(view, now: 0)
        try server.pump(engine, now: 1)
        try engine.inline.contentShown(view, now: 2)
        _ = rec.take()
        rec.records.removeAll()
        return (engine, view)
    }

    @Test("XC-04 AF-17 consent revoked: content withdrawn at once, nothing fetched, chosen or recorded; the next session start brings it back")
    func consent() throws {
        let rec = InlineRecorder()
        var server = FakeInlineServer(campaigns: [FakeInline(id: "a", maxDisplays: 5),
                                                  FakeInline(id: "e", trigger: "event", event: "go", priority: 1)])
        let (engine, view) = try shown(rec, &server)
        try engine.setConsent(false, now: 10)
        #expect(rec.take() == ["inline-1 remove a"])
        #expect(view.status == .idle)
        try engine.inline.trackEvent("go", propertiesJSON: nil, now: 11)
        try engine.inline.render(view, now: 12)
        let other = try makeView(engine, rec)
        try engine.inline.attach(other, now: 13)
        try engine.setConsent(true, now: 14)          // granted again: still off until a session starts
        try engine.inline.render(view, now: 15)
        #expect(try engine.pollRequest() == nil)
        #expect(rec.take().isEmpty && rec.records.isEmpty)
        let why = try engine.inline.explain(placementKey: "home", now: 16)
        #expect(why.state == "waiting_for_session" && Set(why.reasonCodes.values) == ["waiting_for_session"], "\(why.json)")
        try engine.startSession(id: nil, now: 20)
        try server.pump(engine, now: 21)
        // Both attached views get content again.
        #expect(rec.take().filter { $0.hasSuffix("render a") } == ["inline-1 render a", "inline-2 render a"])
    }

    @Test("XC-04 a user change drops the old user's campaigns and in-flight answers, withdraws content, and fetches for the new user")
    func identity() throws {
        let rec = InlineRecorder()
        var server = FakeInlineServer(campaigns: [FakeInline(id: "a")])
        let (engine, view) = try shown(rec, &server)
        try engine.startSession(id: "s2", now: 5)     // a refresh in flight...
        let inFlight = try #require(try engine.pollRequest())
        try engine.setUser("ada", now: 6)             // ...for the previous user
        #expect(rec.take() == ["inline-1 remove a"])
        #expect(inlineError { try engine.completeRequest(inFlight.id, response: server.response(for: inFlight.url), now: 7) }?.code == .notFound)
        let why = try engine.inline.explain(placementKey: "home", now: 7)
        #expect(why.reason.code == "other_user" && Set(why.reasonCodes.values) == ["other_user"], "\(why.json)")
        let fetch = try #require(try engine.pollRequest())
        #expect(String(decoding: fetch.body, as: UTF8.self).contains(#""user_id":"ada""#))
        try engine.completeRequest(fetch.id, response: server.response(for: fetch.url), now: 8)
        try server.pump(engine, now: 8)
        #expect(view.status == .rendering)
    }

    @Test("XC-04 the campaigns answer may disable the SDK remotely")
    func remoteDisable() throws {
        let rec = InlineRecorder()
        var server = FakeInlineServer(campaigns: [FakeInline(id: "a")])
        server.sdkDisabled = true
        let engine = try makeInlineEngine(rec)
        let view = try makeView(engine, rec)
        try engine.inline.attach(view, now: 0)
        try server.pump(engine, now: 1)
        #expect(!engine.session.contentAllowed)
        #expect(view.status == .idle)
    }

    @Test("XC-04 coming back to the foreground refetches at most once per refresh interval; session starts always do")
    func refresh() throws {
        let rec = InlineRecorder()
        var server = FakeInlineServer(campaigns: [FakeInline(id: "a")])
        let engine = try makeInlineEngine(rec) { $0.inlineRefreshInterval = 60_000 }
        try engine.inline.trackEvent("nothing", propertiesJSON: nil, now: 0)  // the first need fetches
        try server.pump(engine, now: 0)
        func fetches() -> Int { server.served.filter { $0 == FakeInlineServer.url }.count }
        #expect(fetches() == 1)
        try engine.setAppState(.background, now: 1_000)
        try engine.setAppState(.active, now: 30_000)
        try server.pump(engine, now: 30_000)
        #expect(fetches() == 1)
        try engine.setAppState(.background, now: 40_000)
        try engine.setAppState(.active, now: 60_000)
        try server.pump(engine, now: 60_000)
        #expect(fetches() == 2)
        try engine.startSession(id: nil, now: 60_001)
        try server.pump(engine, now: 60_001)
        #expect(fetches() == 3)
    }

    @Test("XC-06 a failing fetch is retried; when retries run out waiting views fail (resolutionFailed) and a later trigger fetches again")
    func fetchFailure() throws {
        let rec = InlineRecorder()
        var server = FakeInlineServer(campaigns: [FakeInline(id: "a")])
        server.statusOverride[FakeInlineServer.url] = 503
        let engine = try makeInlineEngine(rec) { $0.retry.maxAttempts = 2; $0.retry.jitter = 0; $0.retry.baseDelay = 100 }
        let view = try makeView(engine, rec)
        try engine.inline.attach(view, now: 0)
        try server.pump(engine, now: 0)
        #expect(engine.nextDeadline == 100)
        try engine.onTimeout(now: 100)
        try server.pump(engine, now: 100)
        #expect(rec.take() == ["inline-1 failed resolutionFailed -"])
        #expect(try engine.inline.explain(placementKey: "home", now: 101).state == "failed")
        server.statusOverride = [:]
        try engine.inline.render(view, now: 200)
        try server.pump(engine, now: 200)
        #expect(view.status == .rendering)
    }
}
