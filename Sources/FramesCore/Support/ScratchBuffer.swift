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
    /// block (`Array(copyingElements:count:)`).
    func array() -> [Element] {
        count > 0 ? Array(copyingElements: base, count: count) : []
    }
}
