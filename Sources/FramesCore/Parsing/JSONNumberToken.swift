/// One JSON number token (RFC 8259: no leading zeros, NaN or Infinity),
/// read the same way by `JSONParser` (the tree) and `JSONStreamReader`
/// (one pass), so both accept exactly the same numbers and refuse the rest
/// with the same words.
enum JSONNumberToken: Equatable {
    case integer(Int64)
    case double(Double)

    var double: Double {
        switch self {
        case .integer(let i): return Double(i)
        case .double(let d): return d
        }
    }

    private static func isDigit(_ b: UInt8?) -> Bool {
        guard let b else { return false }
        return b >= UInt8(ascii: "0") && b <= UInt8(ascii: "9")
    }

    private static func failure(_ what: String, at offset: Int) -> FramesError {
        FramesError(.invalidArgument, "JSON: \(what) at byte offset \(offset)")
    }

    /// Reads the number that starts at `pos` and moves `pos` past it.
    static func read(_ bytes: [UInt8], at pos: inout Int) throws(FramesError) -> JSONNumberToken {
        func current() -> UInt8? { pos >= 0 && pos < bytes.count ? bytes[pos] : nil }
        let start = pos
        var integral = true
        if current() == UInt8(ascii: "-") {
            pos += 1
            if current() == UInt8(ascii: "I") { throw failure("NaN and Infinity are not JSON numbers", at: start) }
        }
        guard isDigit(current()) else { throw failure("expected a digit in number", at: pos) }
        if current() == UInt8(ascii: "0") {
            pos += 1
            if isDigit(current()) { throw failure("leading zero in number", at: start) }
        } else {
            while isDigit(current()) { pos += 1 }
        }
        if current() == UInt8(ascii: ".") {
            integral = false
            pos += 1
            guard isDigit(current()) else { throw failure("expected a digit after '.' in number", at: pos) }
            while isDigit(current()) { pos += 1 }
        }
        if current() == UInt8(ascii: "e") || current() == UInt8(ascii: "E") {
            integral = false
            pos += 1
            if current() == UInt8(ascii: "+") || current() == UInt8(ascii: "-") { pos += 1 }
            guard isDigit(current()) else { throw failure("expected a digit in exponent", at: pos) }
            while isDigit(current()) { pos += 1 }
        }
        let length = pos - start
        guard length <= JSONParser.maxNumberBytes else {
            throw failure("number of \(length) bytes exceeds the limit of \(JSONParser.maxNumberBytes) bytes", at: start)
        }
        // Integers of up to 18 digits cannot overflow Int64: read them
        // directly (ids, sizes, durations, times), without a String.
        let negative = bytes[start] == UInt8(ascii: "-")
        if integral, length - (negative ? 1 : 0) <= 18 {
            var value: Int64 = 0
            for i in (start + (negative ? 1 : 0))..<pos { value = value * 10 + Int64(bytes[i] &- UInt8(ascii: "0")) }
            return .integer(negative ? -value : value)
        }
        let text = String(decoding: bytes[start..<pos], as: UTF8.self)
        if integral, let exact = Int64(text) { return .integer(exact) }
        guard let d = DecimalText.double(bytes, start..<pos) else { throw failure("invalid number", at: start) }
        guard d.isFinite else { throw failure("number \(text) overflows a Double", at: start) }
        return .double(d)
    }
}
