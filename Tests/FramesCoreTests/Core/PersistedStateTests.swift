import Testing
@testable import FramesCore

/// A module with a durable ledger: key → times, per user.
private final class LedgerModule: StatefulModule {
    let services: ModuleServices<LedgerModule>
    var ledgers: [String: [String: [Milliseconds]]] = [:]  // user ("" = none) → key → monotonic times

    init(_ core: EngineCore) {
        services = core.services()
        services.bind(self)
    }

    func note(_ key: String, now: Milliseconds) throws {
        try services.mutate(now: now) { (now) throws(FramesError) in
            ledgers[services.session.userId ?? "", default: [:]][key, default: []].append(now)
            services.stateChanged()
        }
    }

    var stateSectionNames: [String] { ["test.ledger"] }

    func exportState(_ clock: StateClock) -> [StateSection] {
        ledgers.keys.sorted().map { user in
            StateSection(name: "test.ledger", userId: user.isEmpty ? nil : user,
                         entries: (ledgers[user] ?? [:]).keys.sorted().map { key in
                             StateEntry(key: key, values: (ledgers[user]?[key] ?? []).map(clock.wall))
                         })
        }
    }

    func stageImport(_ sections: [StateSection], _ clock: StateClock) throws(FramesError) -> StagedState {
        var read: [String: [String: [Milliseconds]]] = [:]
        for section in sections {
            for entry in section.entries {
                guard !entry.values.isEmpty else { throw .invalidArgument("test.ledger: entry \(entry.key) has no times") }
                read[section.userId ?? "", default: [:]][entry.key] = entry.values.map(clock.monotonic)
            }
        }
        return StagedState { self.ledgers = read }
    }
}

/// A module that refuses every section it is given.
private final class RefusingModule: StatefulModule {
    var applied = 0
    let services: ModuleServices<RefusingModule>

    init(_ core: EngineCore) {
        services = core.services()
        services.bind(self)
    }

    var stateSectionNames: [String] { ["test.refusing"] }
    func exportState(_ clock: StateClock) -> [StateSection] { [] }
    func stageImport(_ sections: [StateSection], _ clock: StateClock) throws(FramesError) -> StagedState {
        guard sections.isEmpty else { throw .invalidArgument("test.refusing: refused") }
        return StagedState { self.applied += 1 }
    }
}

private final class StateHost: EngineHost {
    var changes = 0
    func record(_ record: AnalyticsRecord) {}
    func stateChanged() { changes += 1 }
}

@Suite("Persisted state: the blob the host stores (XC-10)")
struct PersistedStateTests {
    private func makeCore() throws -> (EngineCore, LedgerModule, StateHost) {
        let core = try EngineCore(options: CoreOptions())
        let host = StateHost()
        core.host = host
        return (core, LedgerModule(core), host)
    }

    @Test("XC-10 export then import into a new engine keeps every user's entries; times survive as wall-clock times")
    func roundTrip() throws {
        let (core, ledger, host) = try makeCore()
        try ledger.note("spring", now: 1_000)
        try core.setUser("ada", now: 2_000)
        try ledger.note("spring", now: 3_000)
        try ledger.note("summer", now: 3_500)
        #expect(host.changes == 3)  // one signal per call
        // Exported at monotonic 10,000 = wall 1,700,000,010,000.
        let blob = try core.exportState(now: 10_000, wallClock: 1_700_000_010_000)
        // A new process: its monotonic clock restarted; wall clock moved on 1 hour.
        let (restarted, again, _) = try makeCore()
        try restarted.importState(blob, now: 50, wallClock: 1_700_003_610_000)
        // 3,000 was 7,000 ms before the export; an hour later that is 3,607,000 ms before now (50).
        #expect(again.ledgers["ada"]?["spring"] == [50 - 3_607_000])
        #expect(again.ledgers[""]?["spring"] == [50 - 3_609_000])
        #expect(again.ledgers["ada"]?["summer"] == [50 - 3_606_500])
        // Exported again, the wall-clock times are the ones first written.
        let again2 = try restarted.exportState(now: 50, wallClock: 1_700_003_610_000)
        #expect(try StateBlob.decode(again2) == StateBlob.decode(blob))
    }

