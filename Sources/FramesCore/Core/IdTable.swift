/// A map from the engine's own ids (request and timer numbers, issued in
/// sequence) to what is pending under them: what `Deadlines` keeps live.
///
/// Open addressing with linear probing and Fibonacci hashing rather than a
/// `Dictionary`: every request is inserted, looked up when polled and
/// removed when answered, and every timer inserted and removed, so the
/// seeded SipHash of a `Dictionary` key ran several times per request. The
/// keys come from the engine, never from outside, so no caller can choose
/// them to collide.
struct IdTable<Value> {
    private struct Slot {
        let key: UInt64
        var value: Value
    }

    /// A power of two long (or empty); at most half full.
    private var slots: [Slot?] = []
    private(set) var count = 0
    /// 64 minus log2 of the capacity: the hash's top bits pick the slot.
    private var shift: UInt64 = 64

    private func home(_ key: UInt64) -> Int {
        Int(truncatingIfNeeded: (key &* 0x9E37_79B9_7F4A_7C15) >> shift)
    }

    private func find(_ key: UInt64) -> Int? {
        let mask = slots.count &- 1
        guard mask >= 0 else { return nil }
        var i = home(key)
        while let slot = slots[i] {
            if slot.key == key { return i }
            i = (i &+ 1) & mask
        }
        return nil
    }

    subscript(key: UInt64) -> Value? {
        guard let i = find(key) else { return nil }
        return slots[i]?.value
    }

    mutating func insert(_ key: UInt64, _ value: Value) {
        if let i = find(key) {
            slots[i] = Slot(key: key, value: value)
            return
        }
        if (count &+ 1) &* 2 > slots.count { grow() }
        let mask = slots.count &- 1
        var i = home(key)
        while slots[i] != nil { i = (i &+ 1) & mask }
        slots[i] = Slot(key: key, value: value)
        count &+= 1
    }

    @discardableResult
    mutating func removeValue(forKey key: UInt64) -> Value? {
        guard var hole = find(key), let removed = slots[hole] else { return nil }
        slots[hole] = nil
        count &-= 1
        // Backward shift: pull up every later entry of the run whose home
        // is not between the hole and it, so no probe meets an early gap.
        let mask = slots.count &- 1
        var i = (hole &+ 1) & mask
        while let slot = slots[i] {
            let distanceFromHome = (i &- home(slot.key)) & mask
            let distanceFromHole = (i &- hole) & mask
            if distanceFromHome >= distanceFromHole {
                slots[hole] = slot
                slots[i] = nil
                hole = i
            }
            i = (i &+ 1) & mask
        }
        return removed.value
    }

    /// Room for `capacity` values without growing on the way: growing
    /// moves every value.
    mutating func reserveCapacity(_ capacity: Int) {
        guard capacity > 0, capacity <= Int.max / 4, capacity &* 2 > slots.count else { return }
        rehash(capacity: max(16, 1 << (Int.bitWidth - (capacity &* 2 &- 1).leadingZeroBitCount)))
    }

    mutating func removeAll() {
        slots = []
        count = 0
        shift = 64
    }

    mutating func removeAll(where drop: (Value) -> Bool) {
        let kept = slots.compactMap { $0 }.filter { !drop($0.value) }
        guard kept.count != count else { return }
        removeAll()
        for slot in kept { insert(slot.key, slot.value) }
    }

    private mutating func grow() {
        rehash(capacity: max(16, slots.count &* 2))
    }

    /// `capacity`: a power of two.
    private mutating func rehash(capacity: Int) {
        let old = slots
        // Each slot made empty where it lies: `Array(repeating: nil, ...)`
        // copied its one empty slot into every other through the value's
        // copy witness — most of the cost of a table of a thousand
        // requests. The base address is there: `capacity` is at least 16
        // (`reserveCapacity`, `insert`).
        slots = Array(unsafeUninitializedCapacity: capacity) { buffer, initialized in
            for i in 0..<capacity { (buffer.baseAddress! + i).initialize(to: nil) }
            initialized = capacity
        }
        shift = UInt64(64 &- capacity.trailingZeroBitCount)
        count = 0
        // The old keys are distinct: each goes to the first free slot of
        // its run, without looking for itself first.
        let mask = capacity &- 1
        for case let slot? in old {
            var i = home(slot.key)
            while slots[i] != nil { i = (i &+ 1) & mask }
            slots[i] = slot
            count &+= 1
        }
    }
}
