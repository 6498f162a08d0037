import Testing
@testable import FramesCore

private let sha = String(repeating: "a", count: 64)

private func campaign(_ id: String, _ priority: CampaignPriority, _ createdAt: Int64,
                      minVersion: String? = nil, weights: [Int] = [1]) -> Campaign {
    let variants = weights.enumerated().map { i, w in
        Variant(id: "\(id)-v\(i)", weight: w, content: ContentReference(url: "https://x.test/\(id)/\(i)", sha256: sha))
    }
    return Campaign(id: id, priority: priority, createdAt: createdAt,
                    minEngineVersion: minVersion.flatMap(SemanticVersion.init), variants: variants)
}

private let v010 = SemanticVersion(major: 0, minor: 1, patch: 0)

@Suite("Selection: priority, ties, the 10-campaign cut, versions, bucketing (AF-13, XC-09)")
struct SelectionTests {
    @Test("AF-13 High beats Medium beats Low whatever the order or age")
    func priority() {
        let low = campaign("low", .low, 300)
        let medium = campaign("medium", .medium, 200)
        let high = campaign("high", .high, 100)
        #expect(Selection.winner([low, medium, high], engineVersion: v010)?.id == "high")
        #expect(Selection.winner([low, medium], engineVersion: v010)?.id == "medium")
        #expect(Selection.winner([low], engineVersion: v010)?.id == "low")
        #expect(Selection.winner([], engineVersion: v010) == nil)
    }

    @Test("AF-13 on a priority tie the most recently created campaign wins")
    func tieNewest() {
        let older = campaign("older", .medium, 1_000)
        let newer = campaign("newer", .medium, 2_000)
        #expect(Selection.winner([older, newer], engineVersion: v010)?.id == "newer")
        #expect(Selection.winner([newer, older], engineVersion: v010)?.id == "newer")
    }

    @Test("AF-13 a still-equal tie goes to the lowest id by UTF-8 bytes, in any input order")
    func tieID() {
        let ids = ["b", "a", "B", "é", "aa", "Z"]
        let campaigns = ids.map { campaign($0, .high, 5) }
        for rotation in 0..<campaigns.count {
            let rotated = Array(campaigns[rotation...] + campaigns[..<rotation])
            #expect(Selection.winner(rotated, engineVersion: v010)?.id == "B")  // "B" (0x42) < "Z" (0x5A) < "a"
        }
        #expect(Selection.consideredCampaigns(campaigns, engineVersion: v010).map(\.id) == ["B", "Z", "a", "aa", "b", "é"])
    }

    @Test("AF-13 at most 10 campaigns are considered: sorted by priority then newest, the first 10 taken")
    func tenCut() {
        var campaigns: [Campaign] = []
        for i in 0..<6 { campaigns.append(campaign("low\(i)", .low, Int64(100 + i))) }
        for i in 0..<5 { campaigns.append(campaign("med\(i)", .medium, Int64(i))) }
        for i in 0..<3 { campaigns.append(campaign("high\(i)", .high, Int64(50 - i))) }
        let considered = Selection.consideredCampaigns(campaigns, engineVersion: v010)
        #expect(considered.count == Selection.maxConsideredCampaigns)
        #expect(considered.map(\.id) == ["high0", "high1", "high2", "med4", "med3", "med2", "med1", "med0", "low5", "low4"])
        #expect(Selection.winner(campaigns, engineVersion: v010)?.id == "high0")
    }

    @Test("XC-09 campaigns needing a newer engine are dropped before the 10-campaign cut")
    func minVersion() {
        let tooNew = campaign("tooNew", .high, 999, minVersion: "0.2.0")
        let exact = campaign("exact", .medium, 1, minVersion: "0.1.0")
        let older = campaign("older", .low, 1, minVersion: "0.0.9")
        #expect(Selection.winner([tooNew, exact, older], engineVersion: v010)?.id == "exact")
        #expect(Selection.winner([tooNew, exact, older], engineVersion: SemanticVersion(major: 0, minor: 2, patch: 0))?.id == "tooNew")
        #expect(Selection.winner([tooNew], engineVersion: v010) == nil)  // AF-08: unavailable
        var many = (0..<10).map { campaign("new\($0)", .high, 10, minVersion: "1.0.0") }
        many.append(campaign("fallback", .low, 1))
        #expect(Selection.consideredCampaigns(many, engineVersion: v010).map(\.id) == ["fallback"])
    }

    @Test("AF-13 the example fixture: spring_sale wins, needs_engine_9 only on engine 9")
    func exampleFixture() throws {
        let r = try PlacementsResponse.decode(WireFixtures.bytes("placements/example.json"))
        guard let top = r.placement("home_top_banner"), let bottom = r.placement("home_bottom_banner") else {
            Issue.record("placements missing")
            return
        }
        let choice = Selection.choose(from: top, bucketingID: "user-1", engineVersion: v010)
        #expect(choice?.campaign.id == "spring_sale")
        #expect(choice?.variant.id == "A")
        #expect(Selection.choose(from: top, bucketingID: "user-2", engineVersion: v010)?.variant.id == "B")
        #expect(Selection.choose(from: top, bucketingID: "user-1", engineVersion: SemanticVersion("9.0.0")!)?.campaign.id == "needs_engine_9")
        #expect(Selection.choose(from: bottom, bucketingID: "user-1", engineVersion: v010) == nil)
    }

