import Testing
@testable import FramesCore

@Suite("Inline views and triggers (IL-01, IL-02, IL-03, IL-06, IL-10)")
struct InlineTriggerTests {
    @Test("IL-01 IL-06 automatic: attaching fetches the campaigns (POST with who asks), downloads the content, asks for a render with the context, and the on-screen report loads the view")
    func automatic() throws {
        let rec = InlineRecorder()
        rec.context = #"{"first_name":"Ada"}"#
        let engine = try makeInlineEngine(rec)
        var server = FakeInlineServer(campaigns: [FakeInline(id: "spring", html: "<h1>Spring</h1>")])
        let view = try makeView(engine, rec)
        #expect(view.width == 0 && view.height == 0)  // IL-10: no default size
        try engine.inline.attach(view, now: 0)
        try server.pump(engine, now: 10)
        #expect(server.served == [FakeInlineServer.url, FakeInlineServer.contentURL(server.campaigns[0])])
        #expect(server.bodies[0] == #"{"device_id":"device-1","session_id":"session-1","user_id":null,"engine_version":"1.1.0"}"#)
        #expect(rec.take() == ["inline-1 processing", "context inline-1 spring", "inline-1 render spring"])
        #expect(rec.renders.first?.request.html == "<h1>Spring</h1>")
        #expect(rec.renders.first?.request.contextMap == #"{"first_name":"Ada"}"#)
        #expect(view.status == .rendering)
        try engine.inline.contentShown(view, now: 20)
        #expect(rec.take() == ["inline-1 loaded spring", "record inApp.show inline-1 spring trigger=automatic"])
        #expect(view.status == .shown)
        #expect(rec.records.first?.module == "inline" && rec.records.first?.location == "home")
    }

    @Test("IL-01 on demand: attaching shows nothing; render() shows the on-demand campaign")
    func onDemand() throws {
        let rec = InlineRecorder()
        let engine = try makeInlineEngine(rec)
        var server = FakeInlineServer(campaigns: [FakeInline(id: "tile", trigger: "on_demand")])
        let view = try makeView(engine, rec)
        try engine.inline.attach(view, now: 0)
        try server.pump(engine, now: 10)
        #expect(rec.take().isEmpty)
        #expect(view.status == .idle)
        try engine.inline.render(view, now: 20)
        try server.pump(engine, now: 30)
        #expect(rec.take() == ["inline-1 processing", "context inline-1 tile", "inline-1 render tile"])
    }

    @Test("IL-01 render() before the campaigns arrive waits for them; an attach does not admit on-demand campaigns")
    func renderWaits() throws {
        let rec = InlineRecorder()
        let engine = try makeInlineEngine(rec)
        var server = FakeInlineServer(campaigns: [FakeInline(id: "tile", trigger: "on_demand")])
        let view = try makeView(engine, rec)
        try engine.inline.render(view, now: 0)
        try engine.inline.attach(view, now: 1)  // does not downgrade the waiting render()
        try server.pump(engine, now: 10)
        #expect(rec.take() == ["inline-1 processing", "context inline-1 tile", "inline-1 render tile"])
    }

