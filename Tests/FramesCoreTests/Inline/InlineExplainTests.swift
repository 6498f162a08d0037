import Testing
@testable import FramesCore

@Suite("explain an inline placement: why a campaign is or is not shown (XC-11, IL-01..IL-05)")
struct InlineExplainTests {
    @Test("XC-11 IL-04 IL-05 inline candidates: shown, lower_priority, capped (until_ms), trigger_not_met, eligible; the shape")
    func reasons() throws {
        let rec = InlineRecorder()
        let engine = try makeInlineEngine(rec)
        let notYet = try engine.inline.explain(placementKey: "home", now: 0)
        #expect(notYet.json == #"{"explain":1,"kind":"inline_placement","object":"inline:home","placement_id":"home","#
            + #""now_ms":0,"user_id":null,"state":"not_fetched","facts":{"views":[]},"showing":[],"#
            + #""reason":{"code":"not_fetched","detail":"the campaigns are not fetched yet"},"candidates":[]}"#)
        var server = FakeInlineServer(campaigns: [
            FakeInline(id: "top", priority: 1),
            FakeInline(id: "second", priority: 2),
            FakeInline(id: "capped", priority: 0, maxDisplays: 1, periodMs: 1_000),
            FakeInline(id: "waits", trigger: "event", event: "cart", priority: 0),
            FakeInline(id: "manual", trigger: "on_demand", priority: 3),
        ])
        // Display "capped" once, then let its view go.
        let first = try makeView(engine, rec)
        try engine.inline.attach(first, now: 0)
        try server.pump(engine, now: 0)
        try engine.inline.contentShown(first, now: 0)
        try engine.inline.removeView(first)
        let view = try makeView(engine, rec)
        try engine.inline.attach(view, now: 10)
        try server.pump(engine, now: 10)
        try engine.inline.contentShown(view, now: 10)
        let why = try engine.inline.explain(placementKey: "home", now: 20)
        #expect(why.state == "fetched" && why.reason.code == "shown")
        #expect(why.showing == [Showing(id: "top", variantId: nil, location: "inline-2", status: "shown")])
        #expect(why.reasonCodes == ["capped": "capped", "waits": "trigger_not_met", "top": "shown", "second": "lower_priority",
                                    "manual": "lower_priority"])
        #expect(why.candidates.map(\.id) == ["capped", "waits", "top", "second", "manual"])
        #expect(why.candidate("capped")?.reason["until_ms"] == .integer(1_000))
        #expect(why.candidate("capped")?.facts["displays"] == .integer(1))
        #expect(why.candidate("second")?.reason["than"] == .string("top"))
        let parsed = try #require(try why.parsed())
        #expect(parsed.keys == ["explain", "kind", "object", "placement_id", "now_ms", "user_id", "state", "facts",
                                "showing", "reason", "candidates"])
        #expect(parsed["facts"]?.objectValue?["views"] == .array([.object(JSONObject([
            JSONMember(key: "view_id", value: .string("inline-2")), JSONMember(key: "attached", value: .bool(true)),
            JSONMember(key: "closed_by_content", value: .bool(false)), JSONMember(key: "status", value: .string("shown")),
            JSONMember(key: "campaign_id", value: .string("top"))])!)]))
        // After the period, "capped" is eligible: it would replace "top" at the next trigger.
        let later = try engine.inline.explain(placementKey: "home", now: 1_000)
        #expect(later.candidate("capped")?.reason.code == "eligible", "\(later.json)")
        // A lifetime cap never lifts: until_ms is null.
        #expect(rec.records.count == 2)
    }

    @Test("XC-11 IL-05 a lifetime cap says until_ms null; a window says until_ms (opens) or at_ms (closed)")
    func lifetimeCapAndWindows() throws {
        let rec = InlineRecorder()
        let engine = try makeInlineEngine(rec)
        var server = FakeInlineServer(campaigns: [
            FakeInline(id: "once", priority: 1, maxDisplays: 1),
            FakeInline(id: "later", priority: 2, startsAt: 1_700_000_050_000),
        ])
        let view = try makeView(engine, rec)
        try engine.inline.attach(view, now: 0)
        try server.pump(engine, now: 0)
        try engine.inline.contentShown(view, now: 0)
        try engine.inline.removeView(view)
        let why = try engine.inline.explain(placementKey: "home", now: 5)
        #expect(why.candidate("once")?.reason.code == "capped")
        #expect(why.candidate("once")?.reason["until_ms"] == .null, "\(why.json)")
        #expect(why.candidate("later")?.reason.code == "outside_window")
        #expect(why.candidate("later")?.reason["until_ms"] == .integer(50_000), "\(why.json)")
        // Nothing on screen: the headline is the first candidate's reason.
        #expect(why.showing.isEmpty && why.reason.code == "capped")
    }

    @Test("IL-02 XC-11 an event campaign with no view of its key and no available listener: no_view with at_ms; the trace says so")
    func noViewNoListener() throws {
        for withHost in [true, false] {
            let rec = InlineRecorder()
            rec.takesViews = false
            let engine = try makeInlineEngine(rec)
            engine.core.traceLevel = .info
            if !withHost { engine.inline.host = nil }
            var server = FakeInlineServer(campaigns: [FakeInline(id: "cart", trigger: "event", event: "evB", priority: 1)])
            try engine.inline.trackEvent("evA", propertiesJSON: nil, now: 0)
            try server.pump(engine, now: 0)
            let before = try engine.inline.explain(placementKey: "home", now: 1)
            #expect(before.candidate("cart")?.reason.code == "no_view")
            #expect(before.candidate("cart")?.reason.detail.hasPrefix("eligible, but no view") == true)
            #expect(before.candidate("cart")?.reason["at_ms"] == nil)
            try engine.inline.trackEvent("evB", propertiesJSON: nil, now: 5)
            let after = try engine.inline.explain(placementKey: "home", now: 6)
            #expect(after.candidate("cart")?.reason["at_ms"] == .integer(5), "\(after.json)")
            #expect(after.candidate("cart")?.reason.detail.contains("\"evB\" triggered it at 5 ms with nowhere to show it") == true)
            #expect(rec.traces.contains { $0.contains("cart is eligible for home but not shown") && $0.contains("no available listener") })
            // A view of the key, attached, is where it goes: the reason is back to the trigger.
            let view = try makeView(engine, rec)
            try engine.inline.attach(view, now: 7)
            #expect(try engine.inline.explain(placementKey: "home", now: 8).candidate("cart")?.reason.code == "trigger_not_met")
        }
    }

    @Test("XC-11 inline headline: fetching, fetch_failed (with error), no_campaign; other_user names the user the campaigns were for")
    func headlines() throws {
        let rec = InlineRecorder()
        let engine = try makeInlineEngine(rec)
        var server = FakeInlineServer(campaigns: [FakeInline(id: "elsewhere", key: "footer")])
        let view = try makeView(engine, rec)
        try engine.inline.attach(view, now: 0)
        #expect(try engine.inline.explain(placementKey: "home", now: 0).reason.code == "fetching")
        server.statusOverride[FakeInlineServer.url] = 500
        try server.pump(engine, now: 1)
        let failed = try engine.inline.explain(placementKey: "home", now: 2)
        #expect(failed.state == "failed" && failed.reason.code == "fetch_failed")
        #expect(failed.reason["error"]?.objectValue?["code"] == .string("resolutionFailed"), "\(failed.json)")
        #expect(failed.reason["error"]?.objectValue?["http_status"] == .integer(500))
        server.statusOverride = [:]
        try engine.startSession(id: nil, now: 3)
        try server.pump(engine, now: 3)
        let none = try engine.inline.explain(placementKey: "home", now: 4)
        #expect(none.reason.code == "no_campaign" && none.candidates.isEmpty, "\(none.json)")
        try engine.setUser("ada", now: 5)
        let other = try engine.inline.explain(placementKey: "footer", now: 6)
        #expect(other.reason.code == "other_user" && other.reason["user_id"] == .null, "\(other.json)")
        #expect(other.candidate("elsewhere")?.reason.code == "other_user")
        #expect(other.userId == "ada")
    }

    @Test("XC-11 XC-04 inline: consent revoked, then granted (waiting_for_session), and a remote disable, each its own code")
    func contentOff() throws {
        let rec = InlineRecorder()
        let engine = try makeInlineEngine(rec)
        var server = FakeInlineServer(campaigns: [FakeInline(id: "top", priority: 1)])
        let view = try makeView(engine, rec)
        try engine.inline.attach(view, now: 0)
        try server.pump(engine, now: 0)
        try engine.setConsent(false, now: 1)
        let revoked = try engine.inline.explain(placementKey: "home", now: 2)
        #expect(revoked.reason.code == "no_consent" && revoked.candidate("top")?.reason.code == "no_consent")
        try engine.setConsent(true, now: 3)
        #expect(try engine.inline.explain(placementKey: "home", now: 4).reason.code == "waiting_for_session")
        server.sdkDisabled = true
        try engine.startSession(id: nil, now: 5)
        try server.pump(engine, now: 5)
        let disabled = try engine.inline.explain(placementKey: "home", now: 6)
        #expect(disabled.reason.code == "disabled_remotely", "\(disabled.json)")
    }

    @Test("XC-11 explain is a reading: an earlier now_ms describes the engine's latest time and moves nothing; no record, no callback")
    func reading() throws {
        let rec = InlineRecorder()
        let engine = try makeInlineEngine(rec)
        let view = try makeView(engine, rec)
        try engine.inline.attach(view, now: 100)
        _ = rec.take()
        let earlier = try engine.inline.explain(placementKey: "home", now: 50)
        #expect(earlier.now == 100)
        let later = try engine.inline.explain(placementKey: "home", now: 5_000)
        #expect(later.now == 5_000)
        // The later explanation entered no time: a call at 200 still runs at 200.
        #expect(engine.core.lastNow == 100)
        #expect(rec.take().isEmpty && rec.records.isEmpty)
        #expect(throws: FramesError.self) { try engine.inline.explain(placementKey: "", now: 0) }
    }
}
