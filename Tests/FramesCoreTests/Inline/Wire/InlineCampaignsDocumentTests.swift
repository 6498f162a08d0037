import Testing
@testable import FramesCore

/// The inline campaigns document (docs/wire-format.md §7): fields, whole-
/// document rejection, and every limit at cap - 1, cap and cap + 1.
@Suite("Inline campaigns document (IL-01, IL-04, IL-05, XC-09)")
struct InlineCampaignsDocumentTests {
    static let sha = String(repeating: "ab", count: 32)

    /// A document of `campaigns` (JSON objects without their content).
    func document(_ campaigns: [String], serverTime: String = "1700000000000") -> [UInt8] {
        let items = campaigns.map { "{" + $0 + ",\"content\":{\"url\":\"https://cdn.test/c.json\",\"sha256\":\"\(Self.sha)\"}}" }
        return Array("{\"server_time\":\(serverTime),\"campaigns\":[\(items.joined(separator: ","))]}".utf8)
    }

    func campaign(id: String = "c", key: String = "home", trigger: String = "\"automatic\"", extra: String = "") -> String {
        "\"id\":\(JSONText.quoted(id)),\"placement_key\":\(JSONText.quoted(key)),\"trigger\":\(trigger),\"priority\":1" + extra
    }

    func decodes(_ bytes: [UInt8]) -> Bool { (try? InlineCampaignsDocument.decode(bytes)) != nil }

    func message(_ bytes: [UInt8]) -> String { inlineError { _ = try InlineCampaignsDocument.decode(bytes) }?.message ?? "" }

    @Test("IL-01 IL-04 IL-05 the example fixture decodes: triggers, event, priorities, capping, window, unknown fields ignored")
    func example() throws {
        let doc = try InlineCampaignsDocument.decode(WireFixtures.bytes("inline/campaigns.json"))
        #expect(doc.serverTime == 1_714_600_000_000)
        #expect(doc.campaigns.map(\.id) == ["spring_hero", "cart_reminder", "help_tile"])
        #expect(doc.campaigns.map(\.trigger) == [.automatic, .event, .onDemand])
        #expect(doc.campaigns[1].eventName == "cart_abandoned")
        #expect(doc.campaigns.map(\.priority) == [10, 1, 50])
        #expect(doc.campaigns[0].capping == InlineCapping(maxDisplays: 3, periodMs: 86_400_000))
        #expect(doc.campaigns[1].capping == InlineCapping(maxDisplays: 1, periodMs: nil))
        #expect(doc.campaigns[0].startsAt == 1_714_550_400_000 && doc.campaigns[0].endsAt == 1_717_228_800_000)
        #expect(doc.campaigns[2].minEngineVersion == SemanticVersion("0.2.0"))
        // The fixture's checksums are those of the content fixtures (AF-14 rules).
        #expect(doc.campaigns[0].content.sha256 == SHA256.hash(WireFixtures.bytes("inline/hero_spring.json")).hex)
        #expect(doc.campaigns[1].content.sha256 == SHA256.hash(WireFixtures.bytes("inline/cart_reminder.json")).hex)
        #expect(!doc.sdkDisabled)
    }

    @Test("XC-04 sdk_disabled alone is a document; an event campaign without its event rejects the whole document")
    func disabledAndBroken() {
        #expect((try? InlineCampaignsDocument.decode(WireFixtures.bytes("inline/sdk_disabled.json")))?.sdkDisabled == true)
        let text = message(WireFixtures.bytes("inline/broken_event_missing.json"))
        #expect(text.contains("campaigns[0]") && text.contains("\"event\""), "\(text)")
    }

