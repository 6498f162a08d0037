/// CRC-32 (IEEE 802.3, reflected, polynomial 0xEDB88320): the checksum of
/// the persisted-state blob. Cheap enough to run over a whole blob on every
/// export and import; it guards against truncation and bit rot, not
/// against a forger (the host owns the blob anyway).
///
/// Braided, as zlib computes it: five independent CRCs over interleaved
/// eight-byte words, combined at the end. A blob of 10,000 capping ledgers
/// is about 260 KB, and a single chain of table lookups (even eight or
/// sixteen bytes a step) waits on each lookup's latency: it took twice
/// zlib's time, which is an import's and an export's floor (XC-10).
enum CRC32 {
    private static let polynomial: UInt32 = 0xEDB8_8320
    /// Words per braid block, and bytes per word.
    private static let braids = 5, wordBytes = 8

    /// table[n]: the CRC of byte n.
    private static let table: [UInt32] = (0..<256).map { n in
        var c = UInt32(n)
        for _ in 0..<8 { c = (c & 1) != 0 ? polynomial ^ (c >> 1) : c >> 1 }
        return c
    }

    /// braidTable[256 * k + n]: byte n at position k of a word, carried
    /// over the other braids' words to where the same braid's next word
    /// starts (zlib's crc_braid_table). One flat array read through a
    /// pointer: every index is a byte plus a constant below 2,048.
    private static let braidTable: [UInt32] = {
        var tables = [UInt32](repeating: 0, count: 256 * wordBytes)
        for k in 0..<wordBytes {
            let shift = xToThe((braids * wordBytes + 3 - k) * 8)
            for n in 1..<256 { tables[256 * k + n] = multiply(UInt32(n) << 24, shift) }
        }
        return tables
    }()

    /// a × b modulo the polynomial (bit-reflected: bit 31 is x^0).
    private static func multiply(_ a: UInt32, _ b: UInt32) -> UInt32 {
        var b = b
        var m: UInt32 = 1 << 31
        var product: UInt32 = 0
        while m != 0 {
            if a & m != 0 { product ^= b }
            m >>= 1
            b = b & 1 != 0 ? (b >> 1) ^ polynomial : b >> 1
        }
        return product
    }

    /// x^n modulo the polynomial.
    private static func xToThe(_ n: Int) -> UInt32 {
        var power: UInt32 = 1 << 30  // x^1, then x^2, x^4, …
        var result: UInt32 = 1 << 31  // x^0
        var n = n
        while n != 0 {
            if n & 1 != 0 { result = multiply(power, result) }
            power = multiply(power, power)
            n >>= 1
        }
        return result
    }

    static func checksum(_ bytes: ArraySlice<UInt8>) -> UInt32 {
        bytes.withUnsafeBytes { checksum($0) }
    }

    static func checksum(_ buffer: UnsafeRawBufferPointer) -> UInt32 {
        var crc: UInt32 = 0xFFFF_FFFF
        guard let base = buffer.baseAddress else { return 0 }
        let n = buffer.count
        var i = 0
        table.withUnsafeBufferPointer { table in
            braidTable.withUnsafeBufferPointer { braid in
                let t = table.baseAddress!, b = braid.baseAddress!
                func word(_ at: Int) -> UInt64 { UInt64(littleEndian: base.loadUnaligned(fromByteOffset: at, as: UInt64.self)) }
                /// The CRC of a word's eight bytes, one at a time.
                func crcOfWord(_ data: UInt64) -> UInt32 {
                    var data = data
                    for _ in 0..<8 { data = (data >> 8) ^ UInt64(t[Int(data & 0xFF)]) }
                    return UInt32(truncatingIfNeeded: data)
                }
                let block = braids * wordBytes
                if n >= block {
                    var c0 = crc, c1: UInt32 = 0, c2: UInt32 = 0, c3: UInt32 = 0, c4: UInt32 = 0
                    // Every block but the last: five CRCs, each over every fifth word.
                    while n - i >= 2 * block {
                        let w0 = UInt64(c0) ^ word(i), w1 = UInt64(c1) ^ word(i + 8), w2 = UInt64(c2) ^ word(i + 16)
                        let w3 = UInt64(c3) ^ word(i + 24), w4 = UInt64(c4) ^ word(i + 32)
                        i += block
                        c0 = b[Int(w0 & 0xFF)]
                        c1 = b[Int(w1 & 0xFF)]
                        c2 = b[Int(w2 & 0xFF)]
                        c3 = b[Int(w3 & 0xFF)]
                        c4 = b[Int(w4 & 0xFF)]
                        // Bytes 1 to 7 of each word, written out: the Embedded
                        // build's -Osize does not unroll a loop, and as one it
                        // took twice the time (docs/decisions.md, "Embedded Swift").
                        @inline(__always) func byte(_ k: Int) {
                            let shift = UInt64(8 * k), table = 256 * k
                            c0 ^= b[table + Int((w0 >> shift) & 0xFF)]
                            c1 ^= b[table + Int((w1 >> shift) & 0xFF)]
                            c2 ^= b[table + Int((w2 >> shift) & 0xFF)]
                            c3 ^= b[table + Int((w3 >> shift) & 0xFF)]
                            c4 ^= b[table + Int((w4 >> shift) & 0xFF)]
                        }
                        byte(1); byte(2); byte(3); byte(4); byte(5); byte(6); byte(7)
                    }
                    // The last block joins the five into one.
                    crc = crcOfWord(UInt64(c0) ^ word(i))
                    crc = crcOfWord(UInt64(c1) ^ word(i + 8) ^ UInt64(crc))
                    crc = crcOfWord(UInt64(c2) ^ word(i + 16) ^ UInt64(crc))
                    crc = crcOfWord(UInt64(c3) ^ word(i + 24) ^ UInt64(crc))
                    crc = crcOfWord(UInt64(c4) ^ word(i + 32) ^ UInt64(crc))
                    i += block
                }
                while i < n {
                    crc = t[Int((crc ^ UInt32(base.load(fromByteOffset: i, as: UInt8.self))) & 0xFF)] ^ (crc >> 8)
                    i += 1
                }
            }
        }
        return crc ^ 0xFFFF_FFFF
    }
}
