// Decides: XC-10
/// The persisted-state blob (XC-10): what `exportState` writes and
/// `importState` reads. Little-endian:
///
///     "FRST"  magic: the kind of blob
///     u16     format version (1)
///     u16     reserved, 0
///     u32     payload length in bytes
///     u32     CRC-32 of the payload
///     payload:
///       varint section count, then per section:
///         string name, u8 has-user (0/1), [string user], varint entry count,
///         per entry: string key, varint value count, zigzag varints
///     (string = varint byte length + UTF-8 bytes)
///
/// A blob that is not "FRST", from a newer format, truncated, over a limit,
/// failing its checksum or its structure is refused whole with an error
/// saying which.
public enum StateBlob {
    public static let magic: [UInt8] = Array("FRST".utf8)
    public static let formatVersion: UInt16 = 1
    static let headerSize = 16

    /// Limits on what an import reads (XC-07).
    public static let maxBytes = 16_777_216
    public static let maxSections = 100_000
    public static let maxEntries = 1_000_000
    public static let maxValuesPerEntry = 10_000
    public static let maxStringBytes = 1_024

    public static func encode(_ sections: [StateSection]) -> [UInt8] {
        // The size is bounded first, then every byte is written directly
        // into one buffer of that capacity (no payload copied behind its
        // header, no growth checks per byte), each section's entries
        // straight from their flat arrays. The bound costs a pass of an `or`
        // per value: sizing every varint exactly was a tenth of an export of
        // 10,000 entries, and its times, all of one magnitude, make the
        // bound all but exact (XC-10).
        // Sections by index and tables borrowed: a copy of each section per
        // loop retained and released its arrays again and again.
        var bound = varintSize(UInt64(sections.count))
        for i in sections.indices {
            bound += stringSize(sections[i].name) + 1 + (sections[i].userId.map(stringSize) ?? 0) + tableBound(sections[i].table)
        }
        return [UInt8](unsafeUninitializedCapacity: headerSize + bound) { buffer, count in
            let out = Output(base: buffer.baseAddress!, end: headerSize + bound)
            var at = headerSize
            out.varint(UInt64(sections.count), &at)
            for i in sections.indices {
                out.string(sections[i].name, &at)
                if let user = sections[i].userId {
                    out.base[at] = 1
                    at += 1
                    out.string(user, &at)
                } else {
                    out.base[at] = 0
                    at += 1
                }
                out.table(sections[i].table, &at)
            }
            let base = out.base
            let size = at - headerSize
            var header = 0
            for byte in magic { base[header] = byte; header += 1 }
            write32(UInt32(formatVersion), base + 4, bytes: 2)
            write32(0, base + 6, bytes: 2)
            write32(UInt32(truncatingIfNeeded: size), base + 8, bytes: 4)
            let crc = CRC32.checksum(UnsafeRawBufferPointer(start: base + headerSize, count: size))
            write32(crc, base + 12, bytes: 4)
            count = headerSize + size
        }
    }

    /// At least the bytes `Output.table` writes for `table`: every key
    /// length as long as the longest could be, every value as long as the
    /// or of all of them.
    private static func tableBound(_ table: borrowing StateEntryTable) -> Int {
        var all: UInt64 = 0
        table.values.withUnsafeBufferPointer { values in
            for value in values { all |= zigzag(value) }
        }
        return varintSize(UInt64(table.count)) + table.keyBytes.count
            + table.count * (varintSize(UInt64(table.keyBytes.count)) + varintSize(UInt64(table.values.count)))
            + table.values.count * varintSize(all)
    }

    /// The blob's buffer while `encode` fills it: `end` bytes, written in
    /// order; no write checks more than its room for a whole word, and none
    /// reaches `end`, which bounds what they write.
    private struct Output {
        let base: UnsafeMutablePointer<UInt8>
        let end: Int

        func varint(_ value: UInt64, _ at: inout Int) {
            // Up to eight bytes with a word of room: the 7-bit groups spread
            // to bytes in three steps, each adding the upper part t of the
            // bits again times 2^k - 1 (x + t·(2^k - 1) is x with t shifted
            // up by k bits); the size and the continuation
            // bits come from where the highest byte is; one store (the
            // bytes past the varint are written again next).
            if value < 0x80 {
                base[at] = UInt8(truncatingIfNeeded: value)
                at += 1
                return
            }
            if value < 1 << 56, end - at >= 8 {
                var x = value
                x &+= (x & 0x00FF_FFFF_F000_0000) &* 15
                x &+= (x & 0x0FFF_C000_0FFF_C000) &* 3
                x &+= x & 0x3F80_3F80_3F80_3F80
                let empty = UInt64((x | 1).leadingZeroBitCount) & 0x38  // 8 × bytes above the last
                x |= 0x0080_8080_8080_8080 &>> empty  // on all bytes but the last
                UnsafeMutableRawPointer(base + at).storeBytes(of: x.littleEndian, as: UInt64.self)
                at &+= 8 &- Int(empty &>> 3)
                return
            }
            var v = value
            while v >= 0x80 {
                base[at] = UInt8(truncatingIfNeeded: v) | 0x80
                at += 1
                v >>= 7
            }
            base[at] = UInt8(v)
            at += 1
        }

