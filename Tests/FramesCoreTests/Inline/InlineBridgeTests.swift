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
        #expect(rec.take() == ["record inline.discard inline-1 hero closedBy=user", "inline-1 remove hero"])
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
                                          "record inline.discard inline-1 hero closedBy=user",
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
