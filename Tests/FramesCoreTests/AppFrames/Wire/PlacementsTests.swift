import Testing
@testable import FramesCore

private let shaA = "896fd109191a7de61e3676720560e8201e9d391f75d2138ec5a423ca118a4e56"

/// A campaign JSON text with the given fields; `extra` is spliced in verbatim.
private func campaignJSON(id: String = "c", priority: String = "\"high\"", createdAt: String = "1",
                          variants: String? = nil, extra: String = "") -> String {
    let v = variants ?? #"[{"id":"v","weight":1,"content":{"url":"https://x.test/c.json","sha256":"\#(shaA)"}}]"#
    return #"{"id":"\#(id)","priority":\#(priority),"created_at":\#(createdAt),"variants":\#(v)\#(extra)}"#
}

private func response(_ campaigns: [String]) -> String {
    #"{"placements":{"p":{"campaigns":[\#(campaigns.joined(separator: ","))]}}}"#
}

private func decode(_ text: String) throws(FramesError) -> PlacementsResponse {
    try PlacementsResponse.decode(Array(text.utf8))
}

private func variantJSON(_ id: String, weight: String = "1", sha: String = shaA, url: String = "\"https://x.test/c.json\"") -> String {
    #"{"id":"\#(id)","weight":\#(weight),"content":{"url":\#(url),"sha256":"\#(sha)"}}"#
}

