import Testing
@testable import FramesCore

/// the bounds not covered by the JSON and plist readers'
/// own tests, each at cap - 1, cap and cap + 1.
@Suite("Limits at cap-1, cap, cap+1 (XC-07)")
struct LimitsTests {
    @Test("XC-07 host-given ids (placement, user, session, place): 1...256 bytes", arguments: [255, 256, 257, 0])
    func identifiers(length: Int) throws {
        let id = String(repeating: "p", count: length)
        let engine = try Engine(options: EngineOptions(), configuration: [])
        let frame = try engine.appFrames.makeFrame()
        let accepted = length >= 1 && length <= Identifier.maxBytes
        #expect(((try? engine.appFrames.setPlacement(frame, id, now: 0)) != nil) == accepted, "placement \(length)")
        #expect(((try? engine.setUser(id, now: 0)) != nil) == accepted, "user \(length)")
        #expect(((try? engine.startSession(id: id, now: 0)) != nil) == accepted, "session \(length)")
        #expect(((try? engine.banners.makePlace(placeId: id, appearance: Appearance())) != nil) == accepted, "place \(length)")
    }

    @Test("BN-09 banner durations: 1...3,600,000 ms", arguments: [(0 as Int64, false), (1, true), (3_599_999, true), (3_600_000, true), (3_600_001, false)])
    func durations(duration: Int64, kept: Bool) throws {
        let sha = String(repeating: "b", count: 64)
        let body = "{\"banners\":[{\"id\":\"a\",\"ratio\":1,\"duration_ms\":\(duration),\"content\":{\"url\":\"https://x.test/a\",\"sha256\":\"\(sha)\"}}]}"
        let list = try BannerList.decode(Array(body.utf8))
        #expect(list.banners.count == (kept ? 1 : 0))
    }

    @Test("BN-14 banner ids: 1...256 bytes", arguments: [(255, true), (256, true), (257, false)])
    func bannerIds(length: Int, kept: Bool) throws {
        let sha = String(repeating: "c", count: 64)
        let id = String(repeating: "i", count: length)
        let body = "{\"banners\":[{\"id\":\"\(id)\",\"ratio\":1,\"content\":{\"url\":\"https://x.test/a\",\"sha256\":\"\(sha)\"}}]}"
        #expect(try BannerList.decode(Array(body.utf8)).banners.count == (kept ? 1 : 0))
    }

    @Test("AF-14 assets: 511,999 and 512,000 bytes pass, 512,001 fails", arguments: [(Int64(511_999), true), (512_000, true), (512_001, false)])
    func assetSize(size: Int64, passes: Bool) {
        #expect((ContentCheck.assetSize(size, url: "https://x.test/a") == nil) == passes)
    }
}

