import CFramesNumber
import Testing
@testable import FramesCore

/// The C library's parser (Sources/CFramesNumber) took the place of
/// `Double(String)`, which Embedded Swift lacks: it must give the very
/// same Double for every decimal text the readers pass it.
@Suite("Decimal text to Double: the C parser agrees with Double(String) (XC-07)")
struct DecimalTextTests {
    private func parse(_ text: String) -> Double? {
        let bytes = Array(text.utf8)
        return DecimalText.double(bytes, 0..<bytes.count)
    }

    @Test("XC-07 shortest round-trip texts of random doubles read back bit for bit")
    func randomRoundTrips() {
        var random = SplitMix64(seed: 0x5eed_dec1)
        for _ in 0..<5_000 {
            let value = Double(bitPattern: random.next() & 0x7fef_ffff_ffff_ffff)
            for text in [value.description, (-value).description] {
                #expect(parse(text)?.bitPattern == Double(text)?.bitPattern, "\(text)")
            }
        }
    }

    @Test("XC-07 halfway cases, long mantissas, exponents, subnormals and overflow")
    func hardCases() {
        let texts = [
            "0", "-0", "0.0", "1", "-1", "1.5", "0.1", "0.30000000000000004", "9007199254740993",
            "2.2250738585072011e-308", "4.9406564584124654e-324", "2.4703282292062328e-324", "1e-400",
            "1.7976931348623157e308", "1.7976931348623158e308", "1e309", "-1e309", "123456789012345678901234567890",
            "1.00000000000000011102230246251565404236316680908203125", "7.2057594037927933e16", "1E5", "1e+5", "1e-5",
            String(repeating: "9", count: 400) + ".5",
        ]
        for text in texts {
            #expect(parse(text)?.bitPattern == Double(text)?.bitPattern, "\(text)")
        }
    }

    @Test("XC-07 what is not a decimal number, or is too long, is refused")
    func refusals() {
        for text in ["", " 1", "1 ", "0x10", "inf", "nan", "1,5", "1e", "--1", "\u{0}1"] {
            #expect(parse(text) == nil, "\(text.debugDescription)")
        }
        #expect(parse(String(repeating: "1", count: Int(CFRAMES_NUMBER_MAX_BYTES))) != nil)
        #expect(parse(String(repeating: "1", count: Int(CFRAMES_NUMBER_MAX_BYTES) + 1)) == nil)
        #expect(Int(CFRAMES_NUMBER_MAX_BYTES) == JSONParser.maxNumberBytes)
        #expect(DecimalText.double(Array("12".utf8), 1..<3) == nil)
        #expect(DecimalText.double(Array("12".utf8), 1..<2) == 2)
    }
}