    // Golden values computed independently with Python's hashlib:
    //   python3 Tests/fixtures/wire/bucketing.py
    // 'user-1'      'spring_sale'  hash=0xa54d0979b2792190 bucket=48    -> A
    // 'user-2'      'spring_sale'  hash=0xceea4482378db903 bucket=87    -> B
    // 'user-3'      'spring_sale'  hash=0xc7770ffe34082fad bucket=77    -> B
    // 'user-4'      'spring_sale'  hash=0x4a9f972b00d7a235 bucket=37    -> A
    // 'device-7f3a' 'spring_sale'  hash=0x52023708e6114489 bucket=49    -> A
    // 'user-1'      'welcome_back' hash=0x5c200b0bb85b46ea bucket=2     -> c
    // 'user-2'      'welcome_back' hash=0xda2d2a26309537ba bucket=2     -> c
    // ''            'x'            hash=0x3c7e9bc930dc93f0 bucket=8487  -> q
    // 'Zoë'         'café'         hash=0x3a05e791ab0bf4fb bucket=12345 -> q
    @Test("AF-13 golden bucketing values agree with an independent Python hashlib computation")
    func golden() {
        let hashes: [(String, String, UInt64)] = [
            ("user-1", "spring_sale", 0xa54d_0979_b279_2190),
            ("user-2", "spring_sale", 0xceea_4482_378d_b903),
            ("user-3", "spring_sale", 0xc777_0ffe_3408_2fad),
            ("user-4", "spring_sale", 0x4a9f_972b_00d7_a235),
            ("device-7f3a", "spring_sale", 0x5202_3708_e611_4489),
            ("user-1", "welcome_back", 0x5c20_0b0b_b85b_46ea),
            ("user-2", "welcome_back", 0xda2d_2a26_3095_37ba),
            ("", "x", 0x3c7e_9bc9_30dc_93f0),
            ("Zoë", "café", 0x3a05_e791_ab0b_f4fb),
        ]
        for (bid, cid, expected) in hashes {
            #expect(Selection.bucketHash(bucketingID: bid, campaignID: cid) == expected, "\(bid) \(cid)")
        }
        func pick(_ bid: String, _ cid: String, _ variants: [(String, Int)]) -> String? {
            let c = Campaign(id: cid, priority: .high, createdAt: 0, variants: variants.map {
                Variant(id: $0.0, weight: $0.1, content: ContentReference(url: "https://x.test", sha256: sha))
            })
            return Selection.variant(of: c, bucketingID: bid)?.id
        }
        let ab = [("A", 70), ("B", 30)]
        #expect(pick("user-1", "spring_sale", ab) == "A")
        #expect(pick("user-2", "spring_sale", ab) == "B")
        #expect(pick("user-3", "spring_sale", ab) == "B")
        #expect(pick("user-4", "spring_sale", ab) == "A")
        #expect(pick("device-7f3a", "spring_sale", ab) == "A")
        let abcd = [("a", 1), ("b", 1), ("c", 1), ("d", 1)]
        #expect(pick("user-1", "welcome_back", abcd) == "c")
        #expect(pick("user-2", "welcome_back", abcd) == "c")
        let pqr = [("p", 5000), ("q", 10000), ("r", 1)]
        #expect(pick("", "x", pqr) == "q")
        #expect(pick("Zoë", "café", pqr) == "q")
    }

    @Test("AF-13 bucketing is stable: same (user, campaign) → same variant; the separator prevents ambiguity")
    func stable() {
        let c = campaign("promo", .high, 0, weights: [1, 1, 1, 1, 1, 1, 1, 1])
        for i in 0..<200 {
            let user = "user-\(i)"
            #expect(Selection.variant(of: c, bucketingID: user) == Selection.variant(of: c, bucketingID: user))
        }
        // "ab" + "c" and "a" + "bc" hash differently thanks to the 0x00 separator.
        #expect(Selection.bucketHash(bucketingID: "ab", campaignID: "c") != Selection.bucketHash(bucketingID: "a", campaignID: "bc"))
    }

    @Test("XC-07 hand-built campaigns with huge or non-positive weights never trap")
    func extremeWeights() {
        let huge = campaign("huge", .high, 0, weights: [Int.max, Int.max, Int.max])
        #expect(huge.totalWeight == Int.max)
        #expect(Selection.variant(of: huge, bucketingID: "u") != nil)
        let skipped = campaign("skip", .high, 0, weights: [0, -5, 3])
        #expect(skipped.totalWeight == 3)
        #expect(Selection.variant(of: skipped, bucketingID: "u")?.id == "skip-v2")
        #expect(Selection.variant(of: campaign("none", .high, 0, weights: [0, -1]), bucketingID: "u") == nil)
        #expect(Selection.variant(of: campaign("empty", .high, 0, weights: []), bucketingID: "u") == nil)
    }

    @Test("AF-13 weighted distribution: 10,000 users over 70/30 land within 2 points of the weights")
    func distribution() {
        let c = campaign("spring_sale", .high, 0, weights: [70, 30])
        var counts = [0, 0]
        for i in 0..<10_000 {
            if Selection.variant(of: c, bucketingID: "user-\(i)")?.id == "spring_sale-v0" { counts[0] += 1 } else { counts[1] += 1 }
        }
        #expect(abs(counts[0] - 7_000) < 200, "A: \(counts[0])")
        #expect(counts[0] + counts[1] == 10_000)
        // Every variant of an 8-way equal split gets about 1/8.
        let eight = campaign("eight", .high, 0, weights: Array(repeating: 10_000, count: 8))
        var perVariant: [String: Int] = [:]
        for i in 0..<10_000 { perVariant[Selection.variant(of: eight, bucketingID: "d\(i)")?.id ?? "-", default: 0] += 1 }
        #expect(perVariant.count == 8)
        for (_, n) in perVariant { #expect(abs(n - 1_250) < 150) }
    }
}
