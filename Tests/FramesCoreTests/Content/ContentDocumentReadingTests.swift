import Testing
@testable import FramesCore

/// The one-pass reading of a content document (ContentDocument+Reading.swift)
/// is only a faster road to the tree's answer: whatever it returns, the tree
/// returns too, and it returns nil for everything the tree must decide
/// (AF-14, AF-21, XC-07).
@Suite("Content document: the one-pass read agrees with the tree (AF-14, AF-21, XC-07)")
struct ContentDocumentReadingTests {
    static func tree(_ bytes: [UInt8], _ limits: PayloadLimits) -> Result<ContentDocument, FramesError> {
        do throws(FramesError) {
            return .success(try ContentDocument.decode(try JSONParser(limits: limits).parse(bytes)))
        } catch {
            return .failure(error)
        }
    }

    @Test("AF-14 AF-21 the documented fixture is read in one pass, custom data and escapes included")
    func fixture() throws {
        let bytes = WireFixtures.bytes("content/home_top_banner_a.json")
        let read = try #require(ContentDocument.read(bytes, limits: .contentDocument))
        #expect(read.html.contains("data-action=\"shop_now\"") && read.html.contains("×"))
        #expect(read.actions.first?.customData["coupon"] == .string("SPRING24"))
        #expect(read.actions.last?.hasCustomData == false)
        #expect(Self.tree(bytes, .contentDocument) == .success(read))
    }

    @Test("AF-14 XC-07 what the tree must decide is not read in one pass")
    func unusual() {
        let cases = [
            #"{"template":{"html":""}}"#,
            #"{"template":{}}"#,
            #"{"template":{"html":"x"},"assets":{}}"#,
            #"{"template":{"html":"x"},"assets":[{"url":"https://a.test/x","size":1.5,"sha256":"00"}]}"#,
            #"{"template":{"html":"x"},"actions":[{"id":"a"},{"id":"a"}]}"#,
            #"{"template":{"html":"x"},"actions":[{"id":"a","deep_link":"no scheme"}]}"#,
            #"{"template":{"html":"x"},"actions":[{"id":"a","custom_data":[1]}]}"#,
            #"{"template":{"html":"x\u0000"} "#,
        ]
        for text in cases {
            #expect(ContentDocument.read(Array(text.utf8), limits: .contentDocument) == nil, "\(text)")
        }
    }

    @Test("AF-21 XC-07 a repeated action id among many is found, as the tree finds it")
    func manyActions() {
        let ids = (0..<40).map { #"{"id":"a\#($0)"}"# }
        let unique = #"{"template":{"html":"x"},"actions":[\#(ids.joined(separator: ","))]}"#
        #expect(ContentDocument.read(Array(unique.utf8), limits: .contentDocument)?.actions.count == 40)
        let repeated = #"{"template":{"html":"x"},"actions":[\#((ids + [#"{"id":"a3"}"#]).joined(separator: ","))]}"#
        #expect(ContentDocument.read(Array(repeated.utf8), limits: .contentDocument) == nil)
        #expect((try? ContentDocument.decode(Array(repeated.utf8))) == nil)
    }

    @Test("AF-14 XC-07 4,000 mutations of the documents: the one-pass read is nil or the tree's answer")
    func mutations() {
        var rng = SplitMix64(seed: 0x434F_4E54_454E_54)
        let small = PayloadLimits(maxBytes: 4_096, maxDepth: 4, maxStringBytes: 200, maxElements: 8)
        var read = 0
        for name in ["content/home_top_banner_a.json", "content/asset_too_large.json"] {
            let original = WireFixtures.bytes(name)
            for _ in 0..<2_000 {
                let input = PayloadFuzzTests.mutate(original, &rng)
                for limits in [PayloadLimits.contentDocument, small] {
                    guard let fast = ContentDocument.read(input, limits: limits) else { continue }
                    read += 1
                    #expect(Self.tree(input, limits) == .success(fast), "\(String(decoding: input, as: UTF8.self))")
                }
            }
        }
        #expect(read > 500, "only \(read) mutations were read in one pass")
    }
}
