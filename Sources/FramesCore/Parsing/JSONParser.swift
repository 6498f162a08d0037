/// A strict RFC 8259 JSON parser over bytes, with explicit limits
/// (`PayloadLimits`). It never traps: every malformed or oversized input is a
/// `FramesError(.invalidArgument, ...)` whose message says what was wrong and
/// at which byte offset.
///
/// Rejected: empty input, a byte-order mark, invalid UTF-8 (overlong,
/// surrogates, > U+10FFFF, truncated), `\u` escapes that leave a lone
/// surrogate, unescaped control characters (U+0000..U+001F) in strings,
/// leading zeros, `NaN`/`Infinity`, numbers that overflow a Double, trailing
/// garbage, duplicate object keys, and anything over a limit.
public struct JSONParser: Sendable {
    /// Longest accepted number token, in bytes.
    public static let maxNumberBytes = 512

    public let limits: PayloadLimits

    public init(limits: PayloadLimits) {
        self.limits = limits
    }

    /// Parses one JSON document.
    public func parse(_ bytes: [UInt8]) throws(FramesError) -> JSONValue {
        guard bytes.count <= limits.maxBytes else {
            throw FramesError(.invalidArgument,
                "JSON: document of \(bytes.count) bytes exceeds the limit of \(limits.maxBytes) bytes")
        }
        var reader = Reader(bytes: bytes, limits: limits)
        return try reader.document()
    }

    /// Parses one JSON document from a span (copied first, after the size check).
    public func parse(_ span: Span<UInt8>) throws(FramesError) -> JSONValue {
        guard span.count <= limits.maxBytes else {
            throw FramesError(.invalidArgument,
                "JSON: document of \(span.count) bytes exceeds the limit of \(limits.maxBytes) bytes")
        }
        return try parse([UInt8](copying: span))
    }

    /// Parses the UTF-8 of a string.
    public func parse(_ text: String) throws(FramesError) -> JSONValue {
        try parse(Array(text.utf8))
    }
}

private struct Reader {
    let bytes: [UInt8]
    let limits: PayloadLimits
    var pos = 0
    var depth = 0

    init(bytes: [UInt8], limits: PayloadLimits) {
        self.bytes = bytes
        self.limits = limits
    }

    func fail(_ what: String, at offset: Int) -> FramesError {
        FramesError(.invalidArgument, "JSON: \(what) at byte offset \(offset)")
    }

    var current: UInt8? { pos < bytes.count ? bytes[pos] : nil }

    mutating func skipWhitespace() {
        while let b = current, b == 0x20 || b == 0x09 || b == 0x0A || b == 0x0D { pos += 1 }
    }

    mutating func document() throws(FramesError) -> JSONValue {
        if bytes.count >= 3, bytes[0] == 0xEF, bytes[1] == 0xBB, bytes[2] == 0xBF {
            throw fail("byte-order mark is not allowed", at: 0)
        }
        skipWhitespace()
        guard current != nil else {
            throw FramesError(.invalidArgument, "JSON: empty document (no value)")
        }
        let value = try self.value()
        skipWhitespace()
        if pos < bytes.count {
            throw fail("trailing data after the top-level value", at: pos)
        }
        return value
    }

    mutating func value() throws(FramesError) -> JSONValue {
        guard let b = current else { throw fail("unexpected end of input, expected a value", at: pos) }
        switch b {
        case UInt8(ascii: "{"): return try object()
        case UInt8(ascii: "["): return try array()
        case UInt8(ascii: "\""): return .string(try string())
        case UInt8(ascii: "t"): try literal("true"); return .bool(true)
        case UInt8(ascii: "f"): try literal("false"); return .bool(false)
        case UInt8(ascii: "n"): try literal("null"); return .null
        case UInt8(ascii: "-"), UInt8(ascii: "0")...UInt8(ascii: "9"): return try number()
        case UInt8(ascii: "N"), UInt8(ascii: "I"):
            throw fail("NaN and Infinity are not JSON numbers", at: pos)
        default:
            throw fail("unexpected byte 0x\(hexString([b])), expected a value", at: pos)
        }
    }

    mutating func literal(_ word: StaticString) throws(FramesError) {
        let start = pos
        var matched = true
        word.withUTF8Buffer { expected in
            for e in expected {
                if pos < bytes.count, bytes[pos] == e { pos += 1 } else { matched = false; return }
            }
        }
        guard matched else { throw fail("invalid literal, expected '\(word)'", at: start) }
    }

    mutating func enter(at offset: Int) throws(FramesError) {
        depth += 1
        guard depth <= limits.maxDepth else {
            throw fail("nesting depth \(depth) exceeds the limit of \(limits.maxDepth)", at: offset)
        }
    }

