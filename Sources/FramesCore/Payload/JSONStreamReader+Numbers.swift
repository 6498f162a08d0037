/// Numbers of `JSONStreamReader`: RFC 8259's grammar (no leading zeros,
/// NaN or Infinity), the length limit, exact integers up to 18 digits
/// without making a String.
extension JSONStreamReader {
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
