/// The order of byte strings (UTF-8 ids): what makes an export canonical
/// and what keeps a sorted table searchable without building Strings.
/// Eight bytes a step, read big-endian so that the words order as the bytes
/// do: state imports compare 10,000 ids and byte-at-a-time was a tenth of
/// one (XC-10).
enum ByteOrder {
    /// How the bytes of `a` order against those of `b`: -1 before, 0
    /// equal, 1 after; a prefix comes first.
    @inline(__always)
    static func compare(_ a: UnsafeRawBufferPointer, _ b: UnsafeRawBufferPointer) -> Int {
        guard let x = a.baseAddress, let y = b.baseAddress else {
            return a.count == b.count ? 0 : (a.count < b.count ? -1 : 1)  // one is empty
        }
        return compare(x, a.count, y, b.count)
    }

    /// How the `count` bytes at `a` order against the `otherCount` bytes at `b`.
    @inline(__always)
    static func compare(_ a: UnsafeRawPointer, _ count: Int, _ b: UnsafeRawPointer, _ otherCount: Int) -> Int {
        let n = Swift.min(count, otherCount)
        var i = 0
        while n - i >= 8 {
            let x = UInt64(bigEndian: a.loadUnaligned(fromByteOffset: i, as: UInt64.self))
            let y = UInt64(bigEndian: b.loadUnaligned(fromByteOffset: i, as: UInt64.self))
            if x != y { return x < y ? -1 : 1 }
            i += 8
        }
        if i < n, n >= 8 {
            // The last word overlaps bytes already equal: the first
            // difference in it is the first in the rest.
            let x = UInt64(bigEndian: a.loadUnaligned(fromByteOffset: n - 8, as: UInt64.self))
            let y = UInt64(bigEndian: b.loadUnaligned(fromByteOffset: n - 8, as: UInt64.self))
            if x != y { return x < y ? -1 : 1 }
            i = n
        }
        while i < n {
            let x = a.load(fromByteOffset: i, as: UInt8.self)
            let y = b.load(fromByteOffset: i, as: UInt8.self)
            if x != y { return x < y ? -1 : 1 }
            i += 1
        }
        return count == otherCount ? 0 : (count < otherCount ? -1 : 1)
    }
}

extension String {
    /// Orders by UTF-8 bytes (`ByteOrder`), not by Unicode's collation.
    func precedesInBytes(_ other: String) -> Bool {
        let b = other.utf8.span.bytes
        return utf8.span.bytes.withUnsafeBytes { x in b.withUnsafeBytes { y in ByteOrder.compare(x, y) < 0 } }
    }

    /// How this string's UTF-8 bytes order against `bytes` (`ByteOrder.compare`).
    func compareBytes(_ bytes: UnsafeRawBufferPointer) -> Int {
        utf8.span.bytes.withUnsafeBytes { ByteOrder.compare($0, bytes) }
    }
}
