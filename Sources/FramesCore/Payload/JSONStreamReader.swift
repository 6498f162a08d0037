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
    private(set) var pos: Int
    private var depth: Int
    /// The keys of every object being read, innermost last: one array of
    /// plain values for the whole document instead of one per object.
    private var keyStack: [KeyBytes] = []
    /// The live part of `keyStack` (entries past it are reused, not freed).
    private var keyCount = 0
    /// The bytes of keys that needed decoding (escapes, non-ASCII).
    private var decodedKeys: [[UInt8]] = []

    init(_ bytes: [UInt8], limits: PayloadLimits) {
        self.bytes = bytes
        self.limits = limits
        self.pos = 0
        self.depth = 0
    }

    func fail(_ what: String, at offset: Int) -> FramesError {
        FramesError(.invalidArgument, "JSON: \(what) at byte offset \(offset)")
    }

    func byte(at offset: Int) -> UInt8? {
        offset >= 0 && offset < bytes.count ? bytes[offset] : nil
    }

    var current: UInt8? { byte(at: pos) }

    mutating func skipWhitespace() {
        while let b = current, b == 0x20 || b == 0x09 || b == 0x0A || b == 0x0D { pos += 1 }
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

    // MARK: objects and arrays

    /// An object being read: its start, its members so far and their keys
    /// (for the duplicate check).
    struct ObjectCursor {
        let start: Int
        /// Where this object's keys begin in the key stack.
        let firstKey: Int
        var count = 0
        var done = false
    }

    struct ArrayCursor {
        let start: Int
        var count = 0
        var done = false
    }

    /// A key: a range of the document when it has no escapes, else an
    /// index into the decoded keys. A plain value, so the key stack costs
    /// no reference counting.
    struct KeyBytes {
        /// `start..<end` of the document, or decoded key `end` when `start` is -1.
        let start: Int
        let end: Int

        var isDecoded: Bool { start < 0 }
    }

    mutating func beginObject() throws(FramesError) -> ObjectCursor {
        skipWhitespace()
        let start = pos
        guard current == UInt8(ascii: "{") else { throw fail("expected an object", at: pos) }
        try enter(at: start)
        pos += 1
        var cursor = ObjectCursor(start: start, firstKey: keyCount)
        skipWhitespace()
        if current == UInt8(ascii: "}") {
            pos += 1
            depth -= 1
            cursor.done = true
        }
        return cursor
    }

    /// The next member's key (the reader then stands at its value), or nil
    /// after the closing brace. Duplicate keys are rejected here.
    mutating func nextKey(_ cursor: inout ObjectCursor) throws(FramesError) -> Key? {
        guard !cursor.done else { return nil }
        skipWhitespace()
        if cursor.count > 0 {
            guard let b = current else { throw fail("unterminated object (starts at \(cursor.start))", at: pos) }
            if b == UInt8(ascii: "}") {
                pos += 1
                depth -= 1
                cursor.done = true
                keyCount = min(keyCount, cursor.firstKey)
                return nil
            }
            guard b == UInt8(ascii: ",") else { throw fail("expected ',' or '}' in object", at: pos) }
            pos += 1
            skipWhitespace()
        }
        guard current == UInt8(ascii: "\"") else {
            if current == nil { throw fail("unterminated object (starts at \(cursor.start))", at: pos) }
            throw fail("expected a string key in object", at: pos)
        }
        if cursor.count >= limits.maxElements {
            throw fail("object starting here has more than the limit of \(limits.maxElements) members", at: cursor.start)
        }
        let keyOffset = pos
        let key = try keyBytes()
        var i = max(0, cursor.firstKey)
        while i < keyCount, i < keyStack.count {
            if same(keyStack[i], key) { throw fail("duplicate object key \"\(excerpt(key))\"", at: keyOffset) }
            i += 1
        }
        if keyCount < keyStack.count {
            keyStack[keyCount] = key
        } else {
            keyStack.append(key)
        }
        keyCount += 1
        cursor.count += 1
        skipWhitespace()
        guard current == UInt8(ascii: ":") else { throw fail("expected ':' after object key", at: pos) }
        pos += 1
        return Key(bytes: key)
    }

    mutating func beginArray() throws(FramesError) -> ArrayCursor {
        skipWhitespace()
        let start = pos
        guard current == UInt8(ascii: "[") else { throw fail("expected an array", at: pos) }
        try enter(at: start)
        pos += 1
        var cursor = ArrayCursor(start: start)
        skipWhitespace()
        if current == UInt8(ascii: "]") {
            pos += 1
            depth -= 1
            cursor.done = true
        }
        return cursor
    }

    /// Whether another element follows (the reader then stands at it).
    mutating func nextElement(_ cursor: inout ArrayCursor) throws(FramesError) -> Bool {
        guard !cursor.done else { return false }
        skipWhitespace()
        if cursor.count > 0 {
            guard let b = current else { throw fail("unterminated array (starts at \(cursor.start))", at: pos) }
            if b == UInt8(ascii: "]") {
                pos += 1
                depth -= 1
                cursor.done = true
                return false
            }
            guard b == UInt8(ascii: ",") else { throw fail("expected ',' or ']' in array", at: pos) }
            pos += 1
        }
        if cursor.count >= limits.maxElements {
            throw fail("array starting here has more than the limit of \(limits.maxElements) elements", at: cursor.start)
        }
        cursor.count += 1
        return true
    }

    private mutating func enter(at offset: Int) throws(FramesError) {
        depth += 1
        guard depth <= limits.maxDepth else {
            throw fail("nesting depth \(depth) exceeds the limit of \(limits.maxDepth)", at: offset)
        }
    }

    // MARK: keys

    /// A member's key, compared by exact bytes (XC-07) with `is`.
    struct Key {
        let bytes: KeyBytes
    }

    /// Whether `key` is exactly `name`.
    func `is`(_ key: Key, _ name: StaticString) -> Bool {
        let k = key.bytes
        guard k.isDecoded || k.end - k.start == name.utf8CodeUnitCount else { return false }
        return name.withUTF8Buffer { expected -> Bool in
            if k.isDecoded {
                guard decodedKeys.indices.contains(k.end) else { return false }
                return decodedKeys[k.end].elementsEqual(expected)
            }
            guard k.start >= 0, k.end <= bytes.count else { return false }
            var i = 0
            var offset = k.start
            while offset < k.end {
                if bytes[offset] != expected[i] { return false }
                i += 1
                offset += 1
            }
            return true
        }
    }

    private mutating func keyBytes() throws(FramesError) -> KeyBytes {
        let start = pos
        if let range = try plainString() { return KeyBytes(start: range.lowerBound, end: range.upperBound) }
        pos = start
        decodedKeys.append(try decodedString())
        return KeyBytes(start: -1, end: decodedKeys.count - 1)
    }

    /// A key's bytes; empty for a key that is no longer known.
    private func view(_ key: KeyBytes) -> ArraySlice<UInt8> {
        if key.isDecoded {
            guard decodedKeys.indices.contains(key.end) else { return [] }
            return decodedKeys[key.end][...]
        }
        guard key.start <= key.end, key.end <= bytes.count else { return [] }
        return bytes[key.start..<key.end]
    }

    private func same(_ a: KeyBytes, _ b: KeyBytes) -> Bool {
        if !a.isDecoded && !b.isDecoded {
            guard a.end - a.start == b.end - b.start, a.start >= 0, b.start >= 0,
                  a.end <= bytes.count, b.end <= bytes.count else { return false }
            var i = a.start
            var j = b.start
            while i < a.end {
                if bytes[i] != bytes[j] { return false }
                i += 1
                j += 1
            }
            return true
        }
        return view(a).elementsEqual(view(b))
    }

    private func excerpt(_ key: KeyBytes) -> String {
        let text = String(decoding: view(key), as: UTF8.self)
        return text.utf8.count <= 64 ? text : String(text.prefix(60)) + "…"
    }

    // MARK: strings

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

    private mutating func skipString() throws(FramesError) {
        let start = pos
        if try plainString() != nil { return }
        pos = start
        _ = try decodedString()
    }

    /// Printable ASCII without escapes, the usual case (keys, ids, URLs,
    /// colours): its range, past the closing quote. Nil (the reader
    /// unmoved past the quote) when the string needs decoding.
    private mutating func plainString() throws(FramesError) -> Range<Int>? {
        let open = pos
        var end = pos + 1
        while let b = byte(at: end) {
            guard b >= 0x20, b < 0x80, b != UInt8(ascii: "\\") else { return nil }
            if b == UInt8(ascii: "\"") {
                let length = end - open - 1
                guard length <= limits.maxStringBytes else {
                    throw fail("string of \(length) bytes exceeds the limit of \(limits.maxStringBytes) bytes", at: open)
                }
                pos = end + 1
                return (open + 1)..<end
            }
            end += 1
        }
        return nil
    }

    /// A string with escapes or non-ASCII bytes, decoded and checked.
    private mutating func decodedString() throws(FramesError) -> [UInt8] {
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

    // MARK: numbers

    enum Number: Equatable {
        case integer(Int64)
        case double(Double)

        var double: Double {
            switch self {
            case .integer(let i): return Double(i)
            case .double(let d): return d
            }
        }
    }

    private static func isDigit(_ b: UInt8?) -> Bool {
        guard let b else { return false }
        return b >= UInt8(ascii: "0") && b <= UInt8(ascii: "9")
    }

    mutating func number() throws(FramesError) -> Number {
        skipWhitespace()
        let start = pos
        var integral = true
        if current == UInt8(ascii: "-") {
            pos += 1
            if current == UInt8(ascii: "I") { throw fail("NaN and Infinity are not JSON numbers", at: start) }
        }
        guard Self.isDigit(current) else { throw fail("expected a digit in number", at: pos) }
        if current == UInt8(ascii: "0") {
            pos += 1
            if Self.isDigit(current) { throw fail("leading zero in number", at: start) }
        } else {
            while Self.isDigit(current) { pos += 1 }
        }
        if current == UInt8(ascii: ".") {
            integral = false
            pos += 1
            guard Self.isDigit(current) else { throw fail("expected a digit after '.' in number", at: pos) }
            while Self.isDigit(current) { pos += 1 }
        }
        if current == UInt8(ascii: "e") || current == UInt8(ascii: "E") {
            integral = false
            pos += 1
            if current == UInt8(ascii: "+") || current == UInt8(ascii: "-") { pos += 1 }
            guard Self.isDigit(current) else { throw fail("expected a digit in exponent", at: pos) }
            while Self.isDigit(current) { pos += 1 }
        }
        let length = pos - start
        guard length <= JSONParser.maxNumberBytes else {
            throw fail("number of \(length) bytes exceeds the limit of \(JSONParser.maxNumberBytes) bytes", at: start)
        }
        let negative = byte(at: start) == UInt8(ascii: "-")
        if integral, length - (negative ? 1 : 0) <= 18 {
            var value: Int64 = 0
            for i in (start + (negative ? 1 : 0))..<pos { value = value * 10 + Int64((byte(at: i) ?? 48) &- 48) }
            return .integer(negative ? -value : value)
        }
        let text = String(decoding: bytes[start..<pos], as: UTF8.self)
        if integral, let exact = Int64(text) { return .integer(exact) }
        guard let d = Double(text) else { throw fail("invalid number", at: start) }
        guard d.isFinite else { throw fail("number \(text) overflows a Double", at: start) }
        return .double(d)
    }
}
