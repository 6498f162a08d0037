import Testing
@testable import FramesCore

private let small = PayloadLimits(maxBytes: 1_000, maxDepth: 4, maxStringBytes: 8, maxElements: 3)

private func parse(_ text: String, _ limits: PayloadLimits = .placements) throws(FramesError) -> JSONValue {
    try JSONParser(limits: limits).parse(text)
}

private func parseBytes(_ bytes: [UInt8], _ limits: PayloadLimits = .placements) throws(FramesError) -> JSONValue {
    try JSONParser(limits: limits).parse(bytes)
}

/// Expects a rejection whose message contains every fragment.
private func expectRejected(_ bytes: [UInt8], _ limits: PayloadLimits = .placements, _ fragments: [String],
                            sourceLocation: SourceLocation = #_sourceLocation) {
    guard let error = thrownError({ () throws(FramesError) in try parseBytes(bytes, limits) }) else {
        Issue.record("accepted \(bytes)", sourceLocation: sourceLocation)
        return
    }
    #expect(error.code == .invalidArgument, sourceLocation: sourceLocation)
    for fragment in fragments {
        #expect(error.message.contains(fragment), "\(error.message) lacks \(fragment)", sourceLocation: sourceLocation)
    }
}

private func expectRejected(_ text: String, _ limits: PayloadLimits = .placements, _ fragments: [String] = [],
                            sourceLocation: SourceLocation = #_sourceLocation) {
    expectRejected(Array(text.utf8), limits, fragments, sourceLocation: sourceLocation)
}

