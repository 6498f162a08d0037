/// One backslash escape of a JSON string (RFC 8259: the short escapes and
/// `\uXXXX`, surrogate pairs joined, lone surrogates refused), read the
/// same way by `JSONParser` and `JSONStreamReader` so both decode the same
/// scalars and refuse the rest with the same words.
enum JSONEscape {
    private static func failure(_ what: String, at offset: Int) -> FramesError {
        FramesError(.invalidArgument, "JSON: \(what) at byte offset \(offset)")
    }

    private static func printable(_ b: UInt8) -> String {
        (0x20..<0x7F).contains(b) ? String(UnicodeScalar(b)) : "0x" + hexString([b])
    }

    private static func hex4Text(_ v: UInt32) -> String {
        hexString([UInt8(truncatingIfNeeded: v >> 8), UInt8(truncatingIfNeeded: v)]).asciiUppercased
    }

    /// Reads the escape whose backslash is at `pos`, moves `pos` past it and
    /// returns its scalar value.
    static func read(_ bytes: [UInt8], at pos: inout Int) throws(FramesError) -> UInt32 {
        let start = pos
        pos += 1
        guard pos >= 0, pos < bytes.count else { throw failure("unterminated escape", at: start) }
        let e = bytes[pos]
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
            let first = try hex4(bytes, at: &pos, escapeAt: start)
            if first >= 0xDC00 && first <= 0xDFFF {
                throw failure("lone low surrogate \\u\(hex4Text(first)) in string", at: start)
            }
            guard first >= 0xD800 && first <= 0xDBFF else { return first }
            let second = pos
            guard pos + 1 < bytes.count, bytes[pos] == UInt8(ascii: "\\"), bytes[pos + 1] == UInt8(ascii: "u") else {
                throw failure("lone high surrogate \\u\(hex4Text(first)) in string", at: start)
            }
            pos += 2
            let low = try hex4(bytes, at: &pos, escapeAt: second)
            guard low >= 0xDC00 && low <= 0xDFFF else {
                throw failure("high surrogate \\u\(hex4Text(first)) not followed by a low surrogate", at: start)
            }
            return 0x10000 + ((first - 0xD800) << 10) + (low - 0xDC00)
        default:
            throw failure("invalid escape '\\\(printable(e))' in string", at: start)
        }
    }

    private static func hex4(_ bytes: [UInt8], at pos: inout Int, escapeAt start: Int) throws(FramesError) -> UInt32 {
        var value: UInt32 = 0
        for _ in 0..<4 {
            guard pos < bytes.count else { throw failure("truncated \\u escape", at: start) }
            let b = bytes[pos]
            let digit: UInt32
            switch b {
            case UInt8(ascii: "0")...UInt8(ascii: "9"): digit = UInt32(b - UInt8(ascii: "0"))
            case UInt8(ascii: "a")...UInt8(ascii: "f"): digit = UInt32(b - UInt8(ascii: "a") + 10)
            case UInt8(ascii: "A")...UInt8(ascii: "F"): digit = UInt32(b - UInt8(ascii: "A") + 10)
            default: throw failure("invalid hex digit in \\u escape", at: start)
            }
            value = value << 4 | digit
            pos += 1
        }
        return value
    }
}
