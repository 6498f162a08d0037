/// A growable run of plain values (bytes, integers) in memory it owns, for
/// a decoder that appends thousands of them and hands them over once as an
/// exactly sized Array (`array()`): an append is a store and an increment,
/// where Array's checks uniqueness and its growth policy on every element
/// (a tenth of a state import's instructions, XC-10). Noncopyable, so its
/// memory has one owner and is freed once.
struct ScratchBuffer<Element: BitwiseCopyable>: ~Copyable {
    private var base: UnsafeMutablePointer<Element>
    private(set) var count = 0
    private var capacity: Int

    init(capacity: Int) {
        self.capacity = Swift.max(capacity, 16)
        base = .allocate(capacity: self.capacity)
    }

    deinit { base.deallocate() }

    /// Room for `more` elements after the last one.
    @inline(__always)
    mutating func reserve(_ more: Int) {
        if capacity - count < more { grow(more) }
    }

    @inline(never)
    private mutating func grow(_ more: Int) {
        let grown = Swift.max(2 * capacity, count + more)
        let larger = UnsafeMutablePointer<Element>.allocate(capacity: grown)
        larger.moveInitialize(from: base, count: count)
        base.deallocate()
        base = larger
        capacity = grown
    }

    @inline(__always)
    mutating func append(_ element: Element) {
        if count == capacity { grow(1) }
        (base + count).initialize(to: element)
        count += 1
    }

    /// Appends the `byteCount` bytes at `source` (Element is a byte).
    @inline(__always)
    mutating func appendBytes(_ source: UnsafeRawPointer, _ byteCount: Int) where Element == UInt8 {
        reserve(byteCount)
        SmallCopy.copy(source, to: UnsafeMutableRawPointer(base + count), count: byteCount)
        count += byteCount
    }

    mutating func removeAll() { count = 0 }

    /// The elements, as an Array of exactly their count, copied as one
    /// block (a memcpy). In the standard build: reserved, then appended as
    /// one buffer, because Array(unsafeUninitializedCapacity:) looks its
    /// storage type up at run time there, a thousand instructions an array,
    /// and Array(UnsafeBufferPointer) copies element by element. In the
    /// Embedded build that append copies element by element too (its
    /// `-Osize` standard library), and the storage type is known when
    /// compiling, so the array is made uninitialized and filled by one copy.
    func array() -> [Element] {
        #if hasFeature(Embedded)
        let count = count, base = base
        return Array(unsafeUninitializedCapacity: count) { buffer, initialized in
            if count > 0, let target = buffer.baseAddress {
                UnsafeMutableRawPointer(target).copyMemory(from: base, byteCount: count * MemoryLayout<Element>.stride)
            }
            initialized = count
        }
        #else
        var array: [Element] = []
        array.reserveCapacity(count)
        array.append(contentsOf: UnsafeBufferPointer(start: base, count: count))
        return array
        #endif
    }
}
