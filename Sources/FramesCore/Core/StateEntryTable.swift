// Decides: XC-10
/// The entries of a state section (`StateSection`) in four flat arrays:
/// every key's UTF-8 bytes one after another, every entry's values one
/// after another, and where each entry's key and values end. 10,000
/// entries are four allocations rather than 10,000 arrays and Strings, so a
/// module can keep a table as its own storage: an import then hands the
/// decoded arrays over as they are, and an export writes them (XC-10).
struct StateEntryTable: Equatable, Sendable {
    /// The keys' UTF-8 bytes (each key valid UTF-8), entry after entry.
    private(set) var keyBytes: [UInt8] = []
    /// Where each entry's key ends in `keyBytes`; it starts where the
    /// previous entry's ends.
    private(set) var keyEnds: [Int] = []
    /// The entries' values, entry after entry.
    private(set) var values: [Int64] = []
    /// Where each entry's values end in `values`.
    private(set) var valueEnds: [Int] = []
    /// The survey of the entries, when the table's builder made it on the
    /// way (the blob's reader, which sees every key and value anyway);
    /// nil once the table changes.
    private var surveyed: Survey?

    init() {}

    /// Arrays whose builder (`StateBlob`'s reader) guarantees the table's
    /// invariants: as many key ends as value ends, each end at or after the
    /// previous one, the last at its array's end, every key valid UTF-8;
    /// `survey` is theirs.
    init(checkedKeyBytes keyBytes: [UInt8], keyEnds: [Int], values: [Int64], valueEnds: [Int], survey: Survey) {
        self.keyBytes = keyBytes
        self.keyEnds = keyEnds
        self.values = values
        self.valueEnds = valueEnds
        surveyed = survey
    }

    /// Equal entries, whether or not either table knows its survey.
    static func == (a: StateEntryTable, b: StateEntryTable) -> Bool {
        a.keyBytes == b.keyBytes && a.keyEnds == b.keyEnds && a.values == b.values && a.valueEnds == b.valueEnds
    }

    init(_ entries: [StateEntry]) {
        keyEnds.reserveCapacity(entries.count)
        valueEnds.reserveCapacity(entries.count)
        for entry in entries { append(key: entry.key, values: entry.values) }
    }

    var count: Int { keyEnds.count }
    var isEmpty: Bool { keyEnds.isEmpty }

    func keyRange(_ index: Int) -> Range<Int> { (index == 0 ? 0 : keyEnds[index - 1])..<keyEnds[index] }
    func valueRange(_ index: Int) -> Range<Int> { (index == 0 ? 0 : valueEnds[index - 1])..<valueEnds[index] }

    func key(_ index: Int) -> String { String(decoding: keyBytes[keyRange(index)], as: UTF8.self) }
    func values(_ index: Int) -> ArraySlice<Int64> { values[valueRange(index)] }

    /// The entries one by one (a copy: for modules with few entries).
    var entries: [StateEntry] {
        (0..<count).map { StateEntry(key: key($0), values: Array(values($0))) }
    }

    mutating func append(key: String, values newValues: some Collection<Int64>) {
        surveyed = nil
        keyBytes.append(contentsOf: key.utf8)
        keyEnds.append(keyBytes.count)
        values.append(contentsOf: newValues)
        valueEnds.append(values.count)
    }

    /// A new entry at `index` (0...count).
    mutating func insert(key: String, values newValues: some Collection<Int64>, at index: Int) {
        surveyed = nil
        let keyAt = index == 0 ? 0 : keyEnds[index - 1]
        let valueAt = index == 0 ? 0 : valueEnds[index - 1]
        let key = Array(key.utf8)
        keyBytes.insert(contentsOf: key, at: keyAt)
        values.insert(contentsOf: newValues, at: valueAt)
        keyEnds.insert(keyAt, at: index)
        valueEnds.insert(valueAt, at: index)
        for i in index..<keyEnds.count { keyEnds[i] += key.count }
        for i in index..<valueEnds.count { valueEnds[i] += newValues.count }
    }

    /// Entry `index`'s values replaced by `newValues`.
    mutating func replaceValues(_ index: Int, with newValues: some Collection<Int64>) {
        surveyed = nil
        let range = valueRange(index)
        values.replaceSubrange(range, with: newValues)
        let delta = newValues.count - range.count
        if delta != 0 { for i in index..<valueEnds.count { valueEnds[i] += delta } }
    }

    /// In a table sorted by its keys' bytes: where the first key not before
    /// `key` is, and whether it is `key`.
    func search(_ key: String) -> (index: Int, found: Bool) {
        keyBytes.withUnsafeBytes { bytes in
            var low = 0, high = keyEnds.count
            var found = false
            while low < high {
                let mid = (low + high) / 2
                let order = key.compareBytes(UnsafeRawBufferPointer(rebasing: bytes[keyRange(mid)]))
                if order > 0 {
                    low = mid + 1
                } else {
                    high = mid
                    found = order == 0
                }
            }
            return (low, found)
        }
    }

