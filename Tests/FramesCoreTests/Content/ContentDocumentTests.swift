import Testing
@testable import FramesCore

private func decode(_ text: String) throws(FramesError) -> ContentDocument {
    try ContentDocument.decode(Array(text.utf8))
}

private let sha = String(repeating: "0", count: 64)

@Suite("Content document, asset size, integrity and origin checks (AF-14, AF-21)")
struct ContentDocumentTests {
    @Test("AF-14 the documented example fixture decodes: template, assets, actions")
    func example() throws {
        let doc = try ContentDocument.decode(WireFixtures.bytes("content/home_top_banner_a.json"))
        #expect(doc.html.hasPrefix("<!doctype html>"))
        #expect(doc.assets == [ContentAsset(url: "https://cdn.example.com/frames/spring-sale.png", size: 48_213,
                                            sha256: "3b1f1f3e0b9e8c2f8a6d0e8f5c4b3a29181716151413121110f0e0d0c0b0a090")])
        #expect(doc.actions.map(\.id) == ["shop_now", "learn_more"])
        #expect(doc.action("shop_now")?.deepLink == "app://shop/spring-sale")
        #expect(doc.action("shop_now")?.customData["coupon"] == .string("SPRING24"))
        #expect(doc.action("shop_now")?.customData["discount_percent"] == .integer(20))
        #expect(doc.action("shop_now")?.hasCustomData == true)
        #expect(doc.action("learn_more")?.hasCustomData == false)  // AF-21: no didTriggerAction
        #expect(doc.firstOversizedAsset() == nil)
    }

    @Test("AF-14 the example content document matches the SHA-256 the placements fixture names")
    func fixtureIntegrity() throws {
        let body = WireFixtures.bytes("content/home_top_banner_a.json")
        let r = try PlacementsResponse.decode(WireFixtures.bytes("placements/example.json"))
        guard let reference = r.placement("home_top_banner")?.campaigns.first?.variants.first?.content else {
            Issue.record("no reference")
            return
        }
        #expect(ContentCheck.integrity(of: body, expectedSHA256: reference.sha256, url: reference.url) == nil)
        var tampered = body
        tampered.append(UInt8(ascii: " "))
        let failure = ContentCheck.integrity(of: tampered, expectedSHA256: reference.sha256, url: reference.url)
        #expect(failure?.kind == .placementUntrusted)
    }

    @Test("AF-14 asset size: 511,999 and 512,000 bytes pass, 512,001 fails the download")
    func assetSize() throws {
        #expect(ContentCheck.assetSize(511_999, url: "u") == nil)
        #expect(ContentCheck.assetSize(512_000, url: "u") == nil)
        let over = ContentCheck.assetSize(512_001, url: "u")
        #expect(over == .assetTooLarge(url: "u", size: 512_001))
        #expect(over?.kind == .downloadingFailed)
        #expect(over?.description.contains("512001 bytes, over the limit of 512000") == true)
        let doc = try ContentDocument.decode(WireFixtures.bytes("content/asset_too_large.json"))
        #expect(doc.firstOversizedAsset() == .assetTooLarge(url: "https://cdn.example.com/frames/huge.png", size: 512_001))
    }

    @Test("AF-14 a downloaded asset: received size over the limit fails even if the reported size was small; then the checksum")
    func downloadedAsset() {
        let body: [UInt8] = Array("png".utf8)
        let good = ContentAsset(url: "https://x.test/a.png", size: 3, sha256: SHA256.hash(body).hex.uppercased())
        #expect(ContentCheck.downloadedAsset(good, body: body) == nil)
        let lying = ContentAsset(url: "https://x.test/a.png", size: 10, sha256: sha)
        #expect(ContentCheck.downloadedAsset(lying, body: [UInt8](repeating: 0, count: 512_001))?.kind == .downloadingFailed)
        let mismatch = ContentCheck.downloadedAsset(ContentAsset(url: "https://x.test/a.png", size: 3, sha256: sha), body: body)
        #expect(mismatch?.kind == .placementUntrusted)
        #expect(mismatch == .checksumMismatch(url: "https://x.test/a.png", expected: sha, actual: SHA256.hash(body).hex))
    }

    @Test("AF-14 origin: https required; http only with allowInsecureHTTP; other schemes and odd URLs untrusted")
    func origin() {
        #expect(ContentCheck.origin(of: "https://cdn.example.com/a.json") == nil)
        #expect(ContentCheck.origin(of: "HTTPS://cdn.example.com") == nil)
        #expect(ContentCheck.origin(of: "https://cdn.example.com:8443/a?b#c") == nil)
        #expect(ContentCheck.origin(of: "http://127.0.0.1:8080/a.json")?.kind == .placementUntrusted)
        #expect(ContentCheck.origin(of: "http://127.0.0.1:8080/a.json", allowInsecureHTTP: true) == nil)
        for bad in ["ftp://x.test/a", "file:///etc/passwd", "javascript:alert(1)", "//x.test/a", "x.test/a", "",
                    "https:/x.test", "https://", "https:///a", "https://:443/a", "https://user:pw@x.test/",
                    "https://x.test/a b", "https://x.test/\n", "data:text/html,hi"] {
            #expect(ContentCheck.origin(of: bad, allowInsecureHTTP: true)?.kind == .placementUntrusted, "\(bad)")
        }
    }

    @Test("AF-21 actions: deep link optional, custom data optional, empty custom data means no didTriggerAction")
    func actions() throws {
        let doc = try decode(#"{"template":{"html":"x"},"actions":[{"id":"a"},{"id":"b","deep_link":null,"custom_data":null},{"id":"c","custom_data":{}},{"id":"d","custom_data":{"k":[1,{"n":null}]}}]}"#)
        #expect(doc.actions.map(\.hasCustomData) == [false, false, false, true])
        #expect(doc.actions.map(\.deepLink) == [nil, nil, nil, nil])
        #expect(doc.assets.isEmpty)
    }

    @Test("AF-14 a malformed content document is rejected whole, with a clear error")
    func malformed() {
        let cases: [(String, String)] = [
            ("[]", "top level is an array"),
            ("{}", "\"template\" must be an object"),
            (#"{"template":{"url":"https://x"}}"#, "\"template.html\""),
            (#"{"template":{"html":""}}"#, "\"template.html\""),
            (#"{"template":{"html":"x"},"assets":{}}"#, "\"assets\" must be an array"),
            (#"{"template":{"html":"x"},"assets":[{"url":"u","size":-1,"sha256":"\#(sha)"}]}"#, "asset 0: \"size\""),
            (#"{"template":{"html":"x"},"assets":[{"url":"u","size":1.5,"sha256":"\#(sha)"}]}"#, "asset 0: \"size\""),
            (#"{"template":{"html":"x"},"assets":[{"url":"u","size":1,"sha256":"00"}]}"#, "asset 0: \"sha256\""),
            (#"{"template":{"html":"x"},"assets":[{"size":1,"sha256":"\#(sha)"}]}"#, "asset 0: \"url\""),
            (#"{"template":{"html":"x"},"actions":[{"id":""}]}"#, "action 0: \"id\""),
            (#"{"template":{"html":"x"},"actions":[{"id":"a"},{"id":"a"}]}"#, "action 1 repeats action id"),
            (#"{"template":{"html":"x"},"actions":[{"id":"a","deep_link":"no scheme"}]}"#, "\"deep_link\""),
            (#"{"template":{"html":"x"},"actions":[{"id":"a","custom_data":[1]}]}"#, "\"custom_data\" must be an object"),
            (#"{"template":{"html":"x"}} trailing"#, "trailing data"),
        ]
        for (text, fragment) in cases {
            let error = thrownError { () throws(FramesError) in try decode(text) }
            #expect(error?.code == .invalidArgument)
            #expect(error?.message.hasPrefix("content document: ") == true)
            #expect(error?.message.contains(fragment) == true, "\(error?.message ?? "accepted") lacks \(fragment)")
        }
    }

    @Test("AF-14 content document limit: 512 KiB at cap-1, cap, cap+1; a 256 KiB template string fits")
    func sizeLimit() {
        let cap = PayloadLimits.contentDocument.maxBytes
        let prefix = #"{"template":{"html":"x"}}"#
        for (size, ok) in [(cap - 1, true), (cap, true), (cap + 1, false)] {
            let text = prefix + String(repeating: " ", count: size - prefix.utf8.count)
            let error = thrownError { () throws(FramesError) in try decode(text) }
            #expect((error == nil) == ok, "size \(size)")
            if let error { #expect(error.message.contains("document of 524289 bytes exceeds the limit of 524288 bytes")) }
        }
        let html = String(repeating: "h", count: 262_144)
        #expect((try? decode(#"{"template":{"html":"\#(html)"}}"#))?.html.utf8.count == 262_144)
        #expect(thrownError { () throws(FramesError) in try decode(#"{"template":{"html":"\#(html)h"}}"#) } != nil)
    }
}
