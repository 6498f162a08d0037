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

    /// Bytes from hex (the fixtures below).
    static func bytes(_ hex: String) -> [UInt8] {
        var out: [UInt8] = []
        var index = hex.startIndex
        while index < hex.endIndex {
            let next = hex.index(index, offsetBy: 2)
            out.append(UInt8(hex[index..<next], radix: 16)!)
            index = next
        }
        return out
    }

    /// A format-1 blob written by hand: users out of order, nobody in the
    /// middle, campaigns and times out of order, a non-ASCII id and one
    /// over 16 bytes (wall clock 1,700,000,000,000 ± a few ms).
    static let handWritten = bytes(
        "4652535401000000b8000000149dca8f030b696e6c696e652e636170730103626f620206737072696e670390eeabfef962d0afabfef962"
        + "f0ceabfef96206617574756d6e01a0bfabfef9620b696e6c696e652e63617073000201620180a0abfef96201610280b0f8abf962fe9f"
        + "abfef9620b696e6c696e652e6361707301036164610305636166c3a9018ea0abfef96204636166650290a0abfef96292a0abfef9621e"
        + "6c6f6e672d63616d706169676e2d69642d6f7665722d31362d62797465730194a0abfef962")

    /// What libframes 1.1.0 exported after importing `handWritten` at
    /// (now 1,000, wall 1,700,000,001,000), at (now 2,000, wall
    /// 1,700,000,002,000): nobody first, users, campaigns and times each in
    /// the order of their bytes.
    static let exportedBy110 = bytes(
        "4652535401000000b80000003ad85d54030b696e6c696e652e63617073000201610280b0f8abf962fe9fabfef96201620180a0abfef962"
        + "0b696e6c696e652e6361707301036164610304636166650290a0abfef96292a0abfef96205636166c3a9018ea0abfef9621e6c6f6e672d"
        + "63616d706169676e2d69642d6f7665722d31362d62797465730194a0abfef9620b696e6c696e652e636170730103626f62020661757475"
        + "6d6e01a0bfabfef96206737072696e6703d0afabfef962f0ceabfef96290eeabfef962")

    @Test("XC-10 IL-05 blobs the previous release wrote import, and export again as it exported them, byte for byte")
    func previousReleaseBlobs() throws {
        let engine = try makeInlineEngine(InlineRecorder())
        try engine.importState(Self.handWritten, now: 1_000, wallClock: 1_700_000_001_000)
        #expect(engine.inline.cappingLedgerCount == 7)
        #expect(try engine.exportState(now: 2_000, wallClock: 1_700_000_002_000) == Self.exportedBy110)
        let again = try makeInlineEngine(InlineRecorder())
        try again.importState(Self.exportedBy110, now: 5, wallClock: 1_700_000_000_005)
        #expect(try again.exportState(now: 6, wallClock: 1_700_000_000_006) == Self.exportedBy110)
        // Another clock offset moves every time by the difference.
        let shifted = try StateBlob.decode(again.exportState(now: 6, wallClock: 1_700_000_000_106))
        let original = try StateBlob.decode(Self.exportedBy110)
        #expect(shifted.map { $0.entries.map { $0.values.map { $0 - 100 } } } == original.map { $0.entries.map(\.values) })
    }

    @Test("XC-10 IL-05 a user with two sections, in order or not, or a campaign twice in one, refuses the blob; sections in any order import")
    func repeatedUsersAndCampaigns() throws {
        let engine = try makeInlineEngine(InlineRecorder())
        func section(_ user: String?, _ campaigns: [String]) -> StateSection {
            StateSection(name: "inline.caps", userId: user, entries: campaigns.map { StateEntry(key: $0, values: [1]) })
        }
        let cases: [([StateSection], String)] = [
            ([section(nil, ["a"]), section("ada", ["a"]), section("ada", ["b"])], "two sections for user \"ada\""),
            ([section("bob", ["a"]), section("ada", ["a"]), section("bob", ["b"])], "two sections for user \"bob\""),
            ([section("ada", ["a"]), section(nil, ["a"]), section(nil, ["b"])], "two sections for nobody logged in"),
            ([section("ada", ["b", "a", "b"])], "repeats a campaign of user \"ada\""),
            ([section(nil, ["a", "caf\u{e9}", "a"])], "repeats a campaign of nobody logged in"),
        ]
        for (sections, words) in cases {
            let error = inlineError { try engine.importState(StateBlob.encode(sections), now: 0, wallClock: 0) }
            #expect(error?.message.contains(words) == true, "\(words): \(error?.message ?? "accepted")")
            #expect(engine.inline.cappingLedgerCount == 0)
        }
        // Out of order but distinct (and ids equal only canonically): accepted, exported in order.
        try engine.importState(StateBlob.encode([section("bob", ["b", "a"]), section(nil, ["cafe\u{301}", "caf\u{e9}"]),
                                                 section("ada", ["a"])]), now: 0, wallClock: 0)
        #expect(engine.inline.cappingLedgerCount == 5)
        let exported = try StateBlob.decode(engine.exportState(now: 0, wallClock: 0))
        #expect(exported == [section(nil, ["cafe\u{301}", "caf\u{e9}"]), section("ada", ["a"]), section("bob", ["a", "b"])])
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
