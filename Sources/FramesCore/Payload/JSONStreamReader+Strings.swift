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
        if let range = try plainString() { return Array(bytes[range]) }
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
            guard let b = current else { throw fail("unterminated string (starts at \(start))", at: pos) }
            if b == UInt8(ascii: "\"") {
                pos += 1
                break
            }
            if b < 0x20 { throw fail("unescaped control character 0x\(hexString([b])) in string", at: pos) }
            if b == UInt8(ascii: "\\") {
                UTF8Validation.append(scalar: try escape(), to: &out)
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

    private mutating func escape() throws(FramesError) -> UInt32 {
        let start = pos
        pos += 1
        guard let e = current else { throw fail("unterminated escape", at: start) }
        pos += 1
        switch e {
        case UInt8(ascii: "\""): return 0x22
        case UInt8(ascii: "\\"): return 0x5C
        case UInt8(ascii: "/"): return 0x2F
        case UInt8(ascii: "b"): return 0x08
        case UInt8(ascii: "f"): return 0x0C
        case UInt8(ascii: "n"): return 0x0A
        case UInt8(ascii: "r"): return 0x0D
        case UInt8(ascii: "t"): return 0x09
        case UInt8(ascii: "u"):
            let first = try hex4(escapeAt: start)
            if first >= 0xDC00 && first <= 0xDFFF { throw fail("lone low surrogate in string", at: start) }
            guard first >= 0xD800 && first <= 0xDBFF else { return first }
            guard byte(at: pos) == UInt8(ascii: "\\"), byte(at: pos + 1) == UInt8(ascii: "u") else {
                throw fail("lone high surrogate in string", at: start)
            }
            let second = pos
            pos += 2
            let low = try hex4(escapeAt: second)
            guard low >= 0xDC00 && low <= 0xDFFF else {
                throw fail("high surrogate not followed by a low surrogate", at: start)
            }
            return 0x10000 + ((first - 0xD800) << 10) + (low - 0xDC00)
        default:
            throw fail("invalid escape in string", at: start)
        }
    }

    private mutating func hex4(escapeAt start: Int) throws(FramesError) -> UInt32 {
        var value: UInt32 = 0
        for _ in 0..<4 {
            guard let b = current else { throw fail("truncated \\u escape", at: start) }
            let digit: UInt32
            switch b {
            case UInt8(ascii: "0")...UInt8(ascii: "9"): digit = UInt32(b - UInt8(ascii: "0"))
            case UInt8(ascii: "a")...UInt8(ascii: "f"): digit = UInt32(b - UInt8(ascii: "a") + 10)
            case UInt8(ascii: "A")...UInt8(ascii: "F"): digit = UInt32(b - UInt8(ascii: "A") + 10)
            default: throw fail("invalid hex digit in \\u escape", at: start)
            }
            value = value << 4 | digit
            pos += 1
        }
        return value
    }
}