        func string(_ text: String, _ at: inout Int) {
            var text = text
            text.withUTF8 { bytes in
                varint(UInt64(bytes.count), &at)
                if let source = bytes.baseAddress { SmallCopy.copy(source, to: base + at, count: bytes.count) }
                at += bytes.count
            }
        }

        /// The entry count, then per entry its key and its values.
        func table(_ table: borrowing StateEntryTable, _ at: inout Int) {
            varint(UInt64(table.count), &at)
            table.keyBytes.withUnsafeBufferPointer { keys in
                table.keyEnds.withUnsafeBufferPointer { keyEnds in
                    table.values.withUnsafeBufferPointer { values in
                        table.valueEnds.withUnsafeBufferPointer { valueEnds in
                            var keyStart = 0, valueStart = 0
                            for i in 0..<keyEnds.count {
                                let keyEnd = keyEnds[i], valueEnd = valueEnds[i]
                                varint(UInt64(keyEnd - keyStart), &at)
                                if let source = keys.baseAddress {
                                    SmallCopy.copy(source + keyStart, to: base + at, count: keyEnd - keyStart)
                                }
                                at += keyEnd - keyStart
                                varint(UInt64(valueEnd - valueStart), &at)
                                for v in valueStart..<valueEnd { varint(zigzag(values[v]), &at) }
                                keyStart = keyEnd
                                valueStart = valueEnd
                            }
                        }
                    }
                }
            }
        }
    }

    private static func zigzag(_ value: Int64) -> UInt64 { UInt64(bitPattern: (value << 1) ^ (value >> 63)) }

    private static func varintSize(_ value: UInt64) -> Int {
        // 1 byte per 7 bits, at least one: (bits + 6) / 7 as a multiply and
        // a shift, where a division by 7 took twice the instructions.
        let highestBit = 63 - (value | 1).leadingZeroBitCount
        return (highestBit &* 9 &+ 73) &>> 6
    }

    private static func stringSize(_ text: String) -> Int {
        let count = text.utf8.count
        return varintSize(UInt64(count)) + count
    }

    private static func write32(_ value: UInt32, _ to: UnsafeMutablePointer<UInt8>, bytes: Int) {
        for i in 0..<bytes { to[i] = UInt8(truncatingIfNeeded: value >> (8 * UInt32(i))) }
    }

    public static func decode(_ blob: [UInt8]) throws(FramesError) -> [StateSection] {
        guard blob.count <= maxBytes else {
            throw .invalidArgument("state blob: \(blob.count) bytes exceeds the limit of \(maxBytes) bytes")
        }
        guard blob.count >= headerSize else {
            throw .invalidArgument("state blob: \(blob.count) bytes is shorter than its \(headerSize)-byte header (truncated, or not a state blob)")
        }
        guard Array(blob[0..<4]) == magic else {
            throw .invalidArgument("state blob: it does not start with \"FRST\"; it is another kind of data")
        }
        let version = UInt16(blob[4]) | UInt16(blob[5]) << 8
        guard version <= formatVersion else {
            throw FramesError(.version, "state blob: format version \(version) is newer than this engine's \(formatVersion); "
                + "it was written by a newer libframes")
        }
        guard version >= 1 else { throw .invalidArgument("state blob: format version 0 does not exist") }
        let reserved = UInt16(blob[6]) | UInt16(blob[7]) << 8
        guard reserved == 0 else {
            throw .invalidArgument("state blob: the reserved header field is \(reserved), not 0 (corrupted, or not a state blob)")
        }
        let length = Int(read32(blob, 8))
        guard blob.count - headerSize == length else {
            throw .invalidArgument("state blob: the header announces \(length) payload bytes, \(blob.count - headerSize) "
                + "follow (truncated or padded)")
        }
        let payload = blob[headerSize...]
        guard CRC32.checksum(payload) == read32(blob, 12) else {
            throw .invalidArgument("state blob: checksum mismatch; the blob is corrupted")
        }
        return try blob.withUnsafeBufferPointer { (buffer) throws(FramesError) -> [StateSection] in
            try sections(Reader(bytes: buffer, position: headerSize))
        }
    }

