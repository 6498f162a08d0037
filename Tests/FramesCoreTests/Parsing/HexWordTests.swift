import Testing
@testable import FramesCore

/// The digit-at-a-time comparison `ContentCheck.matches` replaced: the
/// reference the word-at-a-time one must agree with.
private func referenceMatches(_ digest: [UInt8], hex: String) -> Bool {
    let text = Array(hex.utf8)
    guard text.count == 2 * digest.count else { return false }
    func lowered(_ c: UInt8) -> UInt8 { c >= UInt8(ascii: "A") && c <= UInt8(ascii: "F") ? c + 32 : c }
    for (i, byte) in digest.enumerated()
    where lowered(text[2 * i]) != hexDigit(byte >> 4) || lowered(text[2 * i + 1]) != hexDigit(byte & 0x0f) {
        return false
    }
    return true
}

@Suite("SHA-256 against its hex text, eight digits at a time (AF-14 integrity)")
struct HexWordTests {
    @Test("AF-14 every byte value spreads into its two lowercase digits")
    func digits() {
        for value in 0...255 {
            let byte = UInt8(value)
            let word = HexWord.digits(UInt32(byte) | 0xA5C3_0000)
            #expect(UInt8(truncatingIfNeeded: word) == hexDigit(byte >> 4))
            #expect(UInt8(truncatingIfNeeded: word >> 8) == hexDigit(byte & 0x0f))
            #expect((word >> 16) & 0xFFFF == 0x3030)  // "00": the second byte
            #expect(word >> 32 == 0x3561_3363)  // "c3a5": the third and fourth bytes, lowest first
        }
    }

    @Test("AF-14 only A-F are lowered, in every lane, whatever the other bytes")
    func lowercased() {
        for value in 0...255 {
            let byte = UInt8(value)
            let expected: UInt8 = byte >= 0x41 && byte <= 0x46 ? byte + 32 : byte
            for lane in 0..<8 {
                let word = (UInt64(byte) << (8 * lane)) | (lane == 0 ? 0xFF46_0045_80C1_4700 : 0x0000_0000_0000_00C6)
                let lowered = HexWord.lowercased(word)
                #expect(UInt8(truncatingIfNeeded: lowered >> (8 * lane)) == expected)
            }
        }
        #expect(HexWord.lowercased(0xFF46_0045_80C1_4700) == 0xFF66_0065_80C1_4700)
    }

    @Test("BN-07 a lowercase hex digit is told in every lane, whatever the other bytes")
    func lowercaseHexDigits() {
        let digits = Array("0123456789abcdef".utf8)
        for value in 0...255 {
            let byte = UInt8(value)
            for lane in 0..<8 {
                let others: UInt64 = 0x3061_3966_3030_6130 & ~(0xFF << (8 * UInt64(lane)))
                #expect(HexWord.isLowercaseHex(others | UInt64(byte) << (8 * UInt64(lane))) == digits.contains(byte))
            }
        }
        let hex = String(repeating: "0123456789abcdef", count: 4)
        #expect(HexWord.isLowercaseSHA256(hex))
        #expect(!HexWord.isLowercaseSHA256(hex.uppercased()))
        #expect(!HexWord.isLowercaseSHA256(String(hex.dropLast())) && !HexWord.isLowercaseSHA256(hex + "0"))
        #expect(!HexWord.isLowercaseSHA256(String(hex.dropLast()) + "g"))
        #expect(!HexWord.isLowercaseSHA256(String(hex.dropLast()) + "é"))
    }

    @Test("AF-14 the digest comparison agrees with digit-by-digit: any case, any wrong digit or length")
    func agreement() {
        var random = SplitMix64(seed: 7)
        for round in 0..<300 {
            let digest = SHA256.hash(utf8: "content \(round)").bytes
            let hex = String(decoding: digest.flatMap { [hexDigit($0 >> 4), hexDigit($0 & 0x0f)] }, as: UTF8.self)
            var cases = [hex, hex.uppercased(), String(hex.dropLast()), hex + "0", ""]
            var mixed = Array(hex.utf8)
            for i in mixed.indices where random.next() % 2 == 0 && mixed[i] >= UInt8(ascii: "a") {
                mixed[i] -= 32
            }
            cases.append(String(decoding: mixed, as: UTF8.self))
            // One digit replaced by a byte that is not its digit (control
            // characters, "@", "G", "`", "g", other digits...).
            var wrong = Array(hex.utf8)
            let at = Int(random.next() % 64)
            let replacement = UInt8(truncatingIfNeeded: random.next() % 0x7f)
            wrong[at] = replacement
            cases.append(String(decoding: wrong, as: UTF8.self))
            for text in cases {
                #expect(ContentCheck.matches(digest, hex: text) == referenceMatches(digest, hex: text), "\(text)")
            }
            #expect(ContentCheck.matches(digest, hex: hex))
            #expect(ContentCheck.matches(digest, hex: hex.uppercased()))
        }
    }
}
