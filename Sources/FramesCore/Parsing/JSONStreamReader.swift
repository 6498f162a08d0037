/// A strict JSON reader that decodes while it reads: the grammar, limits and
/// rejections of `JSONParser` (RFC 8259 over bytes; invalid UTF-8, lone
/// surrogates, control characters, leading zeros, NaN, duplicate keys,
/// trailing data and anything over a `PayloadLimits` are errors naming the
/// byte offset), without building a `JSONValue` tree. A decoder walks the
/// members it knows, turns into Swift values only the strings it keeps, and
/// skips the rest — which is still read in full and checked.
///
/// Why a second reader: a notification is read on whichever thread the push
/// arrived, inside a call a host may make for every push (IM-01), and the
/// tree of the generic parser (an array, an index and a String for every
/// member) cost four times the whole budget of that call. Never traps:
/// every byte is read through `byte(at:)`.
struct JSONStreamReader {
    let bytes: [UInt8]
    let limits: PayloadLimits
    /// Moved only by the reader itself (its extensions in
    /// JSONStreamReader+*.swift); decoders only read it.
    var pos: Int
    var depth: Int
    /// The keys of every object being read, innermost last: one array of
    /// plain values for the whole document instead of one per object.
    var keyStack: [KeyBytes] = []
    /// The live part of `keyStack` (entries past it are reused, not freed).
    var keyCount = 0
    /// The bytes of keys that needed decoding (escapes, non-ASCII).
    var decodedKeys: [[UInt8]] = []

    init(_ bytes: [UInt8], limits: PayloadLimits) {
        self.bytes = bytes
        self.limits = limits
        self.pos = 0
        self.depth = 0
        // Enough for the keys open at once in any message: one allocation
        // instead of a growing array's five.
        keyStack.reserveCapacity(32)
    }

    func fail(_ what: String, at offset: Int) -> FramesError {
        FramesError(.invalidArgument, "JSON: \(what) at byte offset \(offset)")
    }

    // Inlined: read before every token, and kept as calls by the Embedded
    // build's -Osize (docs/decisions.md, "Embedded Swift").
    @inline(__always)
    func byte(at offset: Int) -> UInt8? {
        offset >= 0 && offset < bytes.count ? bytes[offset] : nil
    }

    var current: UInt8? {
        @inline(__always) get { byte(at: pos) }
    }

    /// Inlined for its usual case — no whitespace at all — which is most of
    /// its calls (before every key, value and separator).
    /// Inlined for its usual cases — no whitespace, or the one space after
    /// a colon or comma — which are most of its calls (before every key,
    /// value and separator).
    @inline(__always)
    mutating func skipWhitespace() {
        guard pos >= 0, pos < bytes.count, bytes[pos] <= 0x20 else { return }
        if bytes[pos] == 0x20, pos + 1 < bytes.count, bytes[pos + 1] > 0x20 {
            pos += 1
            return
        }
        pos = Self.whitespaceEnd(bytes, from: pos)
    }

    /// Where the whitespace starting at `start` ends. Indentation comes in
    /// runs of spaces after a line break: its end is found eight bytes at a
    /// time (one word load, bounds-checked by the span).
    private static func whitespaceEnd(_ bytes: [UInt8], from start: Int) -> Int {
        let span = bytes.span
        let count = span.count
        guard start >= 0 else { return start }
        var i = start
        let raw = span.bytes
        while i < count {
            let b = span[i]
            if b == 0x20, count - i >= 8 {
                let word = UInt64(littleEndian: raw.unsafeLoadUnaligned(fromByteOffset: i, as: UInt64.self))
                let notSpace = nonZeroBytes(word ^ 0x2020_2020_2020_2020)
                if notSpace == 0 {
                    i += 8
                    continue
                }
                // Past the spaces; the byte there may be other whitespace.
                i += notSpace.trailingZeroBitCount >> 3
                continue
            }
            guard b == 0x20 || b == 0x09 || b == 0x0A || b == 0x0D else { break }
            i += 1
        }
        return i
    }

    /// The high bit of every byte of `x` that is not zero (exact per byte:
    /// nothing carries between bytes).
    @inline(__always)
    private static func nonZeroBytes(_ x: UInt64) -> UInt64 {
        let lows: UInt64 = 0x7F7F_7F7F_7F7F_7F7F
        return (((x & lows) &+ lows) | x) & ~lows
    }

    // MARK: documents

    /// Before the top-level value: no byte-order mark, not empty.
    mutating func beginDocument() throws(FramesError) {
        if bytes.count >= 3, bytes[0] == 0xEF, bytes[1] == 0xBB, bytes[2] == 0xBF {
            throw fail("byte-order mark is not allowed", at: 0)
        }
        guard bytes.count <= limits.maxBytes else {
            throw FramesError(.invalidArgument, "JSON: document of \(bytes.count) bytes exceeds the limit of \(limits.maxBytes) bytes")
        }
        skipWhitespace()
        guard current != nil else { throw FramesError(.invalidArgument, "JSON: empty document (no value)") }
    }

    /// After the top-level value: only whitespace.
    mutating func endDocument() throws(FramesError) {
        skipWhitespace()
        if pos < bytes.count { throw fail("trailing data after the top-level value", at: pos) }
    }

    // MARK: values

    enum Kind: Equatable {
        case object, array, string, number, bool, null

        var name: String {
            switch self {
            case .object: return "an object"
            case .array: return "an array"
            case .string: return "a string"
            case .number: return "a number"
            case .bool: return "a boolean"
            case .null: return "null"
            }
        }
    }

    /// The kind of the value at the reader (after whitespace).
    mutating func peekKind() throws(FramesError) -> Kind {
        skipWhitespace()
        guard let b = current else { throw fail("unexpected end of input, expected a value", at: pos) }
        switch b {
        case UInt8(ascii: "{"): return .object
        case UInt8(ascii: "["): return .array
        case UInt8(ascii: "\""): return .string
        case UInt8(ascii: "t"), UInt8(ascii: "f"): return .bool
        case UInt8(ascii: "n"): return .null
        case UInt8(ascii: "-"), UInt8(ascii: "0")...UInt8(ascii: "9"): return .number
        case UInt8(ascii: "N"), UInt8(ascii: "I"): throw fail("NaN and Infinity are not JSON numbers", at: pos)
        default: throw fail("unexpected byte 0x\(hexString([b])), expected a value", at: pos)
        }
    }

    /// Reads any value, checking it whole, and forgets it.
    mutating func skipValue() throws(FramesError) {
        switch try peekKind() {
        case .object:
            var object = try beginObject()
            while try nextKey(&object) != nil { try skipValue() }
        case .array:
            var array = try beginArray()
            while try nextElement(&array) { try skipValue() }
        case .string: try skipString()
        case .number: _ = try number()
        case .bool: _ = try bool()
        case .null: try null()
        }
    }

    mutating func null() throws(FramesError) {
        try literal("null")
    }

    mutating func bool() throws(FramesError) -> Bool {
        if current == UInt8(ascii: "t") {
            try literal("true")
            return true
        }
        try literal("false")
        return false
    }

    private mutating func literal(_ word: StaticString) throws(FramesError) {
        skipWhitespace()
        let start = pos
        var matched = true
        word.withUTF8Buffer { expected in
            for e in expected {
                if byte(at: pos) == e { pos += 1 } else { matched = false; return }
            }
        }
        guard matched else { throw fail("invalid literal, expected '\(word)'", at: start) }
    }
}