    @Test("IL-02 an event updates every attached view of its key (per-view update, no global call); a detached view is not touched")
    func eventUpdatesAttachedViews() throws {
        let rec = InlineRecorder()
        let engine = try makeInlineEngine(rec)
        var server = FakeInlineServer(campaigns: [
            FakeInline(id: "auto", priority: 10),
            FakeInline(id: "promo", trigger: "event", event: "cart_viewed", priority: 5),
        ])
        let a = try makeView(engine, rec), b = try makeView(engine, rec), c = try makeView(engine, rec)
        try engine.inline.attach(a, now: 0)
        try engine.inline.attach(b, now: 0)
        try server.pump(engine, now: 10)
        try engine.inline.contentShown(a, now: 11)
        try engine.inline.contentShown(b, now: 11)
        _ = rec.take()
        try engine.inline.trackEvent("cart_viewed", propertiesJSON: #"{"items":2}"#, now: 20)
        try server.pump(engine, now: 21)
        #expect(rec.take() == ["inline-1 processing", "inline-2 processing",
                               "context inline-1 promo", "inline-1 render promo",
                               "context inline-2 promo", "inline-2 render promo"])
        try engine.inline.contentShown(a, now: 22)
        #expect(rec.take() == ["inline-1 updated promo", "record inApp.show inline-1 promo trigger=event"])
        #expect(rec.available.isEmpty)
        #expect(c.status == .idle)
    }

    @Test("IL-02 an event with no attached view makes one view per key and hands it to available exactly once; it then loads")
    func eventCreatesView() throws {
        let rec = InlineRecorder()
        let engine = try makeInlineEngine(rec)
        var server = FakeInlineServer(campaigns: [
            FakeInline(id: "promo", key: "home", trigger: "event", event: "purchase", priority: 5),
            FakeInline(id: "thanks", key: "footer", trigger: "event", event: "purchase", priority: 1),
            FakeInline(id: "lower", key: "footer", trigger: "event", event: "purchase", priority: 2),
        ])
        let detached = try makeView(engine, rec)  // home, never attached
        // The event arrives before the campaigns: it waits for them.
        try engine.inline.trackEvent("purchase", propertiesJSON: nil, now: 0)
        rec.onAvailable = { view in try? engine.inline.attach(view, now: 5) }
        try server.pump(engine, now: 5)
        let log = rec.take()
        #expect(rec.available.map(\.placementKey) == ["footer", "home"])
        #expect(log.filter { $0.hasPrefix("available") } == ["available inline-2 footer thanks", "available inline-3 home promo"])
        // available comes before anything else about the view.
        #expect(log.firstIndex(of: "available inline-2 footer thanks")! < log.firstIndex(of: "inline-2 processing")!)
        #expect(rec.available.allSatisfy { $0.createdByEngine })
        #expect(detached.status == .idle)
        // The same event again: the views are attached now, so no new view.
        try engine.inline.trackEvent("purchase", propertiesJSON: nil, now: 10)
        try server.pump(engine, now: 10)
        #expect(rec.available.count == 2)
    }

    @Test("IL-02 a host that takes no views gets none made")
    func noAvailableTaker() throws {
        let rec = InlineRecorder()
        rec.takesViews = false
        let engine = try makeInlineEngine(rec)
        var server = FakeInlineServer(campaigns: [FakeInline(id: "promo", trigger: "event", event: "e")])
        try engine.inline.trackEvent("e", propertiesJSON: nil, now: 0)
        try server.pump(engine, now: 1)
        #expect(engine.inline.viewCount == 0)
        #expect(rec.available.isEmpty)
    }

    @Test("IL-03 two views share a key: each gets the campaign, inApp.show per view; capping counts one display")
    func sharedKey() throws {
        let rec = InlineRecorder()
        let engine = try makeInlineEngine(rec)
        var server = FakeInlineServer(campaigns: [FakeInline(id: "once", maxDisplays: 1)])
        let a = try makeView(engine, rec), b = try makeView(engine, rec)
        try engine.inline.attach(a, now: 0)
        try server.pump(engine, now: 1)
        try engine.inline.contentShown(a, now: 2)
        // b attaches while a shows it: the same display, so b gets it too.
        try engine.inline.attach(b, now: 3)
        try server.pump(engine, now: 3)
        try engine.inline.contentShown(b, now: 4)
        #expect(rec.records.map(\.viewId) == ["inline-1", "inline-2"])
        #expect(rec.stateChanges == 1)  // one display, one ledger change
        // Both gone: a third view finds it capped (IL-05).
        try engine.inline.removeView(a)
        try engine.inline.removeView(b)
        let c = try makeView(engine, rec)
        try engine.inline.attach(c, now: 5)
        #expect(c.status == .idle)
    }

    @Test("IL-10 released: nothing reaches the view afterwards, not even callbacks already queued")
    func release() throws {
        let rec = InlineRecorder()
        let engine = try makeInlineEngine(rec)
        var server = FakeInlineServer(campaigns: [FakeInline(id: "a")])
        let view = try makeView(engine, rec)
        // Released from inside its own processing callback: the render
        // request queued behind it never comes.
        final class Releaser: InlineViewDelegate {
            let engine: Engine
            var processing = 0
            var renders = 0
            init(_ engine: Engine) { self.engine = engine }
            func viewDidStartProcessing(_ view: InlineView) {
                processing += 1
                try? engine.inline.removeView(view)
            }
            func view(_ view: InlineView, render request: InlineRenderRequest) { renders += 1 }
        }
        let releaser = Releaser(engine)
        view.delegate = releaser
        try engine.inline.attach(view, now: 0)
        try server.pump(engine, now: 1)
        #expect(releaser.processing == 1 && releaser.renders == 0)
        #expect(rec.log.allSatisfy { !$0.hasPrefix("context") })
        #expect(engine.inline.viewCount == 0)
        #expect(inlineError { try engine.inline.attach(view, now: 2) }?.code == .invalidHandle)
        #expect(inlineError { try engine.inline.handleMessage(view, bridge(#"{"v":1,"method":"close"}"#), now: 2) }?.code == .invalidHandle)
    }

    @Test("IL-06 failures: a missing or tampered content document, a host render failure, the render timeout")
    func failures() throws {
        let rec = InlineRecorder()
        let engine = try makeInlineEngine(rec) { $0.renderTimeout = 500 }
        var server = FakeInlineServer(campaigns: [FakeInline(id: "a", key: "k1"), FakeInline(id: "b", key: "k2"),
                                                  FakeInline(id: "c", key: "k3")])
        server.statusOverride[FakeInlineServer.contentURL(server.campaigns[0])] = 404
        server.bodyOverride[FakeInlineServer.contentURL(server.campaigns[1])] = Array("{\"template\":{\"html\":\"evil\"}}".utf8)
        let v1 = try makeView(engine, rec, key: "k1"), v2 = try makeView(engine, rec, key: "k2"), v3 = try makeView(engine, rec, key: "k3")
        for v in [v1, v2, v3] { try engine.inline.attach(v, now: 0) }
        try server.pump(engine, now: 1)
        let log = rec.take()
        #expect(log.contains("inline-1 failed downloadingFailed a"))
        #expect(log.contains("inline-2 failed placementUntrusted b"))
        #expect(v1.status == .failed && v2.status == .failed && v3.status == .rendering)
        try engine.onTimeout(now: 501)
        #expect(rec.take() == ["inline-3 failed renderingFailed c"])
        // A fresh trigger tries again; the host reports a render failure.
        try engine.inline.render(v3, now: 600)
        _ = rec.take()
        try engine.inline.renderFailed(v3, message: "web view crashed", now: 601)
        #expect(rec.take() == ["inline-3 failed renderingFailed c"])
        #expect(inlineError { try engine.inline.contentShown(v3, now: 602) }?.code == .invalidState)
    }

    @Test("IL-07 a contextRequired answer that is not a JSON object fails the render with a clear reason")
    func badContext() throws {
        let rec = InlineRecorder()
        rec.context = "[1,2]"
        let engine = try makeInlineEngine(rec)
        var server = FakeInlineServer(campaigns: [FakeInline(id: "a")])
        let view = try makeView(engine, rec)
        try engine.inline.attach(view, now: 0)
        try server.pump(engine, now: 1)
        #expect(rec.take() == ["inline-1 processing", "context inline-1 a", "inline-1 failed renderingFailed a"])
        #expect(rec.renders.isEmpty)
    }

    @Test("XC-07 host inputs are checked: key and event name lengths, sizes, properties")
    func inputs() throws {
        let rec = InlineRecorder()
        let engine = try makeInlineEngine(rec)
        #expect(inlineError { _ = try engine.inline.makeView(placementKey: "") }?.code == .invalidArgument)
        #expect(inlineError { _ = try engine.inline.makeView(placementKey: String(repeating: "k", count: 257)) }?.code == .invalidArgument)
        let view = try makeView(engine, rec)
        for (w, h) in [(-1.0, 1.0), (1.0, .nan), (.infinity, 1.0)] {
            #expect(inlineError { try engine.inline.setSize(view, width: w, height: h, now: 0) }?.code == .invalidArgument)
        }
        #expect(inlineError { try engine.inline.trackEvent("", propertiesJSON: nil, now: 0) }?.code == .invalidArgument)
        #expect(inlineError { try engine.inline.trackEvent("e", propertiesJSON: "[]", now: 0) }?.message.contains("properties_json") == true)
        #expect(inlineError { try engine.inline.trackEvent("e", propertiesJSON: "{", now: 0) }?.code == .invalidArgument)
    }
}
