import Testing
@testable import FramesCore

@Suite("Inline JS bridge and customMethod (IL-07, IL-08, IL-09)")
struct InlineBridgeTests {
    /// An engine with one view showing campaign "hero" (plus an event
    /// campaign "after_tap" for closeAndTrigger).
    func shownView(_ rec: InlineRecorder, configure: (inout EngineOptions) -> Void = { _ in })
        throws -> (Engine, InlineView, FakeInlineServer) {
        let engine = try makeInlineEngine(rec, configure: configure)
        var server = FakeInlineServer(campaigns: [FakeInline(id: "hero", priority: 5),
                                                  FakeInline(id: "after_tap", key: "footer", trigger: "event", event: "tapped")])
        let view = try makeView(engine, rec)
        try engine.inline.setSize(view, width: 343, height: 120, now: 0)
        try engine.inline.attach(view, now: 0)
        try server.pump(engine, now: 1)
        try engine.inline.contentShown(view, now: 2)
        _ = rec.take()
        rec.records.removeAll()
        return (engine, view, server)
    }

    func send(_ engine: Engine, _ view: InlineView, _ text: String, now: Milliseconds = 10) throws {
        try engine.inline.handleMessage(view, bridge(text), now: now)
    }

    @Test("IL-08 getComponentSize answers the size the host reported; setComponentSize asks the host (sizeChanged), which owns layout")
    func sizes() throws {
        let rec = InlineRecorder()
        let (engine, view, _) = try shownView(rec)
        try send(engine, view, #"{"v":1,"id":1,"method":"getComponentSize"}"#)
        #expect(rec.take() == [#"inline-1 reply {"v":1,"id":1,"ok":true,"result":{"width":343,"height":120}}"#])
        try send(engine, view, #"{"v":1,"method":"setComponentSize","args":{"width":343,"height":200.5}}"#)
        #expect(rec.take() == ["inline-1 sizeChanged 343.0x200.5"])
        #expect(view.height == 120)  // until the host lays it out again
        try engine.inline.setSize(view, width: 343, height: 200.5, now: 11)
        try send(engine, view, #"{"v":1,"id":2,"method":"getComponentSize"}"#)
        #expect(rec.take() == [#"inline-1 reply {"v":1,"id":2,"ok":true,"result":{"width":343,"height":200.5}}"#])
    }

    @Test("IL-09 close() records inApp.discard (closedBy=user), then asks for removal; the content is gone")
    func close() throws {
        let rec = InlineRecorder()
        let (engine, view, _) = try shownView(rec)
        try send(engine, view, #"{"v":1,"method":"close"}"#)
        #expect(rec.take() == ["record inApp.discard inline-1 hero closedBy=user", "inline-1 remove hero"])
        #expect(view.status == .idle && view.campaignId == nil)
        #expect(inlineError { try send(engine, view, #"{"v":1,"method":"close"}"#) }?.code == .invalidState)
    }

    @Test("IL-09 closeAndTrigger records the custom event first, then the discard, then removal; the event triggers like a tracked one")
    func closeAndTrigger() throws {
        let rec = InlineRecorder()
        let (engine, view, fake) = try shownView(rec)
        var server = fake
        try send(engine, view, #"{"v":1,"method":"closeAndTrigger","args":{"action":"tapped","params":{"sku":"A1"},"label":"hero"}}"#)
        let log = rec.take()
        #expect(Array(log.prefix(3)) == ["record inline.customEvent inline-1 hero action=tapped label=hero params={\"sku\":\"A1\"}",
                                          "record inApp.discard inline-1 hero closedBy=user",
                                          "inline-1 remove hero"])
        #expect(log.contains("available inline-2 footer after_tap"))
        try server.pump(engine, now: 11)
    }

    @Test("IL-08 openUrl / openDeeplink: allowed ones go to the host; javascript:, file:, data: and unnamed schemes are refused, reported, never opened")
    func urls() throws {
        let rec = InlineRecorder()
        let (engine, view, _) = try shownView(rec) { $0.inlineURLSchemes = ["myapp"] }
        try send(engine, view, #"{"v":1,"method":"openUrl","args":{"url":"https://shop.test/spring"}}"#)
        try send(engine, view, #"{"v":1,"method":"openDeeplink","args":{"url":"myapp://cart"}}"#)
        #expect(rec.take() == ["openUrl inline-1 https://shop.test/spring", "openDeepLink inline-1 myapp://cart"])
        try send(engine, view, #"{"v":1,"id":3,"method":"openUrl","args":{"url":"javascript:alert(1)"}}"#)
        #expect(rec.take() == ["refused inline-1 url javascript:alert(1)",
                               "inline-1 reply " + WireFixtures.text("inline/reply_refused.json").trimmingNewlines])
        for link in ["file:///etc/passwd", "data:text/html,x", "otherapp://x", "http://shop.test"] {
            try send(engine, view, #"{"v":1,"method":"openDeeplink","args":{"url":"\#(link)"}}"#)
            #expect(rec.take() == ["refused inline-1 deeplink \(link)"])
        }
        #expect(inlineError { _ = try makeInlineEngine(rec) { $0.inlineURLSchemes = ["javascript"] } }?.message.contains("always refused") == true)
    }

    @Test("IL-07 handleCustomAction reaches the global delegate with its params as JSON")
    func customAction() throws {
        let rec = InlineRecorder()
        let (engine, view, _) = try shownView(rec)
        try send(engine, view, #"{"v":1,"method":"handleCustomAction","args":{"name":"share","params":{"to":"friends"}}}"#)
        #expect(rec.take() == [#"customAction inline-1 share {"to":"friends"}"#])
    }

    @Test("IL-07 customMethod: the host resolves once and the content gets the reply; a second resolution is refused and changes nothing")
    func customMethodRoundTrip() throws {
        let rec = InlineRecorder()
        let (engine, view, _) = try shownView(rec)
        try send(engine, view, WireFixtures.text("inline/bridge_custom_method.json"))
        #expect(rec.take() == [#"customMethod inline-1 getCoupon {"cart":"c-42"} call=1"#])
        #expect(engine.inline.pendingCallCount == 1)
        try engine.inline.resolveCall(1, success: true, result: #"{"code":"SPRING24"}"#, now: 20)
        #expect(rec.take() == ["inline-1 reply " + WireFixtures.text("inline/reply_custom_method.json").trimmingNewlines])
        let second = inlineError { try engine.inline.resolveCall(1, success: false, result: "late", now: 21) }
        #expect(second?.code == .alreadyResolved)
        #expect(second?.message.contains("exactly once") == true)
        #expect(rec.take().isEmpty)
        #expect(inlineError { try engine.inline.resolveCall(99, success: true, result: nil, now: 22) }?.code == .notFound)
        #expect(inlineError { try engine.inline.resolveCall(0, success: true, result: nil, now: 22) }?.code == .notFound)
    }

    @Test("IL-07 XC-03 resolving inside the customMethod callback works; the reply comes after the callback returns")
    func resolveInsideCallback() throws {
        let rec = InlineRecorder()
        let (engine, view, _) = try shownView(rec)
        rec.onCustomMethod = { id in
            try? engine.inline.resolveCall(id, success: false, result: "no coupon", now: 30)
            rec.log.append("callback returns")
        }
        try send(engine, view, #"{"v":1,"id":9,"method":"customMethod","args":{"name":"getCoupon"}}"#)
        #expect(rec.take() == ["customMethod inline-1 getCoupon {} call=1", "callback returns",
                               #"inline-1 reply {"v":1,"id":9,"ok":false,"error":{"code":"failed","message":"no coupon"}}"#])
    }

    @Test("IL-07 a bad answer is refused and the call stays pending; resolving after the view was released succeeds and sends nothing")
    func badAnswerAndReleased() throws {
        let rec = InlineRecorder()
        let (engine, view, _) = try shownView(rec)
        try send(engine, view, #"{"v":1,"id":4,"method":"customMethod","args":{"name":"m"}}"#)
        #expect(inlineError { try engine.inline.resolveCall(1, success: true, result: "{not json", now: 11) }?.code == .invalidArgument)
        #expect(engine.inline.pendingCallCount == 1)
        try engine.inline.removeView(view)
        _ = rec.take()
        try engine.inline.resolveCall(1, success: true, result: "42", now: 12)
        #expect(rec.take().isEmpty)
        #expect(inlineError { try engine.inline.resolveCall(1, success: true, result: "42", now: 13) }?.code == .alreadyResolved)
    }

    @Test("IL-07 a call not resolved by its deadline fails by itself; resolving later is refused")
    func deadline() throws {
        let rec = InlineRecorder()
        let (engine, view, _) = try shownView(rec) { $0.inlineCallTimeout = 1_000 }
        try send(engine, view, #"{"v":1,"id":5,"method":"customMethod","args":{"name":"slow"}}"#, now: 100)
        _ = rec.take()
        #expect(engine.nextDeadline == 1_100)
        try engine.onTimeout(now: 1_100)
        #expect(rec.take() == [#"inline-1 reply {"v":1,"id":5,"ok":false,"error":{"code":"timeout","message":"the host did not answer within 1000 ms"}}"#])
        #expect(inlineError { try engine.inline.resolveCall(1, success: true, result: nil, now: 1_200) }?.code == .alreadyResolved)
    }

    /// How a host answers `remove`: the mobile SDKs' hosts detach the view
    /// (iOS) or release it (Android); a careless one does nothing.
    enum RemoveHandling: CaseIterable {
        case detach, release, ignore
    }

    /// One view of "home" showing "hero"; the event "tapped" triggers
    /// "after_tap" on the same key.
    func sameKeyEngine(_ rec: InlineRecorder, handling: RemoveHandling) throws -> (Engine, InlineView, FakeInlineServer) {
        let engine = try makeInlineEngine(rec)
        var server = FakeInlineServer(campaigns: [FakeInline(id: "hero", priority: 5),
                                                  FakeInline(id: "after_tap", trigger: "event", event: "tapped", priority: 1)])
        let view = try makeView(engine, rec)
        try engine.inline.attach(view, now: 0)
        try server.pump(engine, now: 1)
        try engine.inline.contentShown(view, now: 2)
        _ = rec.take()
        rec.onRemove = { removed in
            switch handling {
            case .detach: try? engine.inline.detach(removed)
            case .release: try? engine.inline.removeView(removed)
            case .ignore: break
            }
        }
        return (engine, view, server)
    }

    @Test("IL-09 IL-02 closeAndTrigger on the same key: the closed view gets nothing more; with no other view the campaign goes to available, however the host handles remove")
    func closeAndTriggerSameKeyGoesToAvailable() throws {
        for handling in RemoveHandling.allCases {
            let rec = InlineRecorder()
            var (engine, view, server) = try sameKeyEngine(rec, handling: handling)
            try send(engine, view, #"{"v":1,"method":"closeAndTrigger","args":{"action":"tapped"}}"#)
            let log = rec.take()
            #expect(Array(log.prefix(4)) == ["record inline.customEvent inline-1 hero action=tapped params={}",
                                              "record inApp.discard inline-1 hero closedBy=user",
                                              "inline-1 remove hero",
                                              "available inline-2 home after_tap"], "\(handling): \(log)")
            try server.pump(engine, now: 11)
            let later = rec.take()
            #expect(later.contains("inline-2 render after_tap"), "\(handling): \(later)")
            #expect(!(log + later).contains { $0.hasPrefix("inline-1 ") && $0 != "inline-1 remove hero" }, "\(handling)")
            #expect(view.campaignId == nil)
            // Tracked again by the app, the closed view still gets nothing.
            if handling == .ignore {
                try engine.inline.trackEvent("tapped", propertiesJSON: nil, now: 12)
                #expect(!rec.take().contains { $0.hasPrefix("inline-1 ") })
            }
        }
    }

    @Test("IL-09 IL-02 closeAndTrigger on the same key with another embedded view: that view shows the campaign, the closed one nothing")
    func closeAndTriggerSameKeyGoesToTheOtherView() throws {
        for handling in RemoveHandling.allCases {
            let rec = InlineRecorder()
            var (engine, view, server) = try sameKeyEngine(rec, handling: handling)
            let other = try makeView(engine, rec)
            try engine.inline.attach(other, now: 3)
            try server.pump(engine, now: 3)
            try engine.inline.contentShown(other, now: 4)
            _ = rec.take()
            try send(engine, view, #"{"v":1,"method":"closeAndTrigger","args":{"action":"tapped"}}"#)
            try server.pump(engine, now: 11)
            let log = rec.take()
            #expect(log.contains("inline-2 render after_tap"), "\(handling): \(log)")
            #expect(!log.contains { $0.hasPrefix("available") }, "\(handling): \(log)")
            #expect(!log.contains { $0.hasPrefix("inline-1 ") && $0 != "inline-1 remove hero" }, "\(handling): \(log)")
            #expect(other.campaignId == "after_tap" && view.campaignId == nil)
        }
    }

    @Test("IL-09 IL-01 a view its content closed takes campaigns again once the host attaches it anew or renders it")
    func closedViewReopens() throws {
        let rec = InlineRecorder()
        var (engine, view, server) = try sameKeyEngine(rec, handling: .detach)
        rec.takesViews = false
        try send(engine, view, #"{"v":1,"method":"close"}"#)
        #expect(view.campaignId == nil && !view.isAttached)
        try engine.inline.attach(view, now: 20)
        try server.pump(engine, now: 20)
        #expect(view.campaignId == "hero")
        try engine.inline.contentShown(view, now: 21)
        try send(engine, view, #"{"v":1,"method":"close"}"#, now: 22)
        rec.onRemove = nil
        try engine.inline.attach(view, now: 23)
        try engine.inline.render(view, now: 23)
        #expect(view.campaignId == "hero")
    }

    @Test("IL-08 a message with a call id sent after close() gets an error reply, so the content's promise settles")
    func messageAfterClose() throws {
        let rec = InlineRecorder()
        let (engine, view, _) = try shownView(rec)
        try send(engine, view, #"{"v":1,"method":"close"}"#)
        _ = rec.take()
        let error = inlineError { try send(engine, view, #"{"v":1,"id":4,"method":"getComponentSize"}"#) }
        #expect(error?.code == .invalidState)
        #expect(error?.message.contains("closed itself") == true)
        #expect(rec.take() == ["inline-1 reply {\"v\":1,\"id\":4,\"ok\":false,\"error\":{\"code\":\"invalid\",\"message\":"
            + JSONText.quoted(error?.message ?? "") + "}}"])
        // Without an id nobody waits: no reply; a broken message with an id gets one too.
        #expect(inlineError { try send(engine, view, #"{"v":1,"method":"close"}"#) }?.code == .invalidState)
        #expect(rec.take().isEmpty)
        #expect(inlineError { try send(engine, view, #"{"v":1,"id":5,"method":"nope"}"#) }?.code == .invalidState)
        #expect(rec.take().first?.hasPrefix(#"inline-1 reply {"v":1,"id":5,"ok":false"#) == true)
    }

    @Test("IL-08 a malformed, unknown or oversized message changes nothing; with a readable id the content gets an error reply")
    func malformed() throws {
        let rec = InlineRecorder()
        let (engine, view, _) = try shownView(rec)
        for text in ["not json", #"{"v":1,"method":"close","args":{"x":1}}"#,
                     String(repeating: " ", count: BridgeMessage.maxBytes) + "{}",
                     #"{"v":1,"method":"customMethod","args":{"name":"needs an id"}}"#] {
            #expect(inlineError { try send(engine, view, text) }?.code == .invalidArgument)
        }
        #expect(rec.take().isEmpty)
        #expect(view.status == .shown && view.campaignId == "hero")
        let error = inlineError { try send(engine, view, #"{"v":1,"id":8,"method":"launchRockets"}"#) }
        #expect(error?.message == "bridge message: unknown method \"launchRockets\"")
        #expect(rec.take() == [#"inline-1 reply {"v":1,"id":8,"ok":false,"error":{"code":"invalid","message":"bridge message: unknown method \"launchRockets\""}}"#])
        #expect(inlineError { try engine.inline.handleMessage(view, [0xC3, 0x28], now: 12) }?.code == .invalidArgument)
        #expect(engine.inline.pendingCallCount == 0)
    }
}