    @Test("IL-04 a bad campaign rejects the whole document, with the campaign and field named")
    func wholeDocumentRejected() {
        let good = campaign(id: "a")
        let cases: [(String, String)] = [
            (campaign(id: "b", trigger: "\"sometimes\""), "trigger"),
            (campaign(id: "b", extra: ",\"event\":\"x\""), "event"),
            (campaign(id: "b", trigger: "\"event\"", extra: ",\"event\":\"\""), "event"),
            (campaign(id: "a"), "repeats the id"),
            ("\"id\":\"b\",\"placement_key\":\"home\",\"trigger\":\"automatic\",\"priority\":-1", "priority"),
            ("\"id\":\"b\",\"placement_key\":\"home\",\"trigger\":\"automatic\",\"priority\":1.5", "priority"),
            ("\"id\":\"b\",\"placement_key\":\"home\",\"trigger\":\"automatic\",\"priority\":\"1\"", "priority"),
            (campaign(id: "b", extra: ",\"capping\":{\"max_displays\":0}"), "max_displays"),
            (campaign(id: "b", extra: ",\"capping\":{\"max_displays\":1,\"period_ms\":0}"), "period_ms"),
            (campaign(id: "b", extra: ",\"capping\":3"), "capping"),
            (campaign(id: "b", extra: ",\"starts_at\":5,\"ends_at\":5"), "ends_at"),
            (campaign(id: "b", extra: ",\"starts_at\":-5"), "starts_at"),
            (campaign(id: "b", extra: ",\"min_engine_version\":\"1.0\""), "min_engine_version"),
            ("\"id\":\"b\",\"trigger\":\"automatic\",\"priority\":1", "placement_key"),
        ]
        for (bad, field) in cases {
            let text = message(document([good, bad]))
            #expect(text.hasPrefix("inline campaigns: campaigns[1]"), "\(bad) -> \(text)")
            #expect(text.contains(field), "\(bad) -> \(text)")
        }
    }

    @Test("IL-05 a window needs server_time; without a window server_time may be absent")
    func windowNeedsServerTime() {
        let windowed = Array("{\"campaigns\":[{\"id\":\"a\",\"placement_key\":\"k\",\"trigger\":\"automatic\",\"priority\":1,\"ends_at\":9,\"content\":{\"url\":\"https://x.test/a\",\"sha256\":\"\(Self.sha)\"}}]}".utf8)
        #expect(message(windowed).contains("server_time"))
        let plain = Array("{\"campaigns\":[{\"id\":\"a\",\"placement_key\":\"k\",\"trigger\":\"automatic\",\"priority\":1,\"content\":{\"url\":\"https://x.test/a\",\"sha256\":\"\(Self.sha)\"}}]}".utf8)
        #expect(decodes(plain))
    }

    @Test("IL-04 limits at cap - 1, cap, cap + 1: campaigns, id / key / event bytes, priority")
    func limits() {
        let cap = InlineCampaignsDocument.maxCampaigns
        for (n, ok) in [(cap - 1, true), (cap, true), (cap + 1, false)] {
            let doc = document((0..<n).map { campaign(id: "c\($0)") })
            #expect(decodes(doc) == ok, "\(n) campaigns")
            if !ok { #expect(message(doc).contains("\(cap + 1) campaigns exceed the limit of \(cap)")) }
        }
        let idCap = InlineCampaignsDocument.maxIDBytes
        for (n, ok) in [(idCap - 1, true), (idCap, true), (idCap + 1, false)] {
            let name = String(repeating: "x", count: n)
            #expect(decodes(document([campaign(id: name)])) == ok, "id of \(n) bytes")
            #expect(decodes(document([campaign(key: name)])) == ok, "placement key of \(n) bytes")
            #expect(decodes(document([campaign(trigger: "\"event\"", extra: ",\"event\":\"\(name)\"")])) == ok, "event of \(n) bytes")
        }
        let pCap = InlineCampaignsDocument.maxPriority
        for (p, ok) in [(pCap - 1, true), (pCap, true), (pCap + 1, false)] {
            let doc = document(["\"id\":\"a\",\"placement_key\":\"k\",\"trigger\":\"automatic\",\"priority\":\(p)"])
            #expect(decodes(doc) == ok, "priority \(p)")
        }
    }

    @Test("IL-05 limits at cap - 1, cap, cap + 1: max_displays, period_ms; the document's bytes")
    func cappingLimits() {
        let dCap = InlineCampaignsDocument.maxDisplays
        for (d, ok) in [(dCap - 1, true), (dCap, true), (dCap + 1, false)] {
            #expect(decodes(document([campaign(extra: ",\"capping\":{\"max_displays\":\(d)}")])) == ok, "max_displays \(d)")
        }
        let pCap = InlineCampaignsDocument.maxPeriodMs
        for (p, ok) in [(pCap - 1, true), (pCap, true), (pCap + 1, false)] {
            #expect(decodes(document([campaign(extra: ",\"capping\":{\"max_displays\":1,\"period_ms\":\(p)}")])) == ok,
                    "period_ms \(p)")
        }
        let byteCap = PayloadLimits.inlineCampaigns.maxBytes
        let base = document([campaign()])
        for (n, ok) in [(byteCap - 1, true), (byteCap, true), (byteCap + 1, false)] {
            // Pad with whitespace after the document to exactly n bytes.
            let padded = base + Array(repeating: UInt8(ascii: " "), count: n - base.count)
            #expect(padded.count == n)
            #expect(decodes(padded) == ok, "\(n) bytes")
        }
    }

