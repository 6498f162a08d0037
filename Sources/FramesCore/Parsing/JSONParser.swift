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
    var cursor: ByteCursor

    init(bytes: [UInt8], limits: PayloadLimits) {
        cursor = ByteCursor(bytes, limits: limits, format: "JSON")
    }

    mutating func document() throws(FramesError) -> JSONValue {
        if cursor.starts(with: "\u{FEFF}", at: 0) {
            throw cursor.fail("byte-order mark is not allowed", at: 0)
        }
        cursor.skipSpace()
        guard cursor.current != nil else {
            throw FramesError(.invalidArgument, "JSON: empty document (no value)")
        }
        let value = try self.value()
        cursor.skipSpace()
        if cursor.pos < cursor.bytes.count {
            throw cursor.fail("trailing data after the top-level value", at: cursor.pos)
        }
        return value
    }

    mutating func value() throws(FramesError) -> JSONValue {
        guard let b = cursor.current else { throw cursor.fail("unexpected end of input, expected a value", at: cursor.pos) }
        switch b {
        case UInt8(ascii: "{"): return try object()
        case UInt8(ascii: "["): return try array()
        case UInt8(ascii: "\""): return .string(try string())
        case UInt8(ascii: "t"): try literal("true"); return .bool(true)
        case UInt8(ascii: "f"): try literal("false"); return .bool(false)
        case UInt8(ascii: "n"): try literal("null"); return .null
        case UInt8(ascii: "-"), UInt8(ascii: "0")...UInt8(ascii: "9"): return try number()
        case UInt8(ascii: "N"), UInt8(ascii: "I"):
            throw cursor.fail("NaN and Infinity are not JSON numbers", at: cursor.pos)
        default:
            throw cursor.fail("unexpected byte 0x\(hexString([b])), expected a value", at: cursor.pos)
        }
    }

    mutating func literal(_ word: StaticString) throws(FramesError) {
        guard cursor.skip(word) else { throw cursor.fail("invalid literal, expected '\(word)'", at: cursor.pos) }
    }

    mutating func array() throws(FramesError) -> JSONValue {
        let start = cursor.pos
        try cursor.enter(at: start)
        cursor.pos += 1  // '['
        var elements: [JSONValue] = []
        cursor.skipSpace()
        if cursor.current == UInt8(ascii: "]") {
            cursor.pos += 1
            cursor.leave()
            return .array(elements)
        }
        while true {
            cursor.skipSpace()
            if elements.count >= cursor.limits.maxElements {
                throw cursor.fail("array starting here has more than the limit of \(cursor.limits.maxElements) elements", at: start)
            }
            elements.append(try value())
            cursor.skipSpace()
            guard let b = cursor.current else { throw cursor.fail("unterminated array (starts at \(start))", at: cursor.pos) }
            if b == UInt8(ascii: ",") { cursor.pos += 1; continue }
            if b == UInt8(ascii: "]") { cursor.pos += 1; break }
            throw cursor.fail("expected ',' or ']' in array", at: cursor.pos)
        }
        cursor.leave()
        return .array(elements)
    }

    mutating func object() throws(FramesError) -> JSONValue {
        let start = cursor.pos
        try cursor.enter(at: start)
        cursor.pos += 1  // '{'
        var object = JSONObject()
        cursor.skipSpace()
        if cursor.current == UInt8(ascii: "}") {
            cursor.pos += 1
            cursor.leave()
            return .object(object)
        }
        while true {
            cursor.skipSpace()
            guard cursor.current == UInt8(ascii: "\"") else {
                if cursor.current == nil { throw cursor.fail("unterminated object (starts at \(start))", at: cursor.pos) }
                throw cursor.fail("expected a string key in object", at: cursor.pos)
            }
            if object.count >= cursor.limits.maxElements {
                throw cursor.fail("object starting here has more than the limit of \(cursor.limits.maxElements) members", at: start)
            }
            let keyOffset = cursor.pos
            let key = try string()
            cursor.skipSpace()
            guard cursor.current == UInt8(ascii: ":") else { throw cursor.fail("expected ':' after object key", at: cursor.pos) }
            cursor.pos += 1
            cursor.skipSpace()
            let member = JSONMember(key: key, value: try value())
            guard object.insert(member) else {
                throw cursor.fail("duplicate object key \"\(Self.excerpt(key))\"", at: keyOffset)
            }
            cursor.skipSpace()
            guard let b = cursor.current else { throw cursor.fail("unterminated object (starts at \(start))", at: cursor.pos) }
            if b == UInt8(ascii: ",") { cursor.pos += 1; continue }
            if b == UInt8(ascii: "}") { cursor.pos += 1; break }
            throw cursor.fail("expected ',' or '}' in object", at: cursor.pos)
        }
        cursor.leave()
        return .object(object)
    }

    static func excerpt(_ s: String) -> String {
        s.utf8.count <= 64 ? s : String(s.prefix(60)) + "…"
    }

    /// Parses a string starting at the opening quote; returns its value.
    mutating func string() throws(FramesError) -> String {
        let start = cursor.pos
        cursor.pos += 1  // opening quote
        // Most wire strings (ids, keys, URLs, hex digests) are printable
        // ASCII without escapes: those become a String straight from the
        // document's bytes, with no intermediate buffer.
        var end = cursor.pos
        while end < cursor.bytes.count {
            let b = cursor.bytes[end]
            guard b >= 0x20, b < 0x80, b != UInt8(ascii: "\\") else { break }
            if b == UInt8(ascii: "\"") {
                let length = end - cursor.pos
                guard length <= cursor.limits.maxStringBytes else {
                    throw cursor.fail("string of \(length) bytes exceeds the limit of \(cursor.limits.maxStringBytes) bytes", at: start)
                }
                let text = String(decoding: cursor.bytes[cursor.pos..<end], as: UTF8.self)
                cursor.pos = end + 1
                return text
            }
            end += 1
        }
        var out: [UInt8] = []
        var length = 0  // decoded UTF-8 bytes, counted even past the limit
        let limit = cursor.limits.maxStringBytes
        while true {
            guard cursor.pos < cursor.bytes.count else { throw cursor.fail("unterminated string (starts at \(start))", at: cursor.pos) }
            let b = cursor.bytes[cursor.pos]
            if b == UInt8(ascii: "\"") {
                cursor.pos += 1
                break
            }
            if b < 0x20 {
                throw cursor.fail("unescaped control character 0x\(hexString([b])) in string", at: cursor.pos)
            }
            if b == UInt8(ascii: "\\") {
                let scalar = try JSONEscape.read(cursor.bytes, at: &cursor.pos)
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
                cursor.pos += 1
                continue
            }
            guard let n = UTF8Validation.sequenceLength(cursor.bytes, at: cursor.pos) else {
                throw cursor.fail("invalid UTF-8", at: cursor.pos)
            }
            if length + n <= limit {
                out.append(contentsOf: cursor.bytes[cursor.pos..<(cursor.pos + n)])
            }
            length += n
            cursor.pos += n
        }
        guard length <= limit else {
            throw cursor.fail("string of \(length) bytes exceeds the limit of \(limit) bytes", at: start)
        }
        return String(decoding: out, as: UTF8.self)
    }

    mutating func number() throws(FramesError) -> JSONValue {
        switch try JSONNumberToken.read(cursor.bytes, at: &cursor.pos) {
        case .integer(let i): return .integer(i)
        case .double(let d): return .number(d)
        }
    }
}
