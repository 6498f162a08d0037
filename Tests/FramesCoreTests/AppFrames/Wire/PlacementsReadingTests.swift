import Testing
@testable import FramesCore

/// The one-pass reading of a placements response (Placements+Reading.swift)
/// is only a faster road to the tree's answer: whatever it returns, the tree
/// returns too, and it returns nil for everything the tree must decide
/// (AF-12, XC-07).
@Suite("Placements response: the one-pass read agrees with the tree (AF-12, XC-07)")
struct PlacementsReadingTests {
    static let sha = "896fd109191a7de61e3676720560e8201e9d391f75d2138ec5a423ca118a4e56"

    /// `count` placements in the shape the backend sends, one campaign each,
    /// the last with two variants and a minimum engine version.
    static func response(_ count: Int) -> String {
        var members: [String] = []
        for i in 0..<count {
            let variants = i == count - 1
                ? #"[{"id":"A","weight":30,"content":{"url":"https://cdn.test/\#(i)a.json","sha256":"\#(sha)"}},"#
                    + #"{"id":"B","weight":70,"content":{"url":"https://cdn.test/\#(i)b.json","sha256":"\#(sha.uppercased())"}}],"#
                    + #""min_engine_version":"1.0.0""#
                : #"[{"id":"A","weight":100,"content":{"url":"https://cdn.test/\#(i).json","sha256":"\#(sha)"}}]"#
            members.append(#""slot_\#(i)":{"campaigns":[{"id":"c\#(i)","priority":"\#(["high", "medium", "low"][i % 3])","#
                + #""created_at":\#(1_714_550_400_000 + i),"variants":\#(variants)}],"other":[1,{"x":null}]}"#)
        }
        return #"{"placements":{\#(members.joined(separator: ","))},"sdk_disabled":false,"server_time":1}"#
    }

    static func tree(_ bytes: [UInt8], _ limits: PayloadLimits) -> Result<PlacementsResponse, FramesError> {
        do throws(FramesError) {
            return .success(try PlacementsResponse.decode(try JSONParser(limits: limits).parse(bytes)))
        } catch {
            return .failure(error)
        }
    }

    @Test("AF-12 a response of 40 placements is read in one pass, exactly as the tree decodes it")
    func commonCase() throws {
        let bytes = Array(Self.response(40).utf8)
        let read = try #require(PlacementsResponse.read(bytes, limits: .placements))
        #expect(read.placements.count == 40)
        #expect(read.placements.last?.campaigns.first?.variants.map(\.content.sha256) == [Self.sha, Self.sha])
        #expect(Self.tree(bytes, .placements) == .success(read))
        #expect(try PlacementsResponse.decode(bytes) == read)
    }

    @Test("AF-12 XC-07 what the tree must decide is not read in one pass: drops, broken structure, bad JSON")
    func unusual() {
        let cases = [
            #"{"sdk_disabled":true}"#,
            #"{"placements":[]}"#,
            #"{"placements":{"p":{"campaigns":[{"id":"c","priority":"urgent","created_at":1,"variants":[]}]}}}"#,
            #"{"placements":{"p":{}}}"#,
            #"{"placements":{"":{"campaigns":[]}}}"#,
            #"{"placements":{"p":{"campaigns":[]}},"sdk_disabled":"no"}"#,
            #"{"placements":{"p":{"campaigns":[]},"p":{"campaigns":[]}}}"#,
            #"{"placements":{"p":{"campaigns":[]}}} x"#,
        ]
        for text in cases {
            #expect(PlacementsResponse.read(Array(text.utf8), limits: .placements) == nil, "\(text)")
        }
        // A campaign the tree drops with a reason: the reason is reported.
        let example = WireFixtures.bytes("placements/example.json")
        #expect(PlacementsResponse.read(example, limits: .placements) == nil)
        #expect((try? PlacementsResponse.decode(example))?.dropped.isEmpty == false)
    }

    @Test("XC-07 placement ids with escapes read as the tree reads them, compared by their bytes")
    func escapedIds() throws {
        let text = #"{"placements":{"caf\u00e9":{"campaigns":[]},"cafe\u0301":{"campaigns":[]},"a\"b":{"campaigns":[]}}}"#
        let bytes = Array(text.utf8)
        let read = try #require(PlacementsResponse.read(bytes, limits: .placements))
        #expect(read.placements.map { Array($0.id.utf8) } == ["caf\u{E9}", "cafe\u{301}", "a\"b"].map { Array($0.utf8) })
        #expect(Self.tree(bytes, .placements) == .success(read))
    }

    /// Digits and letters swapped for others: mostly still JSON of the same
    /// shape, with other ids, weights, times, priorities and digests.
    static func substitute(_ input: [UInt8], _ rng: inout SplitMix64) -> [UInt8] {
        var bytes = input
        for _ in 0..<Int.random(in: 1...3, using: &rng) {
            let i = Int.random(in: 0..<bytes.count, using: &rng)
            switch bytes[i] {
            case UInt8(ascii: "0")...UInt8(ascii: "9"): bytes[i] = UInt8.random(in: UInt8(ascii: "0")...UInt8(ascii: "9"), using: &rng)
            case UInt8(ascii: "a")...UInt8(ascii: "z"), UInt8(ascii: "A")...UInt8(ascii: "Z"):
                bytes[i] = Bool.random(using: &rng) ? UInt8.random(in: UInt8(ascii: "a")...UInt8(ascii: "h"), using: &rng)
                    : UInt8(ascii: "F")
            default: break
            }
        }
        return bytes
    }

    @Test("AF-12 XC-07 10,000 mutations of the responses: the one-pass read is nil or the tree's answer")
    func mutations() {
        var rng = SplitMix64(seed: 0x504C_4143_454D)
        let small = PayloadLimits(maxBytes: 4_096, maxDepth: 6, maxStringBytes: 64, maxElements: 24)
        let originals = [Array(Self.response(3).utf8), Array(Self.response(20).utf8),
                         WireFixtures.bytes("placements/example.json"), WireFixtures.bytes("placements/sdk_disabled.json")]
        var read = 0
        for original in originals {
            for _ in 0..<2_500 {
                let input = Bool.random(using: &rng) ? PayloadFuzzTests.mutate(original, &rng)
                    : Self.substitute(original, &rng)
                for limits in [PayloadLimits.placements, small] {
                    guard let fast = PlacementsResponse.read(input, limits: limits) else { continue }
                    read += 1
                    #expect(Self.tree(input, limits) == .success(fast), "\(String(decoding: input, as: UTF8.self))")
                }
            }
        }
        #expect(read > 1_000, "only \(read) mutations were read in one pass")
    }
}