@Suite("Placements response decoding (AF-12, AF-13, XC-04, XC-09)")
struct PlacementsTests {
    @Test("AF-12 the documented example fixture decodes: campaigns, variants, content references, dropped campaigns")
    func example() throws {
        let r = try PlacementsResponse.decode(WireFixtures.bytes("placements/example.json"))
        #expect(r.sdkDisabled == false)
        #expect(r.placements.map(\.id) == ["home_top_banner", "home_bottom_banner"])
        let top = r.placement("home_top_banner")
        #expect(top?.campaigns.map(\.id) == ["spring_sale", "welcome_back", "needs_engine_9"])
        let spring = top?.campaigns.first
        #expect(spring?.priority == .high)
        #expect(spring?.createdAt == 1_714_550_400_000)
        #expect(spring?.minEngineVersion == nil)
        #expect(spring?.variants.map(\.id) == ["A", "B"])
        #expect(spring?.variants.map(\.weight) == [70, 30])
        #expect(spring?.variants.first?.content == ContentReference(
            url: "https://cdn.example.com/content/home_top_banner_a.json", sha256: shaA))
        // Uppercase hex is accepted and normalised.
        #expect(top?.campaigns.dropFirst().first?.variants.first?.content.sha256
            == "abcdef0123456789abcdef0123456789abcdef0123456789abcdef0123456789")
        #expect(top?.campaigns.last?.minEngineVersion == SemanticVersion(major: 9, minor: 0, patch: 0))
        #expect(r.placement("home_bottom_banner")?.campaigns == [])
        #expect(r.dropped == [DroppedCampaign(placementID: "home_top_banner", index: 3, campaignID: "bad_priority",
                                              reason: "\"priority\" must be \"high\", \"medium\" or \"low\"")])
    }

    @Test("XC-04 sdk_disabled: true without placements decodes as disabled; a non-boolean flag is broken")
    func sdkDisabled() throws {
        let r = try PlacementsResponse.decode(WireFixtures.bytes("placements/sdk_disabled.json"))
        #expect(r.sdkDisabled)
        #expect(r.placements.isEmpty)
        #expect(thrownError { () throws(FramesError) in try decode(#"{"placements":{},"sdk_disabled":"yes"}"#) } != nil)
        #expect(try decode(#"{"placements":{}}"#).sdkDisabled == false)
    }

    @Test("AF-12 unknown fields are ignored at every level (forward compatibility)")
    func unknownFields() throws {
        let text = #"{"v":2,"placements":{"p":{"layout":"x","campaigns":["# + campaignJSON(
            variants: #"[{"id":"v","weight":1,"extra":[1],"content":{"url":"https://x.test/c","sha256":"\#(shaA)","mime":"text/html"}}]"#,
            extra: #","targeting":{"segments":[1,2]}"#) + "]}}}"
        let r = try decode(text)
        #expect(r.placement("p")?.campaigns.count == 1)
        #expect(r.dropped.isEmpty)
    }

    @Test("AF-12 a structurally broken response throws a clear error")
    func broken() {
        let cases: [(String, String)] = [
            ("[]", "top level is an array"),
            ("{}", "missing \"placements\""),
            (#"{"placements":[]}"#, "\"placements\" is an array"),
            (#"{"placements":{"p":1}}"#, "placement \"p\" is a number"),
            (#"{"placements":{"p":{}}}"#, "has no \"campaigns\""),
            (#"{"placements":{"":{"campaigns":[]}}}"#, "placement id"),
            ("{\"placements\":", "JSON: unexpected end"),
        ]
        for (text, fragment) in cases {
            let error = thrownError { () throws(FramesError) in try decode(text) }
            #expect(error?.code == .invalidArgument)
            #expect(error?.message.hasPrefix("placements response: ") == true)
            #expect(error?.message.contains(fragment) == true, "\(error?.message ?? "accepted") lacks \(fragment)")
        }
        let fixture = thrownError { () throws(FramesError) in
            try PlacementsResponse.decode(WireFixtures.bytes("placements/broken_campaigns_not_array.json"))
        }
        #expect(fixture?.message.contains("\"campaigns\" of placement \"home_top_banner\" is an object") == true)
    }

    @Test("AF-13 a campaign with a bad field is dropped on its own with a reason")
    func droppedCampaigns() throws {
        let cases: [(String, String)] = [
            (campaignJSON(priority: "\"urgent\""), "\"priority\""),
            (campaignJSON(priority: "\"High\""), "\"priority\""),
            (campaignJSON(priority: "2"), "\"priority\""),
            (campaignJSON(createdAt: "-1"), "\"created_at\""),
            (campaignJSON(createdAt: "1.5"), "\"created_at\""),
            (campaignJSON(createdAt: "\"2024-05-01\""), "\"created_at\""),
            (campaignJSON(variants: "[]"), "has 0 variants, expected 1...8"),
            (campaignJSON(variants: "[" + (0..<9).map { variantJSON("v\($0)") }.joined(separator: ",") + "]"), "has 9 variants"),
            (campaignJSON(variants: "{}"), "\"variants\" must be an array"),
            (campaignJSON(variants: "[" + variantJSON("v", weight: "0") + "]"), "variant 0: \"weight\""),
            (campaignJSON(variants: "[" + variantJSON("v", weight: "-5") + "]"), "\"weight\""),
            (campaignJSON(variants: "[" + variantJSON("v", weight: "10001") + "]"), "\"weight\" must be an integer in 1...10000"),
            (campaignJSON(variants: "[" + variantJSON("v", weight: "1.5") + "]"), "\"weight\""),
            (campaignJSON(variants: "[" + variantJSON("v", sha: "abc") + "]"), "\"content.sha256\""),
            (campaignJSON(variants: "[" + variantJSON("v", sha: String(repeating: "g", count: 64)) + "]"), "\"content.sha256\""),
            (campaignJSON(variants: "[" + variantJSON("v", url: "1") + "]"), "\"content.url\""),
            (campaignJSON(variants: "[" + variantJSON("v") + "," + variantJSON("v") + "]"), "variant 1 repeats variant id"),
            (campaignJSON(variants: "[1]"), "variant 0: is a number"),
            (campaignJSON(extra: #","min_engine_version":"1.0""#), "\"min_engine_version\""),
            (campaignJSON(extra: #","min_engine_version":"1.0.0-beta""#), "\"min_engine_version\""),
            (campaignJSON(extra: #","min_engine_version":"01.0.0""#), "\"min_engine_version\""),
        ]
        for (bad, fragment) in cases {
            let r = try decode(response([campaignJSON(id: "good1"), bad, campaignJSON(id: "good2")]))
            #expect(r.placement("p")?.campaigns.map(\.id) == ["good1", "good2"], "\(bad)")
            #expect(r.dropped.count == 1)
            #expect(r.dropped.first?.index == 1)
            #expect(r.dropped.first?.campaignID == "c")
            #expect(r.dropped.first?.reason.contains(fragment) == true, "\(r.dropped.first?.reason ?? "-") lacks \(fragment)")
        }
        let noID = try decode(response(["1", #"{"priority":"high"}"#, campaignJSON(id: "c"), campaignJSON(id: "c")]))
        #expect(noID.placement("p")?.campaigns.map(\.id) == ["c"])
        #expect(noID.dropped.map(\.index) == [0, 1, 3])
        #expect(noID.dropped.map(\.campaignID) == [nil, nil, "c"])
        #expect(noID.dropped.last?.reason.contains("repeats campaign id") == true)
    }

    @Test("AF-13 1 and 8 variants and weights 1 and 10,000 are accepted (the bounds)")
    func bounds() throws {
        let eight = "[" + (0..<8).map { variantJSON("v\($0)", weight: $0 == 0 ? "10000" : "1") }.joined(separator: ",") + "]"
        let r = try decode(response([campaignJSON(variants: eight, extra: #","min_engine_version":null"#)]))
        #expect(r.placement("p")?.campaigns.first?.variants.count == 8)
        #expect(r.placement("p")?.campaigns.first?.totalWeight == 10_007)
        #expect(r.dropped.isEmpty)
    }

    @Test("XC-09 semantic versions parse strictly and compare numerically")
    func versions() {
        #expect(SemanticVersion("0.2.0") == SemanticVersion(major: 0, minor: 2, patch: 0))
        #expect(SemanticVersion("10.0.0")! > SemanticVersion("9.99.99")!)
        #expect(SemanticVersion("0.10.0")! > SemanticVersion("0.9.0")!)
        for bad in ["", "1", "1.0", "1.0.0.0", "a.b.c", "01.0.0", "1.0.0-rc1", "1..0", " 1.0.0", "1234567.0.0", "-1.0.0"] {
            #expect(SemanticVersion(bad) == nil, "\(bad)")
        }
        #expect(SemanticVersion.engine.description == FramesVersion.string)
    }
}
