import Testing
@testable import FramesCore

@Suite("Inline priority and capping (IL-04, IL-05, XC-09, XC-10)")
struct InlinePriorityCappingTests {
    /// Attaches a view and reports whatever it is asked to render as shown.
    func show(_ engine: Engine, _ server: inout FakeInlineServer, _ view: InlineView, now: Milliseconds) throws {
        if !view.isAttached { try engine.inline.attach(view, now: now) } else { try engine.inline.render(view, now: now) }
        try server.pump(engine, now: now)
        if view.status == .rendering { try engine.inline.contentShown(view, now: now) }
    }

    @Test("IL-04 lower number wins; equal priorities go by document order")
    func priority() throws {
        let rec = InlineRecorder()
        let engine = try makeInlineEngine(rec)
        var server = FakeInlineServer(campaigns: [FakeInline(id: "p5", priority: 5), FakeInline(id: "p1a", priority: 1),
                                                  FakeInline(id: "p1b", priority: 1), FakeInline(id: "p0", key: "other", priority: 0)])
        let view = try makeView(engine, rec)
        try show(engine, &server, view, now: 0)
        #expect(view.campaignId == "p1a")
    }

    @Test("IL-04 a displayed campaign is replaced only by a strictly higher priority one")
    func replacement() throws {
        let rec = InlineRecorder()
        let engine = try makeInlineEngine(rec)
        var server = FakeInlineServer(campaigns: [
            FakeInline(id: "shown", priority: 5),
            FakeInline(id: "equal", trigger: "event", event: "same", priority: 5),
            FakeInline(id: "lower", trigger: "event", event: "low", priority: 9),
            FakeInline(id: "higher", trigger: "event", event: "high", priority: 4),
        ])
        let view = try makeView(engine, rec)
        try show(engine, &server, view, now: 0)
        _ = rec.take()
        for event in ["same", "low"] {
            try engine.inline.trackEvent(event, propertiesJSON: nil, now: 10)
            #expect(view.campaignId == "shown", "\(event)")
        }
        #expect(rec.take().isEmpty)
        try engine.inline.trackEvent("high", propertiesJSON: nil, now: 20)
        try server.pump(engine, now: 20)
        #expect(view.campaignId == "higher")
        try engine.inline.contentShown(view, now: 21)
        #expect(rec.take().contains("inline-1 updated higher"))
    }

    @Test("IL-05 count per period: the limit makes the campaign ineligible, the next one shows; after the period it is back")
    func cappingPerPeriod() throws {
        let rec = InlineRecorder()
        let engine = try makeInlineEngine(rec)
        var server = FakeInlineServer(campaigns: [FakeInline(id: "capped", priority: 1, maxDisplays: 2, periodMs: 1_000),
                                                  FakeInline(id: "fallback", priority: 2)])
        var shown: [String] = []
        for t: Milliseconds in [0, 100, 200] {
            let view = try makeView(engine, rec)
            try show(engine, &server, view, now: t)
            shown.append(view.campaignId ?? "-")
            try engine.inline.removeView(view)
        }
        #expect(shown == ["capped", "capped", "fallback"])
        // The first display leaves the 1,000 ms window at 1,000.
        let early = try makeView(engine, rec)
        try show(engine, &server, early, now: 999)
        #expect(early.campaignId == "fallback")
        try engine.inline.removeView(early)
        let late = try makeView(engine, rec)
        try show(engine, &server, late, now: 1_000)
        #expect(late.campaignId == "capped")
    }

    @Test("IL-05 a lifetime cap (period null) never comes back; ledgers are per user")
    func lifetimeAndPerUser() throws {
        let rec = InlineRecorder()
        let engine = try makeInlineEngine(rec)
        var server = FakeInlineServer(campaigns: [FakeInline(id: "once", maxDisplays: 1)])
        let a = try makeView(engine, rec)
        try show(engine, &server, a, now: 0)
        try engine.inline.removeView(a)
        let b = try makeView(engine, rec)
        try show(engine, &server, b, now: 1_000_000_000)
        #expect(b.campaignId == nil)
        try engine.inline.removeView(b)
        // Another user has a ledger of their own.
        try engine.setUser("ada", now: 1_000_000_001)
        let c = try makeView(engine, rec)
        try show(engine, &server, c, now: 1_000_000_002)
        #expect(c.campaignId == "once")
    }

