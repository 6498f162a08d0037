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
        // Two passes: the exact size, then every byte written directly into
        // one buffer (no payload copied behind its header, no growth checks
        // per byte): an export of 10,000 ledgers spent most of its time in
        // Array.append (XC-10).
        var size = varintSize(UInt64(sections.count))
        for section in sections {
            size += stringSize(section.name) + 1 + (section.userId.map(stringSize) ?? 0)
            size += varintSize(UInt64(section.entries.count))
            for entry in section.entries {
                size += stringSize(entry.key) + varintSize(UInt64(entry.values.count))
                for value in entry.values { size += varintSize(zigzag(value)) }
            }
        }
        return [UInt8](unsafeUninitializedCapacity: headerSize + size) { buffer, count in
            let base = buffer.baseAddress!
            var at = headerSize
            writeVarint(UInt64(sections.count), base, &at)
            for section in sections {
                writeString(section.name, base, &at)
                if let user = section.userId {
                    base[at] = 1
                    at += 1
                    writeString(user, base, &at)
                } else {
                    base[at] = 0
                    at += 1
                }
                writeVarint(UInt64(section.entries.count), base, &at)
                for entry in section.entries {
                    writeString(entry.key, base, &at)
                    writeVarint(UInt64(entry.values.count), base, &at)
                    for value in entry.values { writeVarint(zigzag(value), base, &at) }
                }
            }
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

    private static func zigzag(_ value: Int64) -> UInt64 { UInt64(bitPattern: (value << 1) ^ (value >> 63)) }

    private static func varintSize(_ value: UInt64) -> Int {
        // 1 byte per 7 bits, at least one.
        (64 - (value | 1).leadingZeroBitCount + 6) / 7
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
        // The previous section's entries: users share most campaigns, and an
        // export writes each section's keys sorted, so a key is usually one
        // the previous section already made into a String (XC-10).
        var previous: [StateEntry] = []
        for _ in 0..<sectionCount {
            let name = try reader.string("section name")
            let hasUser = try reader.byte("user flag")
            guard hasUser <= 1 else { throw reader.fail("user flag \(hasUser) is neither 0 nor 1") }
            let user = hasUser == 1 ? try reader.string("user id") : nil
            let entryCount = try reader.count("entries", max: maxEntries - totalEntries)
            totalEntries += entryCount
            var entries: [StateEntry] = []
            entries.reserveCapacity(entryCount)
            var cursor = 0
            for _ in 0..<entryCount {
                let key = try reader.string("entry key", reusing: previous, cursor: &cursor)
                let valueCount = try reader.count("values", max: maxValuesPerEntry)
                entries.append(StateEntry(key: key, values: try reader.values(valueCount)))
            }
            previous = entries
            sections.append(StateSection(name: name, userId: user, entries: entries))
        }
        guard reader.position == reader.bytes.count else {
            throw reader.fail("\(reader.bytes.count - reader.position) bytes follow the last section")
        }
        return sections
    }

    private static func read32(_ bytes: [UInt8], _ at: Int) -> UInt32 {
        UInt32(bytes[at]) | UInt32(bytes[at + 1]) << 8 | UInt32(bytes[at + 2]) << 16 | UInt32(bytes[at + 3]) << 24
    }

    private static func writeVarint(_ value: UInt64, _ out: UnsafeMutablePointer<UInt8>, _ at: inout Int) {
        var v = value
        while v >= 0x80 {
            out[at] = UInt8(truncatingIfNeeded: v) | 0x80
            at += 1
            v >>= 7
        }
        out[at] = UInt8(v)
        at += 1
    }

    private static func writeString(_ text: String, _ out: UnsafeMutablePointer<UInt8>, _ at: inout Int) {
        let utf8 = text.utf8
        writeVarint(UInt64(utf8.count), out, &at)
        let copied: Void? = utf8.withContiguousStorageIfAvailable { bytes in
            if let source = bytes.baseAddress { (out + at).update(from: source, count: bytes.count) }
            at += bytes.count
        }
        if copied == nil {
            for byte in utf8 {
                out[at] = byte
                at += 1
            }
        }
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

        mutating func varint(_ what: @autoclosure () -> String) throws(FramesError) -> UInt64 {
            // The common case, a varint of one byte (counts, lengths) or of
            // any length with ten bytes left, is read without a check per byte.
            if bytes.count - position >= 10 {
                let base = bytes.baseAddress! + position
                var value: UInt64 = 0
                var shift: UInt64 = 0
                for i in 0..<10 {
                    let b = base[i]
                    if i == 9, b > 1 { break }
                    value |= UInt64(b & 0x7F) << shift
                    if b < 0x80 {
                        position += i + 1
                        return value
                    }
                    shift += 7
                }
                position += 10  // where the byte-at-a-time path stops too
                throw fail("\(what()) overflows 64 bits")
            }
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

        /// `count` zigzag varints (the count already checked against its limit).
        mutating func values(_ count: Int) throws(FramesError) -> [Int64] {
            // Most ledgers hold one to three times: an array literal allocates
            // its buffer directly, where reserveCapacity goes through the
            // generic growth path (twice the cost per ledger in callgrind).
            switch count {
            case 0: return []
            case 1: return [try value()]
            case 2:
                let first = try value()
                return [first, try value()]
            case 3:
                let first = try value(), second = try value()
                return [first, second, try value()]
            default:
                var values: [Int64] = []
                values.reserveCapacity(count)
                for _ in 0..<count { values.append(try value()) }
                return values
            }
        }

        private mutating func value() throws(FramesError) -> Int64 {
            let raw = try varint("value")
            return Int64(bitPattern: raw >> 1) ^ -Int64(bitPattern: raw & 1)
        }

        mutating func count(_ what: @autoclosure () -> String, max: Int) throws(FramesError) -> Int {
            let n = try varint("\(what()) count")
            guard n <= UInt64(Swift.max(0, max)) else { throw fail("\(n) \(what()) exceed the limit of \(max)") }
            return Int(n)
        }

        /// A string equal in bytes to one of `candidates`' keys is that key
        /// (already validated; no second String built). `cursor` walks
        /// `candidates` forward only, so the search costs one pass over them
        /// per section; keys out of order merely miss.
        mutating func string(_ what: @autoclosure () -> String, reusing candidates: [StateEntry],
                             cursor: inout Int) throws(FramesError) -> String {
            let length = try count("\(what()) bytes", max: StateBlob.maxStringBytes)
            guard bytes.count - position >= length else { throw fail("truncated \(what())") }
            while cursor < candidates.count {
                let order = compare(candidates[cursor].key, length)
                if order > 0 { break }
                cursor += 1
                if order == 0 {
                    position += length
                    return candidates[cursor - 1].key
                }
            }
            return try make(what(), length)
        }

        /// How `text`'s UTF-8 bytes order against the `length` bytes at
        /// `position`: -1 before, 0 equal, 1 after.
        private func compare(_ text: String, _ length: Int) -> Int {
            let a = text.utf8.span.bytes
            let b = UnsafeRawPointer(bytes.baseAddress! + position)
            let n = Swift.min(a.byteCount, length)
            var i = 0
            // Eight bytes a step, big-endian so that words order as bytes do.
            while n - i >= 8 {
                let x = UInt64(bigEndian: a.unsafeLoadUnaligned(fromByteOffset: i, as: UInt64.self))
                let y = UInt64(bigEndian: b.loadUnaligned(fromByteOffset: i, as: UInt64.self))
                if x != y { return x < y ? -1 : 1 }
                i += 8
            }
            while i < n {
                let x = a.unsafeLoad(fromByteOffset: i, as: UInt8.self)
                let y = b.load(fromByteOffset: i, as: UInt8.self)
                if x != y { return x < y ? -1 : 1 }
                i += 1
            }
            return a.byteCount == length ? 0 : (a.byteCount < length ? -1 : 1)
        }

        mutating func string(_ what: @autoclosure () -> String) throws(FramesError) -> String {
            let length = try count("\(what()) bytes", max: StateBlob.maxStringBytes)
            guard bytes.count - position >= length else { throw fail("truncated \(what())") }
            return try make(what(), length)
        }

        /// The `length` bytes at `position` (known to be there) as a String.
        private mutating func make(_ what: @autoclosure () -> String, _ length: Int) throws(FramesError) -> String {
            let slice = UnsafeBufferPointer(rebasing: bytes[position..<(position + length)])
            // ASCII (every id in practice) is valid UTF-8 as it is: the
            // generic validation costs more than the rest of a small string.
            var ascii = true
            for byte in slice where byte >= 0x80 {
                ascii = false
                break
            }
            let text: String
            if ascii {
                text = String(decoding: slice, as: UTF8.self)
            } else {
                guard let valid = String(validating: slice, as: UTF8.self) else { throw fail("\(what()) is not UTF-8") }
                text = valid
            }
            position += length
            return text
        }
    }
}
