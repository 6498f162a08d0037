/// Hexadecimal text eight digits at a time, in a UInt64 whose lowest byte
/// is the first digit (SWAR: every byte a lane, no carry between lanes).
/// `ContentCheck.matches` compares a SHA-256 with its hex text (AF-14) with
/// it: 8 word steps instead of 64 digit steps.
enum HexWord {
    private static let ones: UInt64 = 0x0101_0101_0101_0101
    private static let highBits: UInt64 = 0x8080_8080_8080_8080

    /// The eight lowercase hex digits of four bytes, the first byte (the
    /// lowest of `bytes`) first, high nibble before low.
    @inline(__always)
    static func digits(_ bytes: UInt32) -> UInt64 {
        // Byte i to the low byte of 16-bit lane i.
        var lanes = UInt64(bytes)
        lanes = (lanes | (lanes << 16)) & 0x0000_FFFF_0000_FFFF
        lanes = (lanes | (lanes << 8)) & 0x00FF_00FF_00FF_00FF
        // High nibble at byte 2i, low nibble at byte 2i+1: one nibble a byte.
        let nibbles = ((lanes >> 4) & 0x000F_000F_000F_000F) | ((lanes & 0x000F_000F_000F_000F) << 8)
        // 1 in the bytes whose nibble is over 9 (nibble + 0x76 reaches 0x80).
        let letters = ((nibbles &+ 0x76 &* ones) & highBits) >> 7
        // "0" + n, and "a" - "0" - 10 = 39 more for a letter.
        return nibbles &+ 0x30 &* ones &+ letters &* 39
    }

    /// Whether every byte of `word` is a lowercase hex digit, "0"..."9" or
    /// "a"..."f".
    @inline(__always)
    static func isLowercaseHex(_ word: UInt64) -> Bool {
        // Bytes >= 0x80 are never digits; below it, adding 0x80 - c sets a
        // byte's high bit exactly when the byte is >= c, with no carry out.
        guard word & highBits == 0 else { return false }
        let atLeast0 = word &+ (0x80 - 0x30) &* ones
        let pastDigits = word &+ (0x80 - 0x3A) &* ones
        let atLeastA = word &+ (0x80 - 0x61) &* ones
        let pastF = word &+ (0x80 - 0x67) &* ones
        return ((atLeast0 & ~pastDigits) | (atLeastA & ~pastF)) & highBits == highBits
    }

    /// Whether `text` is 64 lowercase hex digits — how a SHA-256 is written
    /// on the wire, and how the engine keeps it — eight at a time: a list
    /// names one per banner (BN-07).
    static func isLowercaseSHA256(_ text: String) -> Bool {
        text.utf8.withContiguousStorageIfAvailable { utf8 -> Bool in
            guard utf8.count == 64 else { return false }
            let raw = UnsafeRawBufferPointer(utf8)
            var offset = 0
            while offset < 64 {
                let word = UInt64(littleEndian: raw.loadUnaligned(fromByteOffset: offset, as: UInt64.self))
                guard isLowercaseHex(word) else { return false }
                offset += 8
            }
            return true
        } ?? false
    }

    /// `word` with its bytes "A"..."F" lowered to "a"..."f", every other byte
    /// as it is.
    @inline(__always)
    static func lowercased(_ word: UInt64) -> UInt64 {
        let low7 = word & ~highBits
        // High bit set where the byte (its low 7 bits) is >= "A", and where >= "G".
        let atLeastA = low7 &+ (0x80 - 0x41) &* ones
        let atLeastG = low7 &+ (0x80 - 0x47) &* ones
        // "A"..."F", and not a byte >= 0x80 whose low 7 bits look like one.
        let upper = atLeastA & ~atLeastG & ~word & highBits
        return word | (upper >> 2)
    }
}