    @Test("XC-10 XC-07 a corrupted, truncated, foreign or newer blob is refused with a clear error and changes nothing")
    func refusals() throws {
        let (core, ledger, _) = try makeCore()
        try ledger.note("spring", now: 1)
        let good = try core.exportState(now: 1, wallClock: 1_000)
        var corrupted = good
        corrupted[corrupted.count - 1] ^= 0x40
        var newer = good
        newer[4] = 2
        var reserved = good
        reserved[6] = 0xFF
        reserved[7] = 0xFF
        let cases: [(String, [UInt8], FramesError.Code, String)] = [
            ("corrupted", corrupted, .invalidArgument, "checksum"),
            ("truncated", Array(good.dropLast(3)), .invalidArgument, "truncated"),
            ("empty", [], .invalidArgument, "shorter than"),
            ("foreign", Array("{\"not\":\"a blob\"}".utf8), .invalidArgument, "another kind"),
            ("newer", newer, .version, "newer"),
            ("reserved field set", reserved, .invalidArgument, "reserved"),
            ("padded", good + [0], .invalidArgument, "padded"),
        ]
        try ledger.note("summer", now: 2)
        let before = ledger.ledgers
        for (name, blob, code, words) in cases {
            do {
                try core.importState(blob, now: 3, wallClock: 2_000)
                Issue.record("\(name): accepted")
            } catch {
                #expect(error.code == code, "\(name)")
                #expect(error.message.contains(words) && error.message.contains("kept its state"), "\(name): \(error.message)")
            }
            #expect(ledger.ledgers == before, "\(name): the refused import changed the state")
        }
        // A section its module refuses is refused as a whole, and changes nothing either.
        let bad = StateBlob.encode([StateSection(name: "test.ledger", userId: nil, entries: [StateEntry(key: "k", values: [])])])
        #expect(throws: FramesError.self) { try core.importState(bad, now: 4, wallClock: 2_000) }
        #expect(ledger.ledgers == before)
        // And the engine stays usable: a good blob replaces the state.
        try core.importState(good, now: 5, wallClock: 2_000)
        // Noted at 1 when the wall clock read 1,000 (+999); now 5 is 2,000 (+1,995).
        #expect(ledger.ledgers == ["": ["spring": [1 + 999 - 1_995]]])
    }

    @Test("XC-10 a blob two modules read is applied to both or to neither")
    func allOrNothingAcrossModules() throws {
        let (core, first, _) = try makeCore()
        let second = RefusingModule(core)
        try first.note("spring", now: 1)
        let blob = StateBlob.encode([
            StateSection(name: "test.ledger", userId: nil, entries: [StateEntry(key: "other", values: [5])]),
            StateSection(name: "test.refusing", userId: nil, entries: [StateEntry(key: "x", values: [1])]),
        ])
        let error = thrownError { () throws(FramesError) in try core.importState(blob, now: 2, wallClock: 2) }
        #expect(error?.message.contains("test.refusing") == true)
        // The first module staged its sections, but nothing was applied.
        #expect(first.ledgers == ["": ["spring": [1]]])
        #expect(second.applied == 0)
    }

    @Test("XC-10 keys shared, added, dropped, reordered or near-equal across sections decode byte for byte")
    func sharedKeysAcrossSections() throws {
        // The decoder reuses a previous section's key when the bytes are
        // equal: every neighbour of that case must still decode exactly.
        let sections = [
            StateSection(name: "a", userId: "u1", entries: ["b", "campaign-0001", "caf\u{e9}", "long-campaign-id-over-16"]
                .map { StateEntry(key: $0, values: [1]) }),
            StateSection(name: "a", userId: "u2", entries: ["a", "b", "campaign-0002", "cafe\u{301}",
                                                             "long-campaign-id-over-16", "long-campaign-id-over-17"]
                .map { StateEntry(key: $0, values: [2, 3]) }),
            StateSection(name: "a", userId: "u3", entries: ["long-campaign-id-over-16", "b", "campaign-000", "campaign-0002x"]
                .map { StateEntry(key: $0, values: []) }),
            StateSection(name: "a", userId: nil, entries: []),
            StateSection(name: "a", userId: "u4", entries: [StateEntry(key: "b", values: [4])]),
        ]
        let decoded = try StateBlob.decode(StateBlob.encode(sections))
        #expect(decoded == sections)
        #expect(decoded.map { $0.entries.map { Array($0.key.utf8) } } == sections.map { $0.entries.map { Array($0.key.utf8) } })
    }

