/// Copies of a few bytes (the ids of a state blob, a dozen bytes each)
/// without a call into memcpy: two overlapping loads and stores of one
/// word size, which is a third of memcpy's instructions at that size (XC-10).
enum SmallCopy {
    @inline(__always)
    static func copy(_ source: UnsafeRawPointer, to destination: UnsafeMutableRawPointer, count: Int) {
        if count > 16 {
            destination.copyMemory(from: source, byteCount: count)
        } else if count >= 8 {
            let head = source.loadUnaligned(as: UInt64.self)
            let tail = source.loadUnaligned(fromByteOffset: count - 8, as: UInt64.self)
            destination.storeBytes(of: head, as: UInt64.self)
            destination.storeBytes(of: tail, toByteOffset: count - 8, as: UInt64.self)
        } else if count >= 4 {
            let head = source.loadUnaligned(as: UInt32.self)
            let tail = source.loadUnaligned(fromByteOffset: count - 4, as: UInt32.self)
            destination.storeBytes(of: head, as: UInt32.self)
            destination.storeBytes(of: tail, toByteOffset: count - 4, as: UInt32.self)
        } else {
            for i in 0..<count { destination.storeBytes(of: source.load(fromByteOffset: i, as: UInt8.self), toByteOffset: i, as: UInt8.self) }
        }
    }
}