@Suite("JSON parser: strict RFC 8259 with explicit limits (XC-07)")
struct JSONParserTests {
    @Test("XC-07 parses every value kind, keeps object order and exact Int64 integers")
    func values() throws {
        let v = try parse(#" { "b": [1, -0, 2.5, -1e3, 9223372036854775807, 9223372036854775808, true, false, null], "a": "x\u00e9\ud83d\ude00\n\"/" } "#)
        guard let o = v.objectValue else { Issue.record("not an object"); return }
        #expect(o.keys == ["b", "a"])
        #expect(o["b"] == .array([.integer(1), .integer(0), .number(2.5), .number(-1000), .integer(.max),
                                   .number(9_223_372_036_854_775_808), .bool(true), .bool(false), .null]))
        #expect(o["a"] == .string("xé😀\n\"/"))
        #expect(JSONValue.number(-1000).int64Value == -1000)
        #expect(JSONValue.number(9_223_372_036_854_775_808).int64Value == nil)
        #expect(try parse("[]") == .array([]))
        #expect(try parse("{}") == .object(JSONObject()))
        #expect(try parse("\"\"") == .string(""))
        #expect(try parse("0") == .integer(0))
        #expect(try parse("1E-400") == .number(0))  // underflow rounds to 0; only overflow is rejected
    }

    @Test("XC-07 parses from a Span as from an array")
    func span() throws {
        let bytes = Array(#"{"k":[1,2]}"#.utf8)
        let fromSpan = try JSONParser(limits: .placements).parse(bytes.span)
        #expect(fromSpan == (try parseBytes(bytes)))
    }

    @Test("XC-07 rejects empty input and whitespace only")
    func empty() {
        expectRejected("", .placements, ["empty"])
        expectRejected(" \n\t ", .placements, ["empty"])
    }

    @Test("XC-07 rejects trailing garbage with its offset")
    func trailing() {
        expectRejected("{} x", .placements, ["trailing", "offset 3"])
        expectRejected("1 2", .placements, ["trailing", "offset 2"])
        expectRejected("[1]]", .placements, ["trailing", "offset 3"])
    }

    @Test("XC-07 rejects leading zeros and bad number syntax")
    func numbers() {
        expectRejected("01", .placements, ["leading zero", "offset 0"])
        expectRejected("[-012]", .placements, ["leading zero", "offset 1"])
        expectRejected("1.", .placements, ["after '.'"])
        expectRejected(".5")
        expectRejected("+1")
        expectRejected("1e", .placements, ["exponent"])
        expectRejected("-", .placements, ["digit"])
        expectRejected("0x10")
    }

    @Test("XC-07 rejects NaN and Infinity literals")
    func nanInfinity() {
        expectRejected("NaN", .placements, ["NaN and Infinity"])
        expectRejected("[Infinity]", .placements, ["NaN and Infinity", "offset 1"])
        expectRejected("-Infinity", .placements, ["NaN and Infinity"])
    }

    @Test("XC-07 rejects numbers that overflow a Double")
    func overflow() {
        expectRejected("1e309", .placements, ["overflows"])
        expectRejected("-1e400", .placements, ["overflows"])
        expectRejected("[" + String(repeating: "9", count: 400) + "]", .placements, ["overflows", "offset 1"])
        expectRejected(String(repeating: "1", count: 513), .placements, ["number of 513 bytes", "limit of 512"])
    }

    @Test("XC-07 rejects control characters in strings")
    func controlCharacters() {
        expectRejected("\"a\u{0}b\"", .placements, ["control character 0x00", "offset 2"])
        expectRejected("\"a\nb\"", .placements, ["control character 0x0a"])
        expectRejected("\"\u{1F}\"", .placements, ["control character 0x1f"])
        #expect((try? parse(#""a\u0000b""#)) == .string("a\u{0}b"))  // escaped is fine
    }

    @Test("XC-07 rejects invalid UTF-8: overlong, surrogate, > U+10FFFF, truncated, stray continuation")
    func invalidUTF8() {
        let q = UInt8(ascii: "\"")
        for bad: [UInt8] in [[0xC0, 0xAF], [0xE0, 0x80, 0xAF], [0xED, 0xA0, 0x80], [0xF4, 0x90, 0x80, 0x80],
                             [0xF5, 0x80, 0x80, 0x80], [0xE2, 0x82], [0x80], [0xFF]] {
            expectRejected([q, UInt8(ascii: "a")] + bad + [q], .placements, ["invalid UTF-8", "offset 2"])
        }
        expectRejected([0xFF], .placements, ["unexpected byte 0xff"])
        expectRejected([0xEF, 0xBB, 0xBF] + Array("{}".utf8), .placements, ["byte-order mark"])
        #expect((try? parseBytes([q, 0xF0, 0x9F, 0x98, 0x80, q])) == .string("😀"))
    }

    @Test("XC-07 rejects lone surrogates in \\u escapes")
    func loneSurrogates() {
        expectRejected(#""\ud83d""#, .placements, ["lone high surrogate", "offset 1"])
        expectRejected(#""\ud83dx""#, .placements, ["lone high surrogate"])
        expectRejected(#""\ude00""#, .placements, ["lone low surrogate"])
        expectRejected(#""\ud83d\u0041""#, .placements, ["not followed by a low surrogate"])
        expectRejected(#""\u12""#, .placements, ["hex digit"])
        expectRejected(#""\x""#, .placements, ["invalid escape"])
    }

    @Test("XC-07 rejects structural errors and duplicate keys")
    func structure() {
        expectRejected("[1,]", .placements, ["expected a value"])
        expectRejected("[1 2]", .placements, ["expected ',' or ']'"])
        expectRejected("{\"a\" 1}", .placements, ["expected ':'"])
        expectRejected("{\"a\":1,}", .placements, ["string key"])
        expectRejected("{1:2}", .placements, ["string key"])
        expectRejected("{\"a\":1", .placements, ["unterminated object"])
        expectRejected("[", .placements, ["expected a value"])
        expectRejected("\"abc", .placements, ["unterminated string"])
        expectRejected("tru", .placements, ["expected 'true'"])
        expectRejected("nul", .placements, ["expected 'null'"])
        expectRejected("{\"a\":1,\"a\":2}", .placements, ["duplicate object key \"a\"", "offset 7"])
    }

    // MARK: - Limits at cap − 1, cap and cap + 1

    @Test("XC-07 limit: document bytes at cap-1, cap, cap+1")
    func byteLimit() {
        let limits = PayloadLimits(maxBytes: 10, maxDepth: 32, maxStringBytes: 100, maxElements: 100)
        for (length, ok) in [(9, true), (10, true), (11, false)] {
            let text = "\"" + String(repeating: "a", count: length - 2) + "\""
            let error = thrownError { () throws(FramesError) in try parse(text, limits) }
            #expect((error == nil) == ok, "length \(length)")
            if let error { #expect(error.message.contains("document of 11 bytes exceeds the limit of 10 bytes")) }
        }
    }

    @Test("XC-07 limit: nesting depth at cap-1, cap, cap+1")
    func depthLimit() {
        for (depth, ok) in [(3, true), (4, true), (5, false)] {
            let text = String(repeating: "[", count: depth) + String(repeating: "]", count: depth)
            let error = thrownError { () throws(FramesError) in try parse(text, small) }
            #expect((error == nil) == ok, "depth \(depth)")
            if let error { #expect(error.message.contains("nesting depth 5 exceeds the limit of 4")) }
            let objects = String(repeating: "{\"k\":", count: depth) + "0" + String(repeating: "}", count: depth)
            #expect((thrownError { () throws(FramesError) in try parse(objects, small) } == nil) == ok)
        }
    }

    @Test("XC-07 limit: default depth 32 is enforced and deep input never overflows the stack")
    func defaultDepth() {
        let ok = String(repeating: "[", count: 32) + String(repeating: "]", count: 32)
        #expect((try? parse(ok)) != nil)
        expectRejected(String(repeating: "[", count: 33) + String(repeating: "]", count: 33), .placements,
                       ["nesting depth 33", "limit of 32", "offset 32"])
        expectRejected(String(repeating: "[", count: 500_000), .placements, ["nesting depth 33"])
        let huge = PayloadLimits(maxBytes: 10_000_000, maxDepth: 1_000_000, maxStringBytes: 1, maxElements: 1)
        #expect(huge.maxDepth == PayloadLimits.depthCeiling)
        expectRejected(String(repeating: "[", count: 100_000), huge, ["limit of 256"])
    }

    @Test("XC-07 limit: string bytes at cap-1, cap, cap+1 (decoded UTF-8, escapes included)")
    func stringLimit() {
        for (length, ok) in [(7, true), (8, true), (9, false)] {
            let text = "[\"" + String(repeating: "é", count: length / 2) + String(repeating: "a", count: length % 2) + "\"]"
            let error = thrownError { () throws(FramesError) in try parse(text, small) }
            #expect((error == nil) == ok, "length \(length)")
            if let error { #expect(error.message.contains("string of 9 bytes exceeds the limit of 8 bytes at byte offset 1")) }
            let escaped = "\"" + String(repeating: "\\n", count: length) + "\""
            #expect((thrownError { () throws(FramesError) in try parse(escaped, small) } == nil) == ok)
        }
        expectRejected("{\"" + String(repeating: "k", count: 9) + "\":1}", small, ["string of 9 bytes"])
    }

    @Test("XC-07 limit: array elements and object members at cap-1, cap, cap+1")
    func elementLimit() {
        for (count, ok) in [(2, true), (3, true), (4, false)] {
            let array = "[" + (0..<count).map(String.init).joined(separator: ",") + "]"
            let error = thrownError { () throws(FramesError) in try parse(array, small) }
            #expect((error == nil) == ok, "count \(count)")
            if let error { #expect(error.message.contains("more than the limit of 3 elements")) }
            let object = "{" + (0..<count).map { "\"k\($0)\":0" }.joined(separator: ",") + "}"
            let objectError = thrownError { () throws(FramesError) in try parse(object, small) }
            #expect((objectError == nil) == ok)
            if let objectError { #expect(objectError.message.contains("more than the limit of 3 members")) }
        }
    }

    @Test("XC-07 limit: the default 10,000 elements at cap and cap+1")
    func defaultElements() {
        let cap = "[" + Array(repeating: "0", count: 10_000).joined(separator: ",") + "]"
        #expect((try? parse(cap)) != nil)
        let over = "[" + Array(repeating: "0", count: 10_001).joined(separator: ",") + "]"
        expectRejected(over, .placements, ["limit of 10000"])
    }

    @Test("XC-07 default limit profiles are the documented ones")
    func defaults() {
        #expect(PayloadLimits.placements == PayloadLimits(maxBytes: 1_048_576, maxDepth: 32, maxStringBytes: 65_536, maxElements: 10_000))
        #expect(PayloadLimits.contentDocument == PayloadLimits(maxBytes: 524_288, maxDepth: 32, maxStringBytes: 262_144, maxElements: 10_000))
        #expect(PayloadLimits.hostConfiguration == PayloadLimits(maxBytes: 1_048_576, maxDepth: 32, maxStringBytes: 65_536, maxElements: 10_000))
        #expect(PayloadLimits(maxBytes: -1, maxDepth: -1, maxStringBytes: -1, maxElements: -1)
            == PayloadLimits(maxBytes: 0, maxDepth: 0, maxStringBytes: 0, maxElements: 0))
    }
}
