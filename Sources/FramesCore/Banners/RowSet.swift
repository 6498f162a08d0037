/// A set of row indices as a bitset, iterated in ascending order: the rows
/// playing now (BN-09, BN-10). Tiles without a viewport play every row
/// (BN-12), one more per arriving banner; a `Set<Int>` hashed each of
/// them, and every walk sorted the set first.
struct RowSet: Sequence {
    private var words: [UInt64] = []

    var isEmpty: Bool { words.allSatisfy { $0 == 0 } }

    func contains(_ row: Int) -> Bool {
        guard row >= 0, row >> 6 < words.count else { return false }
        return words[row >> 6] & (1 << UInt64(row & 63)) != 0
    }

    mutating func insert(_ row: Int) {
        guard row >= 0 else { return }
        let word = row >> 6
        if word >= words.count { words.append(contentsOf: repeatElement(0, count: word - words.count + 1)) }
        words[word] |= 1 << UInt64(row & 63)
    }

    mutating func remove(_ row: Int) {
        guard row >= 0, row >> 6 < words.count else { return }
        words[row >> 6] &= ~(1 << UInt64(row & 63))
    }

    mutating func removeAll() {
        words.removeAll()
    }

    func makeIterator() -> Iterator {
        Iterator(words: words)
    }

    struct Iterator: IteratorProtocol {
        let words: [UInt64]
        var index = 0
        var word: UInt64 = 0

        init(words: [UInt64]) {
            self.words = words
            word = words.first ?? 0
        }

        mutating func next() -> Int? {
            while word == 0 {
                index += 1
                guard index < words.count else { return nil }
                word = words[index]
            }
            let bit = word.trailingZeroBitCount
            word &= word &- 1
            return index << 6 | bit
        }
    }
}
