import Testing
@testable import FramesCore

@Suite("Banner list wire format (BN-02, BN-07, BN-14)")
struct BannerListTests {
    @Test("BN-14 the documented example: the available banner is kept, the unavailable one dropped with a reason")
    func example() throws {
        let list = try BannerList.decode(WireFixtures.bytes("banners/example.json"))
        #expect(list.banners.map(\.id) == ["spring"])
        #expect(list.banners[0].ratio == 1.5 && list.banners[0].durationMs == 6_000)
        #expect(list.dropped.map(\.reason) == ["not available"])
    }

    @Test("BN-07 a banner with a bad ratio is dropped on its own; an absent duration is 5 s")
    func badRatio() throws {
        let sha = String(repeating: "a", count: 64)
        func banner(_ id: String, _ ratio: String) -> String {
            "{\"id\":\"\(id)\",\"ratio\":\(ratio),\"content\":{\"url\":\"https://x.test/\(id)\",\"sha256\":\"\(sha)\"}}"
        }
        let body = "{\"banners\":[\(banner("a", "0")),\(banner("b", "-2")),\(banner("c", "1.25")),\(banner("c", "1")),\(banner("d", "\"wide\""))]}"
        let list = try BannerList.decode(Array(body.utf8))
        #expect(list.banners.map(\.id) == ["c"])
        #expect(list.banners[0].durationMs == BannerList.defaultDurationMs)
        #expect(list.dropped.map(\.index) == [0, 1, 3, 4])
    }

    @Test("XC-07 a response that is not a list is rejected whole")
    func broken() {
        for body in ["", "[]", "{\"banners\":{}}", "{\"banners\":[", "{}"] {
            #expect(throws: FramesError.self, "\(body)") { try BannerList.decode(Array(body.utf8)) }
        }
    }
}
