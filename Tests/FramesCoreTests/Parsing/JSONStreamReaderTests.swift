import Testing
@testable import FramesCore

/// The streaming reader that reads notifications (IM-01) must accept exactly
/// what `JSONParser` accepts (docs/wire-format.md §1) and never trap (XC-07).
@Suite("JSONStreamReader agrees with JSONParser (IM-01, XC-07)")
struct JSONStreamReaderTests {
    /// Reads a whole document, checking it, and throws what the reader throws.
    static func check(_ bytes: [UInt8], _ limits: PayloadLimits) throws(FramesError) {
        var reader = JSONStreamReader(bytes, limits: limits)
        try reader.beginDocument()
        try reader.skipValue()
        try reader.endDocument()
    }

    static func agree(_ bytes: [UInt8], _ limits: PayloadLimits) -> (parser: Bool, reader: Bool) {
        let parser = thrownError { () throws(FramesError) in try JSONParser(limits: limits).parse(bytes) } == nil
        let reader = thrownError { () throws(FramesError) in try check(bytes, limits) } == nil
        return (parser, reader)
    }

    static let cases: [String] = [
        "{}", "[]", "0", "-0", "1.5e3", "\"x\"", "true", "null", " {\"a\" : [1, {\"b\": null}] } ",
        "", "   ", "{", "}", "[1,]", "{\"a\":1,}", "{\"a\" 1}", "{1:2}", "01", "+1", ".5", "1.", "1e", "1e+",
        "NaN", "-Infinity", "1e309", "1e-400", "tru", "nul", "\"\\x\"", "\"\\u12\"", "\"\\ud800\"", "\"\\udc00\"",
        "\"\\ud800\\u0041\"", "\"\\ud83d\\ude00\"", "\"a\u{1}b\"", "{\"a\":1,\"a\":2}", "{\"a\":1,\"\\u0061\":2}",
        "{\"é\":1,\"e\u{301}\":2}", "[1] x", "\u{FEFF}{}", "[[[[]]]]", "[[[[[]]]]]", "\"\\/\\b\\f\\n\\r\\t\"",
        "{\"k\":\"" + String(repeating: "s", count: 64) + "\"}", "{\"k\":\"" + String(repeating: "s", count: 65) + "\"}",
        "[1,2,3,4,5,6,7,8]", "[1,2,3,4,5,6,7,8,9]", "{\"\\u00e9\":\"\\u00e9\"}", "9223372036854775807",
        "9223372036854775808", "-9223372036854775809", "12345678901234567890.5",
    ]

    @Test("XC-07: accepts exactly what JSONParser accepts, case by case")
    func cases() {
        let small = PayloadLimits(maxBytes: 4_096, maxDepth: 4, maxStringBytes: 64, maxElements: 8)
        for text in Self.cases {
            for limits in [PayloadLimits.notification, small] {
                let (parser, reader) = Self.agree(Array(text.utf8), limits)
                #expect(parser == reader, "\(text.debugDescription): parser \(parser), reader \(reader)")
            }
        }
        let bad: [[UInt8]] = [[0x22, 0xC0, 0xAF, 0x22], [0x22, 0xED, 0xA0, 0x80, 0x22], [0x22, 0xFF, 0x22],
                              [0x22, 0xF4, 0x90, 0x80, 0x80, 0x22], [0x22, 0xE2, 0x82, 0x22]]
        for bytes in bad {
            #expect(Self.agree(bytes, .notification) == (false, false), "\(bytes)")
        }
    }

