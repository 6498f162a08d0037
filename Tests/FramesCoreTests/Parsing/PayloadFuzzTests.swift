import Testing
@testable import FramesCore

/// Randomized robustness (XC-07): byte mutations of every valid fixture go
/// through every reader. The only assertion is that each call returns or
/// throws a FramesError — a trap would kill the test process.
@Suite("Payload readers never trap on mutated input (XC-07)")
struct PayloadFuzzTests {
    static let fixtures = [
        "placements/example.json", "placements/sdk_disabled.json", "placements/broken_campaigns_not_array.json",
        "content/home_top_banner_a.json", "content/asset_too_large.json",
        "config/Info-enabled.plist", "config/config-enabled.json", "config/Info-string-yes.plist",
    ]

    /// Interesting bytes to splice in: structure, escapes, UTF-8 leads, digits.
    static let tokens: [[UInt8]] = [
        "{", "}", "[", "]", ",", ":", "\"", "\\", "\\u", "\\ud800", "\\udc00", "0", "-", "e", "1e999", ".", "<", ">",
        "/>", "</", "&", "&amp;", "&#x0;", "<![CDATA[", "]]>", "<!--", "-->", "<dict>", "</dict>", "<key>", "<true/>",
        "null", "true", "NaN",
    ].map { Array($0.utf8) } + [[0x00], [0x1F], [0x80], [0xC0, 0xAF], [0xED, 0xA0, 0x80], [0xF4, 0x90, 0x80, 0x80], [0xFF], [0xEF, 0xBB, 0xBF]]

    static func mutate(_ input: [UInt8], _ rng: inout SplitMix64) -> [UInt8] {
        var bytes = input
        let edits = Int.random(in: 1...4, using: &rng)
        for _ in 0..<edits {
            let position = bytes.isEmpty ? 0 : Int.random(in: 0..<bytes.count, using: &rng)
            switch Int.random(in: 0..<6, using: &rng) {
            case 0 where !bytes.isEmpty:
                bytes[position] = UInt8.random(in: 0...255, using: &rng)
            case 1 where !bytes.isEmpty:
                bytes.remove(at: position)
            case 2:
                bytes.insert(UInt8.random(in: 0...255, using: &rng), at: position)
            case 3:
                let token = tokens[Int.random(in: 0..<tokens.count, using: &rng)]
                bytes.insert(contentsOf: token, at: position)
            case 4 where !bytes.isEmpty:
                bytes.removeSubrange(position..<min(bytes.count, position + Int.random(in: 1...32, using: &rng)))
            default:
                bytes = Array(bytes.prefix(position))  // truncation
            }
        }
        return bytes
    }

    @Test("XC-07 10,000+ random mutations of the fixtures: every reader returns or throws")
    func mutations() {
        var rng = SplitMix64(seed: 0x5EED_F4A3_E5)
        let small = PayloadLimits(maxBytes: 4_096, maxDepth: 4, maxStringBytes: 64, maxElements: 8)
        var outcomes = [0, 0]  // [accepted, rejected]
        for name in Self.fixtures {
            let original = WireFixtures.bytes(name)
            #expect(!original.isEmpty, "fixture \(name) missing")
            for _ in 0..<1_300 {
                let input = Self.mutate(original, &rng)
                for limits in [PayloadLimits.placements, small] {
                    let results: [FramesError?] = [
                        thrownError { () throws(FramesError) in try JSONParser(limits: limits).parse(input) },
                        thrownError { () throws(FramesError) in try PlacementsResponse.decode(input, limits: limits) },
                        thrownError { () throws(FramesError) in try ContentDocument.decode(input, limits: limits) },
                        thrownError { () throws(FramesError) in try HostConfiguration.parse(input, limits: limits) },
                        thrownError { () throws(FramesError) in try XMLPropertyListReader(limits: limits).parse(input) },
                    ]
                    for r in results { outcomes[r == nil ? 0 : 1] += 1 }
                }
                if let response = try? PlacementsResponse.decode(input) {
                    for placement in response.placements {
                        _ = Selection.choose(from: placement, bucketingID: "fuzz", engineVersion: .engine)
                    }
                }
                _ = ContentCheck.origin(of: String(decoding: input.prefix(64), as: UTF8.self))
                _ = SHA256.hash(input.prefix(200))
            }
        }
        #expect(outcomes[0] > 0 && outcomes[1] > 0, "accepted \(outcomes[0]), rejected \(outcomes[1])")
    }

    @Test("XC-07 random bytes and pathological nesting: every reader returns or throws")
    func randomBytes() {
        var rng = SplitMix64(seed: 7)
        for _ in 0..<3_000 {
            let length = Int.random(in: 0...64, using: &rng)
            let input = (0..<length).map { _ in UInt8.random(in: 0...255, using: &rng) }
            _ = try? JSONParser(limits: .placements).parse(input)
            _ = try? HostConfiguration.parse(input)
            _ = try? XMLPropertyListReader(limits: .hostConfiguration).parse([UInt8]("<plist>".utf8) + input)
        }
        let deepPlist = "<plist>" + String(repeating: "<array>", count: 100_000)
        #expect(thrownError { () throws(FramesError) in try HostConfiguration.parse(deepPlist) }?.message.contains("nesting depth 33") == true)
        // The depth ceiling (256) itself is reachable without exhausting the stack.
        let ceiling = PayloadLimits(maxBytes: 1_000_000, maxDepth: 10_000, maxStringBytes: 16, maxElements: 16)
        let json = String(repeating: "[", count: 256) + String(repeating: "]", count: 256)
        #expect((try? JSONParser(limits: ceiling).parse(json)) != nil)
        let plist = "<plist>" + String(repeating: "<dict><key>k</key>", count: 255) + "<true/>"
            + String(repeating: "</dict>", count: 255) + "</plist>"
        #expect((try? XMLPropertyListReader(limits: ceiling).parse(plist)) != nil)
        let deepDict = "<plist>" + String(repeating: "<dict><key>k</key>", count: 50_000)
        #expect(thrownError { () throws(FramesError) in try HostConfiguration.parse(deepDict) } != nil)
    }
}
