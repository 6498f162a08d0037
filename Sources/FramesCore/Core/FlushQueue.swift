/// A first-in first-out queue of callbacks for one flush (XC-03). Each value
/// is moved out as it is taken, leaving its slot empty, and the slots are
/// kept from one flush to the next: posting fills a slot, and emptying the
/// queue frees and destroys nothing.
struct FlushQueue<Element> {
    private var slots: [Element?] = []
    /// The slots in use, and the next to take.
    private var count = 0
    private var head = 0

    var isEmpty: Bool { head == count }

    mutating func append(_ element: consuming Element) {
        if count < slots.count {
            slots[count] = element
        } else {
            slots.append(element)
        }
        count += 1
    }

    mutating func take() -> Element? {
        guard head < count else { return nil }
        head += 1
        return slots[head - 1].take()
    }

    /// Takes the values right after the one just taken for which `same`
    /// holds; how many.
    mutating func takeRepeats(while same: (Element) -> Bool) -> Int {
        var taken = 0
        while head < count, let element = slots[head], same(element) {
            slots[head] = nil
            head += 1
            taken += 1
        }
        return taken
    }

    /// Changes the values not yet taken.
    mutating func replaceWaiting(_ change: (inout Element) -> Void) {
        for i in head..<count {
            if var element = slots[i].take() {
                change(&element)
                slots[i] = element
            }
        }
    }

    /// Empty again, its slots kept; values not taken (the flush stopped
    /// early) are dropped with the slots.
    mutating func reset() {
        if head < count { slots.removeAll() }
        count = 0
        head = 0
    }

    mutating func removeAll() {
        slots.removeAll()
        count = 0
        head = 0
    }
}