    /// The payload's sections, read by `reader` from the byte after the header.
    private static func sections(_ start: Reader) throws(FramesError) -> [StateSection] {
        var reader = start
        let sectionCount = try reader.count("sections", max: maxSections)
        var sections: [StateSection] = []
        var totalEntries = 0
        // One set of scratch buffers for every section, each section's
        // entries copied out of them into arrays of their exact size.
        var keyBytes = ScratchBuffer<UInt8>(capacity: 4_096), keyEnds = ScratchBuffer<Int>(capacity: 256)
        var values = ScratchBuffer<Int64>(capacity: 512), valueEnds = ScratchBuffer<Int>(capacity: 256)
        for _ in 0..<sectionCount {
            let name = try reader.string("section name")
            let hasUser = try reader.byte("user flag")
            guard hasUser <= 1 else { throw reader.fail("user flag \(hasUser) is neither 0 nor 1") }
            let user = hasUser == 1 ? try reader.string("user id") : nil
            let entryCount = try reader.count("entries", max: maxEntries - totalEntries)
            totalEntries += entryCount
            let table = try reader.table(entryCount, &keyBytes, &keyEnds, &values, &valueEnds)
            sections.append(StateSection(name: name, userId: user, table: table))
        }
        guard reader.position == reader.bytes.count else {
            throw reader.fail("\(reader.bytes.count - reader.position) bytes follow the last section")
        }
        return sections
    }

    private static func read32(_ bytes: [UInt8], _ at: Int) -> UInt32 {
        UInt32(bytes[at]) | UInt32(bytes[at + 1]) << 8 | UInt32(bytes[at + 2]) << 16 | UInt32(bytes[at + 3]) << 24
    }

    /// Reads the blob where it lies: `bytes` is the blob's buffer for the
    /// duration of `decode`, and every read is checked against its count
    /// before the unchecked load (XC-07: a malformed blob is an error, never
    /// a read out of bounds).
    private struct Reader {
        let bytes: UnsafeBufferPointer<UInt8>
        var position: Int

        // Messages are built only on failure (`what` is an autoclosure):
        // formatting one per string and count of a large blob cost more
        // than decoding it.
        func fail(_ what: String) -> FramesError {
            .invalidArgument("state blob: \(what) at byte \(position)")
        }

        mutating func byte(_ what: @autoclosure () -> String) throws(FramesError) -> UInt8 {
            guard position < bytes.count else { throw fail("truncated \(what())") }
            defer { position += 1 }
            return bytes[position]
        }

        @inline(__always)
        mutating func varint(_ what: @autoclosure () -> String) throws(FramesError) -> UInt64 {
            // A varint of up to eight bytes (every count, length and time
            // in practice) with eight bytes left is read as one word: where
            // it ends is the first byte without its top bit, and the 7-bit
            // groups close up in three shifts. 75 instructions a time
            // byte at a time, 20 so.
            if bytes.count - position >= 8 {
                let word = UInt64(littleEndian: UnsafeRawPointer(bytes.baseAddress! + position).loadUnaligned(as: UInt64.self))
                let stops = ~word & 0x8080_8080_8080_8080
                if stops != 0 {
                    let bits = stops.trailingZeroBitCount + 1  // through the last byte
                    // Each step takes the upper part t out and puts it back k bits lower.
                    var x = word & (UInt64.max &>> UInt64(64 - bits)) & 0x7F7F_7F7F_7F7F_7F7F
                    var t = x & 0x7F00_7F00_7F00_7F00
                    x = (x ^ t) | (t &>> 1)
                    t = x & 0x3FFF_0000_3FFF_0000
                    x = (x ^ t) | (t &>> 2)
                    t = x & 0x0FFF_FFFF_0000_0000
                    x = (x ^ t) | (t &>> 4)
                    position += bits / 8
                    return x
                }
            }
            return try varintByBytes(what())
        }

        /// A varint near the blob's end, or of nine or ten bytes.
        @inline(never)
        mutating func varintByBytes(_ what: @autoclosure () -> String) throws(FramesError) -> UInt64 {
            var value: UInt64 = 0
            var shift: UInt64 = 0
            while true {
                let b = try byte(what())
                guard shift < 64, shift < 63 || b <= 1 else { throw fail("\(what()) overflows 64 bits") }
                value |= UInt64(b & 0x7F) << shift
                if b < 0x80 { return value }
                shift += 7
            }
        }