    @Test("XC-10 sections of modules this engine does not have are ignored")
    func unknownSections() throws {
        let (core, ledger, _) = try makeCore()
        let blob = StateBlob.encode([
            StateSection(name: "future.module", userId: "ada", entries: [StateEntry(key: "x", values: [1, 2])]),
            StateSection(name: "test.ledger", userId: nil, entries: [StateEntry(key: "k", values: [1_000])]),
        ])
        try core.importState(blob, now: 0, wallClock: 1_000)
        #expect(ledger.ledgers == ["": ["k": [0]]])
    }

    /// The refusal a damaged blob gets, from the first check it fails in
    /// the order StateBlob.decode checks; a header that passes them all
    /// leaves a damaged payload to the checksum, which catches any one
    /// changed byte (CRC-32 catches every burst of up to 32 bits).
    static func refusal(of blob: [UInt8]) -> (code: FramesError.Code, words: String) {
        guard blob.count >= StateBlob.headerSize else { return (.invalidArgument, "shorter than its 16-byte header (truncated") }
        guard Array(blob[0..<4]) == StateBlob.magic else { return (.invalidArgument, "another kind of data") }
        let version = UInt16(blob[4]) | UInt16(blob[5]) << 8
        if version > StateBlob.formatVersion { return (.version, "is newer than this engine's") }
        if version == 0 { return (.invalidArgument, "format version 0 does not exist") }
        if blob[6] != 0 || blob[7] != 0 { return (.invalidArgument, "reserved header field") }
        let length = Int(blob[8]) | Int(blob[9]) << 8 | Int(blob[10]) << 16 | Int(blob[11]) << 24
        if length != blob.count - StateBlob.headerSize { return (.invalidArgument, "(truncated or padded)") }
        return (.invalidArgument, "checksum mismatch")
    }

    @Test("XC-07 every truncation, byte change and noise after the magic of a valid blob is refused with the error of the check it fails, and the engine keeps its state")
    func fuzzish() throws {
        let (core, ledger, _) = try makeCore()
        for i in 0..<50 { try ledger.note("c\(i)", now: Int64(i)) }
        let good = try core.exportState(now: 100, wallClock: 5_000)
        let before = ledger.ledgers
        func expectRefused(_ blob: [UInt8], _ name: @autoclosure () -> String) {
            let (code, words) = Self.refusal(of: blob)
            guard let error = thrownError({ () throws(FramesError) in try core.importState(blob, now: 200, wallClock: 6_000) }) else {
                Issue.record("\(name()): accepted")
                return
            }
            #expect(error.code == code, "\(name()): \(error.message)")
            #expect(error.message.hasPrefix("state blob: ") && error.message.contains(words)
                    && error.message.hasSuffix("; nothing was imported: the engine kept its state"), "\(name()): \(error.message)")
            #expect(ledger.ledgers == before, "\(name()): the refused import changed the state")
        }
        for length in 0..<good.count {
            expectRefused(Array(good.prefix(length)), "truncated to \(length) bytes")
        }
        var random = SplitMix64(seed: 7)
        for _ in 0..<2_000 {
            var blob = good
            let position = Int(random.next() % UInt64(blob.count))
            // Never 0: the byte always changes.
            blob[position] ^= UInt8(truncatingIfNeeded: 1 + random.next() % 255)
            expectRefused(blob, "byte \(position) changed to \(blob[position])")
            let noise = (0..<Int(random.next() % 64)).map { _ in UInt8(truncatingIfNeeded: random.next()) }
            expectRefused(StateBlob.magic + noise, "\(noise.count) random bytes after the magic")
        }
        // Still usable: the good blob imports, and exports again as it was.
        try core.importState(good, now: 300, wallClock: 7_000)
        #expect(try StateBlob.decode(core.exportState(now: 300, wallClock: 7_000)) == StateBlob.decode(good))
    }
}
