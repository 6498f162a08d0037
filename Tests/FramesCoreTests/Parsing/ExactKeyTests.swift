import Testing
@testable import FramesCore

@Suite("Exact keys: code points, never canonical equivalence (XC-07, RFC 8259 §8.3)")
struct ExactKeyTests {
    @Test("XC-07 a JSON object may hold \"\\u00e9\" and \"e\\u0301\" as two keys; an exact repeat is refused")
    func jsonKeys() throws {
        let value = try JSONParser(limits: .placements).parse(Array(#"{"\u00e9":1,"e\u0301":2}"#.utf8))
        let object = try #require(value.objectValue)
        #expect(object.count == 2)
        #expect(object["\u{E9}"] == .integer(1))
        #expect(object["e\u{301}"] == .integer(2))
        #expect(throws: FramesError.self) { try JSONParser(limits: .placements).parse(Array(#"{"\u00e9":1,"\u00e9":2}"#.utf8)) }
        // Raw UTF-8 spellings behave the same as escapes.
        let raw = try JSONParser(limits: .placements).parse(Array("{\"caf\u{E9}\":1,\"cafe\u{301}\":2}".utf8))
        #expect(raw.objectValue?.count == 2)
    }

    @Test("XC-07 a property list dict may hold both spellings as two keys; an exact repeat is refused")
    func plistKeys() throws {
        func plist(_ keys: [String]) -> [UInt8] {
            let entries = keys.enumerated().map { "<key>\($1)</key><integer>\($0)</integer>" }.joined()
            return Array("<?xml version=\"1.0\"?><plist version=\"1.0\"><dict>\(entries)</dict></plist>".utf8)
        }
        let value = try XMLPropertyListReader(limits: .hostConfiguration).parse(plist(["caf\u{E9}", "cafe\u{301}"]))
        #expect(value["caf\u{E9}"] == .integer(0))
        #expect(value["cafe\u{301}"] == .integer(1))
        #expect(throws: FramesError.self) { try XMLPropertyListReader(limits: .hostConfiguration).parse(plist(["caf\u{E9}", "caf\u{E9}"])) }
    }

    @Test("AF-12 XC-07 two placements that differ only in normalization are two placements")
    func placementIds() throws {
        func campaign(_ id: String) -> String {
            #"{"campaigns":[{"id":"\#(id)","priority":"high","created_at":1,"variants":[{"id":"A","weight":1,"content":{"url":"https://cdn.test/a","sha256":"\#(String(repeating: "0", count: 64))"}}]}]}"#
        }
        let body = "{\"placements\":{\"caf\u{E9}\":\(campaign("nfc")),\"cafe\u{301}\":\(campaign("nfd"))}}"
        let response = try PlacementsResponse.decode(Array(body.utf8))
        #expect(response.placements.count == 2)
        #expect(response.placement("caf\u{E9}")?.campaigns.first?.id == "nfc")
        #expect(response.placement("cafe\u{301}")?.campaigns.first?.id == "nfd")
    }

    @Test("XC-07 banner ids differing only in normalization are two banners, not a repeat")
    func bannerIds() throws {
        let sha = String(repeating: "a", count: 64)
        func banner(_ id: String) -> String {
            #"{"id":"\#(id)","ratio":1,"content":{"url":"https://cdn.test/b","sha256":"\#(sha)"}}"#
        }
        let list = try BannerList.decode(Array("{\"banners\":[\(banner("caf\u{E9}")),\(banner("cafe\u{301}"))]}".utf8))
        #expect(list.banners.count == 2 && list.dropped.isEmpty)
    }

    @Test("ExactKey hashes and compares bytes")
    func exactKey() {
        #expect(ExactKey("caf\u{E9}") != ExactKey("cafe\u{301}"))
        #expect(Set([ExactKey("caf\u{E9}"), ExactKey("cafe\u{301}")]).count == 2)
        #expect("caf\u{E9}" == "cafe\u{301}")  // what Swift's String would say
    }
}
