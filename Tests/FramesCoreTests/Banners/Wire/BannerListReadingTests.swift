import Testing
@testable import FramesCore

/// A banner list is read in one pass (`BannerList.read`), the tree decoder
/// kept for errors: both must give the same list, the same dropped banners
/// with the same reasons, and the same error (BN-07, BN-14, XC-07).
@Suite("Banner list read in one pass agrees with the tree decoder (BN-07, BN-14, XC-07)")
struct BannerListReadingTests {
    static let sha = String(repeating: "ab", count: 32)

    /// Every rule of `decodeBanner` and the shapes around it, one banner each.
    static let varied: String = {
        let content = "{\"url\":\"https://x.test/c\",\"sha256\":\"\(sha)\"}"
        let banners = [
            "{\"id\":\"a\",\"ratio\":1.5,\"content\":\(content)}",
            "{\"id\":\"a\",\"ratio\":1,\"content\":\(content)}",
            "{\"id\":\"b\",\"ratio\":2,\"duration_ms\":null,\"available\":true,\"content\":\(content)}",
            "{\"id\":\"c\",\"ratio\":2,\"duration_ms\":1e3,\"extra\":{\"x\":[1,{\"y\":null}]},\"content\":\(content)}",
            "{\"id\":\"d\",\"ratio\":2,\"duration_ms\":1.5,\"content\":\(content)}",
            "{\"id\":\"e\",\"ratio\":2,\"duration_ms\":\"5\",\"content\":\(content)}",
            "{\"id\":\"f\",\"ratio\":2,\"duration_ms\":3600001,\"content\":\(content)}",
            "{\"id\":\"g\",\"ratio\":2,\"available\":false,\"content\":\(content)}",
            "{\"id\":\"h\",\"ratio\":2,\"available\":1,\"content\":\(content)}",
            "{\"id\":\"i\",\"ratio\":\"2\",\"content\":\(content)}",
            "{\"id\":\"j\",\"ratio\":2,\"content\":[]}",
            "{\"id\":\"k\",\"ratio\":2,\"content\":{\"url\":\"\",\"sha256\":\"\(sha)\"}}",
            "{\"id\":\"l\",\"ratio\":2,\"content\":{\"url\":\"https://x.test/l\",\"sha256\":\"\(sha.uppercased())\"}}",
            "{\"id\":\"m\",\"ratio\":2,\"content\":{\"url\":\"https://x.test/m\",\"sha256\":\"abc\"}}",
            "{\"id\":7,\"ratio\":2,\"content\":\(content)}",
            "{\"id\":\"\",\"ratio\":2,\"content\":\(content)}",
            "{\"\\u0069d\":\"n\",\"r\\u0061tio\":3,\"content\":{\"u\\u0072l\":\"https://x.test/n\",\"sha256\":\"\(sha)\"}}",
            "{\"id\":\"caf\\u00e9\",\"ratio\":2,\"content\":\(content)}",
            "{\"id\":\"cafe\\u0301\",\"ratio\":2,\"content\":\(content)}",
            "[1]", "\"banner\"", "null",
        ]
        return "{\"version\":1,\"banners\":[" + banners.joined(separator: ",") + "],\"next\":null}"
    }()

    /// The verdict of `decode` and of the tree decoder alone, which must match.
    static func agree(_ bytes: [UInt8], _ limits: PayloadLimits) -> Bool {
        let decoded = Result { () throws(FramesError) in try BannerList.decode(bytes, limits: limits) }
        let tree = Result { () throws(FramesError) in try BannerList.decodeTree(bytes, limits: limits) }
        switch (decoded, tree) {
        case (.success(let a), .success(let b)): return a == b
        case (.failure(let a), .failure(let b)): return a.code == b.code && a.message == b.message
        default: return false
        }
    }

    @Test("BN-07, BN-14: every rule gives the same banners, drops and reasons either way")
    func varied() throws {
        let bytes = Array(Self.varied.utf8)
        let list = try #require(try BannerList.read(bytes, limits: .bannerList))
        #expect(list == (try BannerList.decodeTree(bytes, limits: .bannerList)))
        #expect(list.banners.map(\.id) == ["a", "b", "c", "l", "n", "caf\u{E9}", "cafe\u{301}"])
        #expect(list.banners.map(\.durationMs) == [5_000, 5_000, 1_000, 5_000, 5_000, 5_000, 5_000])
        #expect(list.dropped.count == 15)
    }

    @Test("XC-07: documents of the wrong shape or malformed give the tree decoder's error word for word")
    func errors() {
        let bodies = ["", "[]", "{}", "{\"banners\":{}}", "{\"banners\":[", "{\"banners\":[],\"banners\":[]}",
                      "{\"banners\":[{\"id\":\"a\",\"id\":\"b\"}]}", "{\"banners\":[\"\\ud800\"]}", "\u{FEFF}{\"banners\":[]}",
                      "{\"banners\":[]} x", "{\"banners\":7,\"x\":[}"]
        for body in bodies {
            #expect(Self.agree(Array(body.utf8), .bannerList), "\(body.debugDescription)")
        }
        let tooBig = PayloadLimits(maxBytes: 64, maxDepth: 4, maxStringBytes: 16, maxElements: 4)
        #expect(Self.agree(Array(Self.varied.utf8), tooBig))
    }

    @Test("XC-07: 12,000 random mutations: the same list or the same error, no trap")
    func mutations() {
        var rng = SplitMix64(seed: 0x4241_4E4E_4552)
        let small = PayloadLimits(maxBytes: 8_192, maxDepth: 5, maxStringBytes: 80, maxElements: 30)
        var disagreements = 0
        var lists = 0
        for original in [WireFixtures.bytes("banners/example.json"), Array(Self.varied.utf8)] {
            #expect(!original.isEmpty)
            for _ in 0..<3_000 {
                let input = PayloadFuzzTests.mutate(original, &rng)
                for limits in [PayloadLimits.bannerList, small] {
                    if !Self.agree(input, limits) { disagreements += 1 }
                    if (try? BannerList.decode(input, limits: limits)) != nil { lists += 1 }
                }
            }
        }
        #expect(disagreements == 0)
        #expect(lists > 100)
    }
}
