extension Array where Element == UInt8 {
    /// A copy of the `count` bytes at `start` (none when `start` is nil or
    /// `count` is not positive), made as one block copy
    /// (`init(copyingElements:count:)`).
    public init(copyingBytes start: UnsafeRawPointer?, count: Int) {
        guard let start, count > 0 else {
            self = []
            return
        }
        self.init(copyingElements: start.assumingMemoryBound(to: UInt8.self), count: count)
    }

    /// A copy of `slice`, made as one block copy (`init(copyingBytes:count:)`).
    public init(copying slice: ArraySlice<UInt8>) {
        self = slice.withUnsafeBytes { Array(copyingBytes: $0.baseAddress, count: $0.count) }
    }
}

extension Array where Element: BitwiseCopyable {
    /// A copy of the `count` (> 0) elements at `start`, made as one block
    /// copy. `Array(buffer)` and `Array(slice)` copy element by element in
    /// the Embedded build — its `-Osize` standard library calls a function
    /// per element — which made a state blob's import several times slower
    /// (docs/decisions.md, "Embedded Swift"); there the storage type is
    /// known when compiling, so the array is made uninitialized and filled
    /// by one copy. The standard build looks that storage type up at run
    /// time, a thousand instructions an array, so it reserves and appends
    /// one buffer, which is one memcpy there.
    init(copyingElements start: UnsafePointer<Element>, count: Int) {
        #if hasFeature(Embedded)
        self.init(unsafeUninitializedCapacity: count) { buffer, initialized in
            guard let base = buffer.baseAddress else { return }
            UnsafeMutableRawPointer(base).copyMemory(from: start, byteCount: count * MemoryLayout<Element>.stride)
            initialized = count
        }
        #else
        self = []
        reserveCapacity(count)
        append(contentsOf: UnsafeBufferPointer(start: start, count: count))
        #endif
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
