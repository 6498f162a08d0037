/// CRC-32 (IEEE 802.3, reflected, polynomial 0xEDB88320): the checksum of
/// the persisted-state blob. Cheap enough to run over a whole blob on every
/// export and import; it guards against truncation and bit rot, not
/// against a forger (the host owns the blob anyway).
///
/// Slicing-by-8 (eight tables, eight bytes a step): a blob of 10,000 capping
/// ledgers is about 260 KB, and the byte-at-a-time loop alone took a third
/// of an import's budget.
enum CRC32 {
    /// tables[256 * k + n]: the CRC of byte n followed by k zero bytes; one
    /// flat array read through a pointer (every index is a byte plus a
    /// constant below 2,048): checked subscripts of eight arrays cost twice
    /// the lookups themselves.
    private static let tables: [UInt32] = {
        var tables = [UInt32](repeating: 0, count: 256 * 8)
        for n in 0..<256 {
            var c = UInt32(n)
            for _ in 0..<8 { c = (c & 1) != 0 ? 0xEDB8_8320 ^ (c >> 1) : c >> 1 }
            tables[n] = c
        }
        for k in 1..<8 {
            for n in 0..<256 {
                let previous = tables[256 * (k - 1) + n]
                tables[256 * k + n] = (previous >> 8) ^ tables[Int(previous & 0xFF)]
            }
        }
        return tables
    }()

    static func checksum(_ bytes: ArraySlice<UInt8>) -> UInt32 {
        bytes.withUnsafeBytes { checksum($0) }
    }

    static func checksum(_ buffer: UnsafeRawBufferPointer) -> UInt32 {
        var crc: UInt32 = 0xFFFF_FFFF
        Self.tables.withUnsafeBufferPointer { tables in
            let t = tables.baseAddress!
            guard let base = buffer.baseAddress else { return }
            var i = 0
            let n = buffer.count
            while n - i >= 8 {
                let word = UInt64(littleEndian: base.loadUnaligned(fromByteOffset: i, as: UInt64.self))
                let lo = crc ^ UInt32(truncatingIfNeeded: word)
                let hi = UInt32(truncatingIfNeeded: word >> 32)
                crc = t[1792 + Int(lo & 0xFF)] ^ t[1536 + Int((lo >> 8) & 0xFF)]
                    ^ t[1280 + Int((lo >> 16) & 0xFF)] ^ t[1024 + Int(lo >> 24)]
                    ^ t[768 + Int(hi & 0xFF)] ^ t[512 + Int((hi >> 8) & 0xFF)]
                    ^ t[256 + Int((hi >> 16) & 0xFF)] ^ t[Int(hi >> 24)]
                i += 8
            }
            while i < n {
                crc = t[Int((crc ^ UInt32(base.load(fromByteOffset: i, as: UInt8.self))) & 0xFF)] ^ (crc >> 8)
                i += 1
            }
        }
        return crc ^ 0xFFFF_FFFF
    }
}
