import Testing
@testable import FramesCore

/// The flat table of a state section (`StateEntryTable`), the blob's word-
/// at-a-time varints and the byte order of keys (XC-10, XC-07).
@Suite("State entry tables and the blob's words (XC-10, XC-07)")
struct StateEntryTableTests {
    /// Keys that share prefixes, differ in their last byte, are prefixes of
    /// each other, are empty, non-ASCII or longer than a word.
    static let keys = ["", "a", "b", "ab", "campaign-000", "campaign-001", "campaign-0010", "caf\u{e9}", "cafe",
                       "cafe\u{301}", "long-campaign-id-over-16-bytes", "long-campaign-id-over-16-bytez", "\u{1F600}"]

    static func randomTable(_ random: inout SplitMix64, entries: Int) -> [StateEntry] {
        (0..<entries).map { _ in
            let key = keys[Int(random.next() % UInt64(keys.count))]
            let values = (0..<Int(random.next() % 4)).map { _ in randomValue(&random) }
            return StateEntry(key: key, values: values)
        }
    }

    /// A value of any varint length, the edges of the word path included.
    static func randomValue(_ random: inout SplitMix64) -> Int64 {
        let edges: [Int64] = [0, -1, 1, 63, -64, 64, 8_191, 8_192, 1 << 55 - 1, -(1 << 55), 1 << 55, 1 << 62, .max, .min,
                              1_700_000_000_000]
        switch random.next() % 3 {
        case 0: return edges[Int(random.next() % UInt64(edges.count))]
        case 1: return Int64(bitPattern: random.next()) >> Int64(random.next() % 64)
        default: return 1_700_000_000_000 + Int64(random.next() % 100_000_000)
        }
    }

    /// The survey by its definition, entry by entry.
    static func reference(_ entries: [StateEntry]) -> StateEntryTable.Survey {
        guard !entries.isEmpty else { return StateEntryTable.Survey() }
        let lengths = entries.map { $0.key.utf8.count }, counts = entries.map { $0.values.count }
        let ascending = zip(entries, entries.dropFirst()).allSatisfy { Array($0.key.utf8).lexicographicallyPrecedes(Array($1.key.utf8)) }
        let unsorted = entries.indices.filter { entries[$0].values != entries[$0].values.sorted() }
        return StateEntryTable.Survey(keyBytes: lengths.min()!...lengths.max()!, valueCounts: counts.min()!...counts.max()!,
                                      keysAscending: ascending, unsortedValues: unsorted)
    }

    @Test("XC-10 sections round-trip through the blob entry for entry; the reader's survey is the table's own")
    func roundTrip() throws {
        var random = SplitMix64(seed: 11)
        for round in 0..<300 {
            let sections = (0..<Int(random.next() % 4)).map { i in
                StateSection(name: "s\(i)", userId: i == 0 ? nil : "u\(i)",
                             entries: Self.randomTable(&random, entries: Int(random.next() % 9)))
            }
            let blob = StateBlob.encode(sections)
            let decoded = try StateBlob.decode(blob)
            #expect(decoded == sections, "round \(round)")
            #expect(decoded.map(\.entries) == sections.map(\.entries), "round \(round)")
            for (section, original) in zip(decoded, sections) {
                #expect(section.table.survey() == Self.reference(original.entries), "round \(round)")
                #expect(StateEntryTable(original.entries).survey() == Self.reference(original.entries), "round \(round)")
            }
            // Written again from the decoded tables, the same bytes.
            #expect(StateBlob.encode(decoded) == blob, "round \(round)")
        }
    }

    /// A blob around a payload written by hand.
    static func blob(_ payload: [UInt8]) -> [UInt8] {
        var header = StateBlob.magic + [1, 0, 0, 0]
        let length = UInt32(payload.count), crc = CRC32.checksum(payload[...])
        for shift in stride(from: 0, to: 32, by: 8) { header.append(UInt8(truncatingIfNeeded: length >> UInt32(shift))) }
        for shift in stride(from: 0, to: 32, by: 8) { header.append(UInt8(truncatingIfNeeded: crc >> UInt32(shift))) }
        return header + payload
    }

