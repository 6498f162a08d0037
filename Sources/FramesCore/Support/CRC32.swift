/// CRC-32 (IEEE 802.3, reflected, polynomial 0xEDB88320): the checksum of
/// the persisted-state blob. Cheap enough to run over a whole blob on every
/// export and import; it guards against truncation and bit rot, not
/// against a forger (the host owns the blob anyway).
///
/// Slicing-by-8 (eight tables, eight bytes a step): a blob of 10,000 capping
/// ledgers is about 260 KB, and the byte-at-a-time loop alone took a third
/// of an import's budget.
enum CRC32 {
    /// tables[k][n]: the CRC of byte n followed by k zero bytes.
    private static let tables: [[UInt32]] = {
        var first = [UInt32](repeating: 0, count: 256)
        for n in 0..<256 {
            var c = UInt32(n)
            for _ in 0..<8 { c = (c & 1) != 0 ? 0xEDB8_8320 ^ (c >> 1) : c >> 1 }
            first[n] = c
        }
        var tables = [first]
        for k in 1..<8 {
            let previous = tables[k - 1]
            tables.append((0..<256).map { n in (previous[n] >> 8) ^ first[Int(previous[n] & 0xFF)] })
        }
        return tables
    }()

    static func checksum(_ bytes: ArraySlice<UInt8>) -> UInt32 {
        let t = Self.tables
        let (t0, t1, t2, t3, t4, t5, t6, t7) = (t[0], t[1], t[2], t[3], t[4], t[5], t[6], t[7])
        var crc: UInt32 = 0xFFFF_FFFF
        bytes.withUnsafeBufferPointer { buffer in
            var i = 0
            let n = buffer.count
            while n - i >= 8 {
                let lo = crc ^ (UInt32(buffer[i]) | UInt32(buffer[i + 1]) << 8 | UInt32(buffer[i + 2]) << 16
                    | UInt32(buffer[i + 3]) << 24)
                crc = t7[Int(lo & 0xFF)] ^ t6[Int((lo >> 8) & 0xFF)] ^ t5[Int((lo >> 16) & 0xFF)] ^ t4[Int(lo >> 24)]
                    ^ t3[Int(buffer[i + 4])] ^ t2[Int(buffer[i + 5])] ^ t1[Int(buffer[i + 6])] ^ t0[Int(buffer[i + 7])]
                i += 8
            }
            while i < n {
                crc = t0[Int((crc ^ UInt32(buffer[i])) & 0xFF)] ^ (crc >> 8)
                i += 1
            }
        }
        return crc ^ 0xFFFF_FFFF
    }
}
