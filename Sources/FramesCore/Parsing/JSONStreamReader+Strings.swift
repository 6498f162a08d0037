/// Strings of `JSONStreamReader`: plain ASCII ones read in place, the
/// others decoded (escapes, surrogate pairs, UTF-8 checked) under the
/// string limit.
extension JSONStreamReader {
    /// The string at the reader.
    mutating func string() throws(FramesError) -> String {
        skipWhitespace()
        guard current == UInt8(ascii: "\"") else { throw fail("expected a string", at: pos) }
        let start = pos
        if let range = try plainString() { return String(decoding: bytes[range], as: UTF8.self) }
        pos = start
        return String(decoding: try decodedString(), as: UTF8.self)
    }

    /// The UTF-8 bytes of the string at the reader.
    mutating func stringBytes() throws(FramesError) -> [UInt8] {
        skipWhitespace()
        guard current == UInt8(ascii: "\"") else { throw fail("expected a string", at: pos) }
        let start = pos
        if let range = try plainString() { return Array(copying: bytes[range]) }
        pos = start
        return try decodedString()
    }

    /// The string at the reader through `parse`, which reads the bytes in
    /// place when the string has no escapes.
    mutating func string<T>(parsedBy parse: (ArraySlice<UInt8>) -> T?) throws(FramesError) -> T? {
        skipWhitespace()
        guard current == UInt8(ascii: "\"") else { throw fail("expected a string", at: pos) }
        let start = pos
        if let range = try plainString() { return parse(bytes[range]) }
        pos = start
        return parse(try decodedString()[...])
    }

    mutating func skipString() throws(FramesError) {
        let start = pos
        if try plainString() != nil { return }
        pos = start
        _ = try decodedString()
    }

    /// Printable ASCII without escapes, the usual case (keys, ids, URLs,
    /// colours): its range, past the closing quote. Nil (the reader
    /// unmoved past the quote) when the string needs decoding. Inlined:
    /// it runs for every key and most values.
    @inline(__always)
    mutating func plainString() throws(FramesError) -> Range<Int>? {
        let open = pos
        let end = Self.plainRunEnd(bytes, from: open + 1)
        guard end >= 0 else { return nil }
        let length = end - open - 1
        guard length <= limits.maxStringBytes else {
            throw fail("string of \(length) bytes exceeds the limit of \(limits.maxStringBytes) bytes", at: open)
        }
        pos = end + 1
        return (open + 1)..<end
    }

    /// The offset of the quote that closes a run of printable ASCII
    /// without backslashes starting at `start`, or -1 when a byte that
    /// needs decoding (or the end of the document) comes first.
    ///
    /// Most of a notification's bytes are such runs, and this scan was the
    /// largest single cost of checking one (IM-01): it tests eight bytes
    /// per step (one word load, bounds-checked by the span) and finds the
    /// first byte that ends the run inside the word from the mask, so only
    /// the last few bytes of a document are looked at one by one.
    static func plainRunEnd(_ bytes: [UInt8], from start: Int) -> Int {
        let span = bytes.span
        let count = span.count
        guard start >= 0 else { return -1 }
        var i = start
        let raw = span.bytes
        while count - i >= 8 {
            let word = UInt64(littleEndian: raw.unsafeLoadUnaligned(fromByteOffset: i, as: UInt64.self))
            let mask = attention(word)
            if mask != 0 {
                let first = i + mask.trailingZeroBitCount >> 3
                return span[first] == UInt8(ascii: "\"") ? first : -1
            }
            i += 8
        }
        while i < count {
            let b = span[i]
            if b == UInt8(ascii: "\"") { return i }
            guard b >= 0x20, b < 0x80, b != UInt8(ascii: "\\") else { return -1 }
            i += 1
        }
        return -1
    }

    /// The offset of the first byte from `start` on that is a quote, a
    /// backslash, a control character or not ASCII, or the end of the
    /// document: `plainRunEnd`'s scan, for a string that needs decoding.
    static func plainRunStop(_ bytes: [UInt8], from start: Int) -> Int {
        let span = bytes.span
        let count = span.count
        guard start >= 0 else { return start }
        var i = start
        let raw = span.bytes
        while count - i >= 8 {
            let mask = attention(UInt64(littleEndian: raw.unsafeLoadUnaligned(fromByteOffset: i, as: UInt64.self)))
            if mask != 0 { return i + mask.trailingZeroBitCount >> 3 }
            i += 8
        }
        while i < count {
            let b = span[i]
            guard b >= 0x20, b < 0x80, b != UInt8(ascii: "\""), b != UInt8(ascii: "\\") else { return i }
            i += 1
        }
        return count
    }

    /// The high bit of each byte of `word` (first byte lowest) that is a
    /// quote, a backslash, a control character or not ASCII. A byte above
    /// a flagged one may be flagged wrongly (a borrow carries up), never
    /// one below: the lowest flag is always the first such byte.
    @inline(__always)
    private static func attention(_ word: UInt64) -> UInt64 {
        let ones: UInt64 = 0x0101_0101_0101_0101
        let highs: UInt64 = 0x8080_8080_8080_8080
        // A byte below n sets its high bit in (x - n) & ~x (with x < 0x80).
        func hasZeroByte(_ x: UInt64) -> UInt64 { (x &- ones) & ~x & highs }
        let control = (word &- 0x20 &* ones) & ~word & highs
        let quote = hasZeroByte(word ^ (0x22 &* ones))
        let backslash = hasZeroByte(word ^ (0x5C &* ones))
        return (word & highs) | control | quote | backslash
    }

    /// A string with escapes or non-ASCII bytes, decoded and checked.
    mutating func decodedString() throws(FramesError) -> [UInt8] {
        let start = pos
        pos += 1  // the opening quote
        var out: [UInt8] = []
        let limit = limits.maxStringBytes
        while true {
            // Printable ASCII up to the next byte that needs a look, copied
            // in one piece: a template is kilobytes of HTML with a few
            // escaped quotes.
            let stop = Self.plainRunStop(bytes, from: pos)
            if stop > pos {
                out.append(contentsOf: bytes[pos..<stop])
                pos = stop
                if out.count > limit {
                    throw fail("string of more than \(limit) bytes exceeds the limit of \(limit) bytes", at: start)
                }
            }
            guard let b = current else { throw fail("unterminated string (starts at \(start))", at: pos) }
            if b == UInt8(ascii: "\"") {
                pos += 1
                break
            }
            if b < 0x20 { throw fail("unescaped control character 0x\(hexString([b])) in string", at: pos) }
            if b == UInt8(ascii: "\\") {
                UTF8Validation.append(scalar: try JSONEscape.read(bytes, at: &pos), to: &out)
            } else if b < 0x80 {
                out.append(b)
                pos += 1
            } else {
                guard let n = UTF8Validation.sequenceLength(bytes, at: pos) else { throw fail("invalid UTF-8", at: pos) }
                out.append(contentsOf: bytes[pos..<(pos + n)])
                pos += n
            }
            if out.count > limit {
                throw fail("string of more than \(limit) bytes exceeds the limit of \(limit) bytes", at: start)
            }
        }
        return out
    }
}