        /// A section's `count` entries (the count checked against its
        /// limit), read into the scratch buffers and copied out of them as
        /// a table; what a module checks of the entries (`Survey`) is
        /// gathered on the way, while each key and value is at hand. One
        /// loop with everything inlined: a call per entry cost a third more.
        mutating func table(_ count: Int, _ keyBytes: inout ScratchBuffer<UInt8>, _ keyEnds: inout ScratchBuffer<Int>,
                            _ values: inout ScratchBuffer<Int64>, _ valueEnds: inout ScratchBuffer<Int>)
            throws(FramesError) -> StateEntryTable {
            keyBytes.removeAll()
            keyEnds.removeAll()
            values.removeAll()
            valueEnds.removeAll()
            var survey = StateEntryTable.Survey.Builder()
            let base = UnsafeRawPointer(bytes.baseAddress!)
            var previousKey = 0..<0
            for _ in 0..<count {
                let length = try self.count("entry key bytes", max: StateBlob.maxStringBytes)
                guard bytes.count - position >= length else { throw fail("truncated entry key") }
                let key = base + position
                guard Self.isASCII(key, length)
                        || String(validating: UnsafeRawBufferPointer(start: key, count: length), as: UTF8.self) != nil else {
                    throw fail("entry key is not UTF-8")
                }
                let after = survey.keysAscending
                    && ByteOrder.compare(base + previousKey.lowerBound, previousKey.count, key, length) < 0
                previousKey = position..<(position + length)
                keyBytes.appendBytes(key, length)
                keyEnds.append(keyBytes.count)
                position += length
                let valueCount = try self.count("values", max: StateBlob.maxValuesPerEntry)
                // A value takes a byte at least: a count that lies reserves
                // no more than the bytes left could hold.
                values.reserve(Swift.min(valueCount, bytes.count - position))
                var last = Int64.min, ascending = true
                for _ in 0..<valueCount {
                    let value = try value()
                    ascending = ascending && last <= value
                    last = value
                    values.append(value)
                }
                valueEnds.append(values.count)
                survey.add(keyLength: length, valueCount: valueCount, keyAfterPrevious: after, valuesAscending: ascending)
            }
            return StateEntryTable(checkedKeyBytes: keyBytes.array(), keyEnds: keyEnds.array(), values: values.array(),
                                   valueEnds: valueEnds.array(), survey: survey.survey)
        }

        @inline(__always)
        private mutating func value() throws(FramesError) -> Int64 {
            let raw = try varint("value")
            return Int64(bitPattern: raw >> 1) ^ -Int64(bitPattern: raw & 1)
        }

        @inline(__always)
        mutating func count(_ what: @autoclosure () -> String, max: Int) throws(FramesError) -> Int {
            // Most counts are one byte.
            if position < bytes.count, bytes[position] < 0x80, Int(bytes[position]) <= max {
                position += 1
                return Int(bytes[position - 1])
            }
            return try countOfBytes(what(), max: max)
        }

        @inline(never)
        private mutating func countOfBytes(_ what: @autoclosure () -> String, max: Int) throws(FramesError) -> Int {
            let n = try varint("\(what()) count")
            guard n <= UInt64(Swift.max(0, max)) else { throw fail("\(n) \(what()) exceed the limit of \(max)") }
            return Int(n)
        }

        mutating func string(_ what: @autoclosure () -> String) throws(FramesError) -> String {
            let length = try count("\(what()) bytes", max: StateBlob.maxStringBytes)
            guard bytes.count - position >= length else { throw fail("truncated \(what())") }
            return try make(what(), length)
        }

        /// The `length` bytes at `position` (known to be there) as a String.
        private mutating func make(_ what: @autoclosure () -> String, _ length: Int) throws(FramesError) -> String {
            let slice = UnsafeBufferPointer(rebasing: bytes[position..<(position + length)])
            guard Self.isASCII(UnsafeRawPointer(bytes.baseAddress! + position), length)
                    || String(validating: slice, as: UTF8.self) != nil else {
                throw fail("\(what()) is not UTF-8")
            }
            let text = String(decoding: slice, as: UTF8.self)
            position += length
            return text
        }

        /// ASCII (every id in practice) is valid UTF-8 as it is, seen a word
        /// at a time, the last word overlapping the one before: the generic
        /// validation costs more than the rest of a small string.
        @inline(__always)
        static func isASCII(_ text: UnsafeRawPointer, _ count: Int) -> Bool {
            var high: UInt64 = 0
            if count >= 8 {
                var i = 0
                while count - i > 8 {
                    high |= text.loadUnaligned(fromByteOffset: i, as: UInt64.self)
                    i += 8
                }
                high |= text.loadUnaligned(fromByteOffset: count - 8, as: UInt64.self)
            } else {
                for i in 0..<count { high |= UInt64(text.load(fromByteOffset: i, as: UInt8.self)) }
            }
            return high & 0x8080_8080_8080_8080 == 0
        }
    }
}