    @Test("XC-07 a varint of ten bytes or more, or cut short, fails wherever it lies, with the byte-at-a-time reader's error")
    func varintLimits() {
        // One section "s", nobody, one entry "k" with one value: the value's bytes, then `tail` padding bytes
        // that make the word path or the byte path read it.
        for tail in 0..<12 {
            for (value, words) in [([UInt8](repeating: 0xFF, count: 9) + [0x02], "value overflows 64 bits"),
                                   ([UInt8](repeating: 0xFF, count: 11), "value overflows 64 bits"),
                                   ([UInt8](repeating: 0x80, count: 3), "truncated value")] {
                let payload: [UInt8] = [1, 1, UInt8(ascii: "s"), 0, 1, 1, UInt8(ascii: "k"), 1] + value
                // Padding only where the value is complete: it would read as more of a cut-short one.
                let padded = payload + [UInt8](repeating: 0, count: words.hasPrefix("truncated") ? 0 : tail)
                let error = thrownError { () throws(FramesError) in _ = try StateBlob.decode(Self.blob(padded)) }
                #expect(error?.message.contains(words) == true, "\(value) + \(tail): \(error?.message ?? "accepted")")
            }
        }
        // The largest values of ten bytes decode, then the blob's end is checked.
        for tail in 0..<12 {
            let payload: [UInt8] = [1, 1, UInt8(ascii: "s"), 0, 1, 1, UInt8(ascii: "k"), 2]
                + [UInt8](repeating: 0xFF, count: 9) + [0x01] + [0xFE] + [UInt8](repeating: 0xFF, count: 8) + [0x01]
            let padded = payload + [UInt8](repeating: 0, count: tail)
            do {
                let sections = try StateBlob.decode(Self.blob(padded))
                #expect(tail == 0 && sections.first?.entries == [StateEntry(key: "k", values: [.min, .max])], "\(tail)")
            } catch {
                #expect(tail > 0 && error.message.contains("follow the last section"), "\(tail): \(error.message)")
            }
        }
    }

    @Test("XC-07 a key that is not UTF-8 is refused, whatever its length")
    func keyNotUTF8() {
        for length in 1..<20 {
            for bad in 0..<length {
                var key = [UInt8](repeating: UInt8(ascii: "k"), count: length)
                key[bad] = 0xFF
                let payload: [UInt8] = [1, 1, UInt8(ascii: "s"), 0, 1, UInt8(length)] + key + [0]
                let error = thrownError { () throws(FramesError) in _ = try StateBlob.decode(Self.blob(payload)) }
                #expect(error?.message.contains("entry key is not UTF-8") == true, "\(length), \(bad)")
            }
        }
    }

    @Test("XC-10 keys order by their bytes: a prefix first, then byte by byte, at every length")
    func byteOrder() {
        var random = SplitMix64(seed: 5)
        for _ in 0..<5_000 {
            let a = (0..<Int(random.next() % 20)).map { _ in UInt8(truncatingIfNeeded: random.next() % 4 + 0x7E) }
            var b = Array(a.prefix(Int(random.next() % UInt64(a.count + 1))))
            if random.next() % 2 == 0 { b += (0..<Int(random.next() % 10)).map { _ in UInt8(truncatingIfNeeded: random.next() % 4 + 0x7E) } }
            let expected = a == b ? 0 : (a.lexicographicallyPrecedes(b) ? -1 : 1)
            let order = a.withUnsafeBytes { x in b.withUnsafeBytes { y in ByteOrder.compare(x, y) } }
            #expect(order == expected, "\(a) \(b)")
        }
    }

    @Test("XC-10 a sorted table finds, inserts and replaces entries in place; reordered by key it sorts")
    func editing() {
        var table = StateEntryTable()
        // Keyed by bytes: "caf\u{e9}" and "cafe\u{301}" are one String key but two ids.
        var model: [[UInt8]: [Int64]] = [:]
        var random = SplitMix64(seed: 3)
        for _ in 0..<400 {
            let key = Self.keys[Int(random.next() % UInt64(Self.keys.count))]
            let values = (0..<Int(random.next() % 4)).map { _ in Int64(random.next() % 1_000) }
            let (index, found) = table.search(key)
            #expect(found == (model[Array(key.utf8)] != nil), "\(key)")
            if found { table.replaceValues(index, with: values) } else { table.insert(key: key, values: values, at: index) }
            model[Array(key.utf8)] = values
            let sorted = model.keys.sorted { $0.lexicographicallyPrecedes($1) }
            #expect(table.entries == sorted.map { StateEntry(key: String(decoding: $0, as: UTF8.self), values: model[$0]!) })
            #expect(table.survey().keysAscending)
        }
        let shuffled = StateEntryTable(table.entries.shuffled(using: &random))
        #expect(shuffled.reordered(shuffled.keyOrder()) == table)
    }
}
