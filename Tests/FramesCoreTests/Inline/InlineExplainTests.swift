import Testing
@testable import FramesCore

@Suite("explain: why a campaign is or is not shown (IL-01, IL-04, IL-05)")
struct InlineExplainTests {
    @Test("IL-04 IL-05 every reason: shown, lower priority, capped, trigger not met, eligible; not fetched yet")
    func reasons() throws {
        let rec = InlineRecorder()
        let engine = try makeInlineEngine(rec)
        let notYet = try engine.inline.explain(placementKey: "home", now: 0)
        #expect(notYet == #"{"placement_key":"home","now_ms":0,"user_id":null,"campaigns_state":"not_fetched","views":[],"campaigns":[]}"#)
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
        let text = try engine.inline.explain(placementKey: "home", now: 20)
        let json = try #require(try? JSONParser(limits: .inlineCampaigns).parse(text).objectValue)
        #expect(json["campaigns_state"] == .string("fetched"))
        let campaigns = json["campaigns"]?.arrayValue?.compactMap(\.objectValue) ?? []
        let reason = Dictionary(uniqueKeysWithValues: campaigns.compactMap { c -> (String, String)? in
            guard let id = c["id"]?.stringValue, let r = c["reason"]?.stringValue else { return nil }
            return (id, r)
        })
        #expect(reason == ["capped": "capped", "waits": "trigger_not_met", "top": "shown", "second": "lower_priority",
                           "manual": "lower_priority"])
        #expect(campaigns.map { $0["id"]?.stringValue ?? "" } == ["capped", "waits", "top", "second", "manual"])
        #expect(campaigns.first?["until_ms"] == .integer(1_000))
        #expect(campaigns[2]["views"] == .array([.string("inline-2")]))
        #expect(campaigns[3]["than"] == .string("top"))
        #expect(json["views"] == .array([.object(JSONObject([JSONMember(key: "view_id", value: .string("inline-2")),
                                                             JSONMember(key: "attached", value: .bool(true)),
                                                             JSONMember(key: "closed_by_content", value: .bool(false)),
                                                             JSONMember(key: "status", value: .string("shown")),
                                                             JSONMember(key: "campaign_id", value: .string("top"))])!)]))
        // After the period, "capped" is eligible: it would replace "top" at the next trigger.
        let later = try engine.inline.explain(placementKey: "home", now: 1_000)
        #expect(later.contains(#""id":"capped","priority":0,"trigger":"automatic","event":null,"capping":{"max_displays":1,"period_ms":1000},"reason":"eligible""#), "\(later)")
        // explain records nothing and changes nothing.
        #expect(rec.records.count == 2)
    }

    @Test("IL-02 an event campaign with no view of its key and no available listener: explain says no_view and when it was dropped; the trace says so")
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
            #expect(before.contains(#""reason":"no_view","detail":"eligible, but no view"#), "\(before)")
            try engine.inline.trackEvent("evB", propertiesJSON: nil, now: 5)
            let after = try engine.inline.explain(placementKey: "home", now: 6)
            #expect(after.contains(#""reason":"no_view","dropped_at_ms":5,"#), "\(after)")
            #expect(after.contains(#"\"evB\" triggered it at 5 ms with nowhere to show it"#), "\(after)")
            #expect(rec.traces.contains { $0.contains("cart is eligible for home but not shown") && $0.contains("no available listener") })
            // A view of the key, attached, is where it goes: the reason is back to the trigger.
            let view = try makeView(engine, rec)
            try engine.inline.attach(view, now: 7)
            #expect(try engine.inline.explain(placementKey: "home", now: 8).contains(#""reason":"trigger_not_met""#))
        }
    }
}
