import Testing
@testable import FramesCore

/// Header names, schemes and hex digits are lowered and raised byte by byte
/// (Support/ASCIICase.swift): A-Z and a-z only, every other byte kept.
@Suite("ASCII case for ASCII text (XC-06 Retry-After, AF-14 schemes)")
struct ASCIICaseTests {
    @Test("XC-06 every ASCII letter changes case and nothing else does")
    func letters() {
        let all = String(decoding: (0..<128).map { UInt8($0) }, as: UTF8.self)
        #expect(all.asciiLowercased == all.lowercased())
        #expect(all.asciiUppercased == all.uppercased())
        #expect("Retry-AFTER".asciiLowercased == "retry-after")
    }

    @Test("AF-14 letters beyond ASCII are kept as written")
    func beyondASCII() {
        #expect("ÄTTPS\u{212A}".asciiLowercased == "Ättps\u{212A}")
        #expect("hİtps".asciiUppercased == "HİTPS")
        #expect("straße".asciiUppercased == "STRAßE")
    }
}