    @Test("XC-07, IM-01: 20,000 random mutations of the message fixtures: the same verdicts, check agrees with read, no trap")
    func mutations() {
        var rng = SplitMix64(seed: 0x4D45_5353_4147_45)
        let small = PayloadLimits(maxBytes: 4_096, maxDepth: 5, maxStringBytes: 48, maxElements: 6)
        let fixtures = ["messages/spring_sale.json", "messages/fcm_string_value.json", "messages/content_ref.json",
                        "messages/message_content.json", "placements/example.json"]
        var disagreements = 0
        var checkDisagreements = 0
        var messages = 0
        var verdicts = [0, 0]
        for name in fixtures {
            let original = WireFixtures.bytes(name)
            #expect(!original.isEmpty, "fixture \(name) missing")
            for _ in 0..<2_000 {
                let input = PayloadFuzzTests.mutate(original, &rng)
                for limits in [PayloadLimits.notification, small] {
                    let (parser, reader) = Self.agree(input, limits)
                    if parser != reader { disagreements += 1 }
                    verdicts[parser ? 0 : 1] += 1
                    // The message reader returns or refuses, never traps; and
                    // the check the notifying thread makes agrees with it, word
                    // for word (IM-01).
                    let read = ModalMessage.read(input)
                    let check = ModalMessage.check(input)
                    switch read {
                    case .success: if check != nil { checkDisagreements += 1 }
                    case .failure(let refusal): if check != refusal { checkDisagreements += 1 }
                    }
                    if case .success = read { messages += 1 }
                    _ = try? MessageContent.decode(input)
                }
            }
        }
        #expect(disagreements == 0)
        #expect(checkDisagreements == 0)
        #expect(messages > 100)
        #expect(verdicts[0] > 100 && verdicts[1] > 100)
    }

    @Test("XC-07: a repeated key among many members is found wherever it is, escaped or not, as JSONParser finds it")
    func manyMembers() {
        let keys = (0..<60).map { "\"k\($0)\":\($0)" }
        let distinct = "{" + keys.joined(separator: ",") + "}"
        #expect(Self.agree(Array(distinct.utf8), .notification) == (true, true))
        for repeated in ["\"k0\":1", "\"k59\":1", "\"\\u006b17\":1", "\"k3\\u0030\":1"] {
            for position in [5, 20, 61] {
                var members = keys
                members.insert(repeated, at: min(position, members.count))
                let text = "{" + members.joined(separator: ",") + "}"
                #expect(Self.agree(Array(text.utf8), .notification) == (false, false), "\(text)")
            }
        }
        // Keys whose bytes differ are never taken for one another.
        let close = "{" + (0..<40).map { "\"caf\\u00e9\($0)\":0,\"cafe\\u0301\($0)\":0" }.joined(separator: ",") + "}"
        #expect(Self.agree(Array(close.utf8), .notification) == (true, true))
    }

    @Test("IM-01: a message is the same read by the reader as by JSONParser's tree")
    func sameMessage() throws {
        let push = WireFixtures.bytes("messages/spring_sale.json")
        let tree = try JSONParser(limits: .notification).parse(push)
        let message = try ModalMessage.read(push).get()
        let object = try #require(tree.objectValue?["frames_message"]?.objectValue)
        #expect(message.id == object["id"]?.stringValue)
        #expect(message.sentAt == object["sent_at"]?.int64Value)
        guard case .inline(let content) = message.source else {
            Issue.record("inline content expected")
            return
        }
        let buttons = try #require(object["content"]?.objectValue?["buttons"]?.arrayValue)
        #expect(content.buttons.map(\.url) == buttons.map { $0.objectValue?["url"]?.stringValue })
        #expect(content.buttons.map(\.label.text) == buttons.map { $0.objectValue?["label"]?.objectValue?["text"]?.stringValue })
    }

    @Test("XC-09: a newer engine version wins over whatever else the message holds")
    func versionFirst() {
        let payload = notification(#"{"min_engine_version":"9.0.0","id":"m","sent_at":1,"content":{"title":7}}"#)
        if case .failure(let refusal) = ModalMessage.read(payload) {
            #expect(refusal.result == .needsNewerEngine)
        } else {
            Issue.record("accepted")
        }
        let later = notification(#"{"content":{"title":7},"id":"m","sent_at":1,"min_engine_version":"9.0.0"}"#)
        if case .failure(let refusal) = ModalMessage.read(later) {
            #expect(refusal.result == .needsNewerEngine)
        } else {
            Issue.record("accepted")
        }
    }
}