    @Test("XC-10 IL-05 capping holds across a restart: the ledger travels in the state blob as wall-clock times")
    func survivesRestart() throws {
        let rec = InlineRecorder()
        let engine = try makeInlineEngine(rec)
        var server = FakeInlineServer(campaigns: [FakeInline(id: "daily", maxDisplays: 1, periodMs: 86_400_000),
                                                  FakeInline(id: "fallback", priority: 99)])
        let view = try makeView(engine, rec)
        try show(engine, &server, view, now: 5_000)           // displayed at wall 1,700,000,005,000
        #expect(view.campaignId == "daily")
        #expect(rec.stateChanges == 1)
        let blob = try engine.exportState(now: 10_000, wallClock: 1_700_000_010_000)
        #expect(engine.inline.cappingLedgerCount == 1)

        // A new process, one hour later: its monotonic clock starts at 0.
        let rec2 = InlineRecorder()
        let restarted = try makeInlineEngine(rec2)
        try restarted.importState(blob, now: 0, wallClock: 1_700_003_600_000)
        var server2 = server
        let again = try makeView(restarted, rec2)
        try show(restarted, &server2, again, now: 10)
        #expect(again.campaignId == "fallback")
        let why = try restarted.inline.explain(placementKey: "home", now: 20)
        // Displayed at wall ...005,000 = monotonic 5,000 - 3,600,000; free a day after.
        #expect(why.candidate("daily")?.reason.code == "capped")
        #expect(why.candidate("daily")?.reason["until_ms"] == .integer(5_000 - 3_600_000 + 86_400_000), "\(why.json)")
        // A day after the display it shows again.
        try restarted.inline.removeView(again)
        let dayLater = try makeView(restarted, rec2)
        try show(restarted, &server2, dayLater, now: 5_000 - 3_600_000 + 86_400_000)
        #expect(dayLater.campaignId == "daily")
    }

    @Test("XC-10 a refused blob changes nothing: a lifetime cap still holds; another module's sections are ignored")
    func refusedBlob() throws {
        let rec = InlineRecorder()
        let engine = try makeInlineEngine(rec)
        var server = FakeInlineServer(campaigns: [FakeInline(id: "once", maxDisplays: 1)])
        let view = try makeView(engine, rec)
        try show(engine, &server, view, now: 0)
        var blob = try engine.exportState(now: 0, wallClock: 1_000_000)
        blob[blob.count - 1] ^= 0xFF
        #expect(inlineError { try engine.importState(blob, now: 0, wallClock: 1_000_000) }?.message.contains("checksum") == true)
        #expect(engine.inline.cappingLedgerCount == 1)
        let why = try engine.inline.explain(placementKey: "home", now: 1)
        #expect(why.candidate("once")?.reason.code == "shown", "\(why.json)")
        // Off screen, the lifetime cap the refused blob would have wiped still holds.
        try engine.inline.removeView(view)
        let again = try makeView(engine, rec)
        try show(engine, &server, again, now: 2)
        #expect(again.campaignId == nil)
        // Its own sections are checked: a repeated campaign fails the import, which keeps the ledger.
        let repeated = StateBlob.encode([StateSection(name: "inline.caps", userId: nil, entries: [
            StateEntry(key: "a", values: [1]), StateEntry(key: "a", values: [2])])])
        #expect(inlineError { try engine.importState(repeated, now: 0, wallClock: 1_000_000) }?.message.contains("repeats") == true)
        #expect(engine.inline.cappingLedgerCount == 1)
        // A section the inline module does not own is not its business; an
        // accepted blob without inline sections replaces the ledgers with none.
        let foreign = StateBlob.encode([StateSection(name: "future.module", userId: nil, entries: [StateEntry(key: "m", values: [1])])])
        try engine.importState(foreign, now: 0, wallClock: 1_000_000)
        #expect(engine.inline.cappingLedgerCount == 0)
    }

    @Test("IL-05 the validity window is measured against server_time, not the device clock; XC-09 newer engines only")
    func windowAndVersion() throws {
        let rec = InlineRecorder()
        let engine = try makeInlineEngine(rec)
        var server = FakeInlineServer(campaigns: [
            FakeInline(id: "v9", priority: 0, minEngineVersion: "9.0.0"),
            FakeInline(id: "later", priority: 1, startsAt: 1_700_000_000_500),
            FakeInline(id: "ended", priority: 2, endsAt: 1_700_000_000_000),
            FakeInline(id: "now", priority: 3, startsAt: 1_699_000_000_000, endsAt: 1_700_000_001_000),
        ])
        server.serverTime = 1_700_000_000_000
        let view = try makeView(engine, rec)
        try show(engine, &server, view, now: 100)      // the document arrives at 100 = server_time
        #expect(view.campaignId == "now")
        try engine.inline.removeView(view)
        let later = try makeView(engine, rec)
        try show(engine, &server, later, now: 600)     // 500 ms after server_time: "later" has begun
        #expect(later.campaignId == "later")
        let why = try engine.inline.explain(placementKey: "home", now: 1_200)
        #expect(why.candidate("v9")?.reason.code == "needs_newer_engine", "\(why.json)")
        #expect(why.candidate("v9")?.reason["min_engine_version"] == .string("9.0.0"), "\(why.json)")
        #expect(why.candidate("ended")?.reason.code == "outside_window" && why.candidate("ended")?.reason["at_ms"] == .integer(100),
                "\(why.json)")
    }
}