    /// How the keys of entries `i` and `j` order by their bytes (`ByteOrder`).
    func compareKeys(_ i: Int, _ j: Int) -> Int {
        keyBytes.withUnsafeBytes { bytes in
            ByteOrder.compare(UnsafeRawBufferPointer(rebasing: bytes[keyRange(i)]),
                              UnsafeRawBufferPointer(rebasing: bytes[keyRange(j)]))
        }
    }

    /// What a module checks of a table it imports, gathered in one pass
    /// over the entries (`survey()`): an import of 10,000 entries checks
    /// each key and each value once, with no String made.
    struct Survey: Equatable, Sendable {
        /// The shortest and the longest key, in bytes (0 for no entries).
        var keyBytes: ClosedRange<Int> = 0...0
        /// The fewest and the most values of an entry (0 for no entries).
        var valueCounts: ClosedRange<Int> = 0...0
        /// Whether every key comes strictly after the one before, by bytes.
        var keysAscending = true
        /// The entries whose values are not in ascending order.
        var unsortedValues: [Int] = []

        /// Gathers a survey entry by entry, in order.
        struct Builder {
            private var shortest = Int.max, longest = 0, fewest = Int.max, most = 0, entries = 0
            /// Whether the keys so far ascend: only then does `add` need to
            /// know about the next one.
            private(set) var keysAscending = true
            private var unsorted: [Int] = []

            /// The next entry: its key's length, its value count, whether
            /// its key comes strictly after the previous one (ignored for
            /// the first) and whether its values ascend.
            @inline(__always)
            mutating func add(keyLength: Int, valueCount: Int, keyAfterPrevious: Bool, valuesAscending: Bool) {
                shortest = Swift.min(shortest, keyLength)
                longest = Swift.max(longest, keyLength)
                fewest = Swift.min(fewest, valueCount)
                most = Swift.max(most, valueCount)
                if entries > 0, !keyAfterPrevious { keysAscending = false }
                if !valuesAscending { unsorted.append(entries) }
                entries += 1
            }

            var survey: Survey {
                entries == 0 ? Survey()
                    : Survey(keyBytes: shortest...longest, valueCounts: fewest...most, keysAscending: keysAscending,
                             unsortedValues: unsorted)
            }
        }
    }

    func survey() -> Survey {
        if let surveyed { return surveyed }
        var builder = Survey.Builder()
        keyBytes.withUnsafeBytes { bytes in
            keyEnds.withUnsafeBufferPointer { keyEnds in
                values.withUnsafeBufferPointer { values in
                    valueEnds.withUnsafeBufferPointer { valueEnds in
                        var keyStart = 0, valueStart = 0, previousStart = 0
                        for i in 0..<keyEnds.count {
                            let length = keyEnds[i] - keyStart, valueEnd = valueEnds[i]
                            let after = i > 0 && builder.keysAscending
                                && ByteOrder.compare(UnsafeRawBufferPointer(rebasing: bytes[previousStart..<keyStart]),
                                                     UnsafeRawBufferPointer(rebasing: bytes[keyStart..<keyEnds[i]])) < 0
                            var v = valueStart + 1
                            while v < valueEnd, values[v - 1] <= values[v] { v += 1 }
                            builder.add(keyLength: length, valueCount: valueEnd - valueStart, keyAfterPrevious: after,
                                        valuesAscending: v >= valueEnd)
                            previousStart = keyStart
                            keyStart = keyEnds[i]
                            valueStart = valueEnd
                        }
                    }
                }
            }
        }
        return builder.survey
    }

    /// The indices in the order of their keys' bytes (stable): the sort
    /// compares through pointers taken once, with no retain per comparison.
    func keyOrder() -> [Int] {
        keyBytes.withUnsafeBytes { bytes in
            keyEnds.withUnsafeBufferPointer { ends in
                (0..<ends.count).sorted { i, j in
                    let a = (i == 0 ? 0 : ends[i - 1])..<ends[i], b = (j == 0 ? 0 : ends[j - 1])..<ends[j]
                    return ByteOrder.compare(UnsafeRawBufferPointer(rebasing: bytes[a]),
                                             UnsafeRawBufferPointer(rebasing: bytes[b])) < 0
                }
            }
        }
    }

    /// The entries in `order` (a permutation of the indices).
    func reordered(_ order: [Int]) -> StateEntryTable {
        var table = StateEntryTable()
        table.keyBytes.reserveCapacity(keyBytes.count)
        table.keyEnds.reserveCapacity(count)
        table.values.reserveCapacity(values.count)
        table.valueEnds.reserveCapacity(count)
        for i in order {
            table.keyBytes.append(contentsOf: keyBytes[keyRange(i)])
            table.keyEnds.append(table.keyBytes.count)
            table.values.append(contentsOf: values[valueRange(i)])
            table.valueEnds.append(table.values.count)
        }
        return table
    }

    /// Entry `index`'s values in ascending order.
    mutating func sortValues(_ index: Int) {
        surveyed = nil
        values[valueRange(index)].sort()
    }

    /// The same entries, every value plus `delta` (saturating).
    func shifted(by delta: Int64) -> StateEntryTable {
        var table = self
        table.surveyed = nil
        table.values = values.map { $0.addingClamped(delta) }
        return table
    }
}