    mutating func array() throws(FramesError) -> JSONValue {
        let start = pos
        try enter(at: start)
        pos += 1  // '['
        var elements: [JSONValue] = []
        skipWhitespace()
        if current == UInt8(ascii: "]") {
            pos += 1
            depth -= 1
            return .array(elements)
        }
        while true {
            skipWhitespace()
            if elements.count >= limits.maxElements {
                throw fail("array starting here has more than the limit of \(limits.maxElements) elements", at: start)
            }
            elements.append(try value())
            skipWhitespace()
            guard let b = current else { throw fail("unterminated array (starts at \(start))", at: pos) }
            if b == UInt8(ascii: ",") { pos += 1; continue }
            if b == UInt8(ascii: "]") { pos += 1; break }
            throw fail("expected ',' or ']' in array", at: pos)
        }
        depth -= 1
        return .array(elements)
    }

    mutating func object() throws(FramesError) -> JSONValue {
        let start = pos
        try enter(at: start)
        pos += 1  // '{'
        var object = JSONObject()
        skipWhitespace()
        if current == UInt8(ascii: "}") {
            pos += 1
            depth -= 1
            return .object(object)
        }
        while true {
            skipWhitespace()
            guard current == UInt8(ascii: "\"") else {
                if current == nil { throw fail("unterminated object (starts at \(start))", at: pos) }
                throw fail("expected a string key in object", at: pos)
            }
            if object.count >= limits.maxElements {
                throw fail("object starting here has more than the limit of \(limits.maxElements) members", at: start)
            }
            let keyOffset = pos
            let key = try string()
            skipWhitespace()
            guard current == UInt8(ascii: ":") else { throw fail("expected ':' after object key", at: pos) }
            pos += 1
            skipWhitespace()
            let member = JSONMember(key: key, value: try value())
            guard object.insert(member) else {
                throw fail("duplicate object key \"\(Self.excerpt(key))\"", at: keyOffset)
            }
            skipWhitespace()
            guard let b = current else { throw fail("unterminated object (starts at \(start))", at: pos) }
            if b == UInt8(ascii: ",") { pos += 1; continue }
            if b == UInt8(ascii: "}") { pos += 1; break }
            throw fail("expected ',' or '}' in object", at: pos)
        }
        depth -= 1
        return .object(object)
    }

    static func excerpt(_ s: String) -> String {
        s.utf8.count <= 64 ? s : String(s.prefix(60)) + "…"
    }

    /// Parses a string starting at the opening quote; returns its value.
    mutating func string() throws(FramesError) -> String {
        let start = pos
        pos += 1  // opening quote
        // Most wire strings (ids, keys, URLs, hex digests) are printable
        // ASCII without escapes: those become a String straight from the
        // document's bytes, with no intermediate buffer.
        var end = pos
        while end < bytes.count {
            let b = bytes[end]
            guard b >= 0x20, b < 0x80, b != UInt8(ascii: "\\") else { break }
            if b == UInt8(ascii: "\"") {
                let length = end - pos
                guard length <= limits.maxStringBytes else {
                    throw fail("string of \(length) bytes exceeds the limit of \(limits.maxStringBytes) bytes", at: start)
                }
                let text = String(decoding: bytes[pos..<end], as: UTF8.self)
                pos = end + 1
                return text
            }
            end += 1
        }
        var out: [UInt8] = []
        var length = 0  // decoded UTF-8 bytes, counted even past the limit
        let limit = limits.maxStringBytes
        while true {
            guard pos < bytes.count else { throw fail("unterminated string (starts at \(start))", at: pos) }
            let b = bytes[pos]
            if b == UInt8(ascii: "\"") {
                pos += 1
                break
            }
            if b < 0x20 {
                throw fail("unescaped control character 0x\(hexString([b])) in string", at: pos)
            }
            if b == UInt8(ascii: "\\") {
                let scalar = try JSONEscape.read(bytes, at: &pos)
                let before = out.count
                if length + 4 <= limit {
                    UTF8Validation.append(scalar: scalar, to: &out)
                    length += out.count - before
                } else {
                    var tmp: [UInt8] = []
                    UTF8Validation.append(scalar: scalar, to: &tmp)
                    length += tmp.count
                    if length <= limit { out.append(contentsOf: tmp) }
                }
                continue
            }
            if b < 0x80 {
                if length < limit { out.append(b) }
                length += 1
                pos += 1
                continue
            }
            guard let n = UTF8Validation.sequenceLength(bytes, at: pos) else {
                throw fail("invalid UTF-8", at: pos)
            }
            if length + n <= limit {
                out.append(contentsOf: bytes[pos..<(pos + n)])
            }
            length += n
            pos += n
        }
        guard length <= limit else {
            throw fail("string of \(length) bytes exceeds the limit of \(limit) bytes", at: start)
        }
        return String(decoding: out, as: UTF8.self)
    }

    mutating func number() throws(FramesError) -> JSONValue {
        switch try JSONNumberToken.read(bytes, at: &pos) {
        case .integer(let i): return .integer(i)
        case .double(let d): return .number(d)
        }
    }
}