    @Test("XC-07 every truncation of the fixture is refused, naming where the input ran out; only the whole document less its trailing whitespace decodes")
    func truncations() throws {
        let fixture = WireFixtures.bytes("inline/campaigns.json")
        let whole = try InlineCampaignsDocument.decode(fixture)
        let isSpace = { (b: UInt8) in b == 0x20 || b == 0x09 || b == 0x0A || b == 0x0D }
        // Past the closing brace only whitespace is cut: still the whole document.
        let complete = (fixture.lastIndex { !isSpace($0) } ?? -1) + 1
        #expect(complete > 0 && complete < fixture.count, "the fixture ends in a newline, so one prefix is complete")
        let isLetter = { (b: UInt8) in b >= UInt8(ascii: "a") && b <= UInt8(ascii: "z") }
        for cut in 0..<fixture.count {
            let prefix = Array(fixture[..<cut])
            if cut >= complete {
                #expect(try InlineCampaignsDocument.decode(prefix) == whole, "cut at \(cut)")
                continue
            }
            guard let error = thrownError({ () throws(FramesError) in try InlineCampaignsDocument.decode(prefix) }) else {
                Issue.record("cut at \(cut): a truncated document was accepted")
                continue
            }
            #expect(error.code == .invalidArgument, "cut at \(cut): \(error.message)")
            // A literal cut in two is reported where it starts; anything
            // else where the bytes ran out.
            var start = cut
            while start > 0, isLetter(fixture[start - 1]) { start -= 1 }
            let literal = ["true", "false", "null"].first { word in
                start < cut && cut - start < word.utf8.count && fixture[start...].starts(with: word.utf8)
                    && fixture[start - 1] != UInt8(ascii: "\"")
            }
            let head = "inline campaigns: JSON: "
            let message = error.message
            if prefix.allSatisfy(isSpace) {
                #expect(message == head + "empty document (no value)", "cut at \(cut)")
            } else if let literal {
                #expect(message == head + "invalid literal, expected '\(literal)' at byte offset \(start)", "cut at \(cut)")
            } else {
                let ranOut = ["unexpected end of input, expected a value", "expected ':' after object key",
                              "unterminated string (starts at ", "unterminated object (starts at ",
                              "unterminated array (starts at "]
                #expect(message.hasPrefix(head) && message.hasSuffix(" at byte offset \(cut)")
                        && ranOut.contains { message.dropFirst(head.count).hasPrefix($0) },
                        "cut at \(cut): \(message)")
            }
        }
    }

    @Test("XC-07 decoding never traps: every byte flip of the fixture returns or throws")
    func robustness() {
        let fixture = WireFixtures.bytes("inline/campaigns.json")
        for i in stride(from: 0, to: fixture.count, by: 5) {
            var mutated = fixture
            mutated[i] ^= 0xA5
            _ = try? InlineCampaignsDocument.decode(mutated)
        }
    }
}
