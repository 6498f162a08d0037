extension Array where Element == UInt8 {
    /// A copy of the `count` bytes at `start` (none when `start` is nil or
    /// `count` is not positive), made as one block copy. `Array(buffer)`
    /// and `Array(slice)` copy byte by byte in the Embedded build — its
    /// `-Osize` standard library calls a function per byte — which made a
    /// state blob's import several times slower (docs/decisions.md,
    /// "Embedded Swift").
    public init(copyingBytes start: UnsafeRawPointer?, count: Int) {
        guard let start, count > 0 else {
            self = []
            return
        }
        #if hasFeature(Embedded)
        self.init(unsafeUninitializedCapacity: count) { buffer, initialized in
            guard let base = buffer.baseAddress else { return }
            UnsafeMutableRawPointer(base).copyMemory(from: start, byteCount: count)
            initialized = count
        }
        #else
        // Array(unsafeUninitializedCapacity:) looks its storage type up at
        // run time in the standard build (`ScratchBuffer.array`); reserving
        // and appending one buffer is one memcpy there.
        self = []
        reserveCapacity(count)
        append(contentsOf: UnsafeRawBufferPointer(start: start, count: count).bindMemory(to: UInt8.self))
        #endif
    }

    /// A copy of `slice`, made as one block copy (`init(copyingBytes:count:)`).
    public init(copying slice: ArraySlice<UInt8>) {
        self = slice.withUnsafeBytes { Array(copyingBytes: $0.baseAddress, count: $0.count) }
    }
}

extension UnsafeMutablePointer where Pointee == UInt8 {
    /// Copies `count` bytes from `source` as one block (`memmove`):
    /// `update(from:count:)` calls a function per byte in the Embedded
    /// build's `-Osize` standard library.
    @inline(__always)
    public func copyBytes(from source: UnsafePointer<UInt8>, count: Int) {
        UnsafeMutableRawPointer(self).copyMemory(from: source, byteCount: count)
    }
}
