// Decides: XC-07
/// Strict UTF-8 (RFC 3629) for the wire readers: no overlong forms, no
/// encoded surrogates (U+D800..U+DFFF), nothing above U+10FFFF.
enum UTF8Validation {
    /// The length (2...4) of the well-formed multi-byte sequence starting at
    /// `offset`, or nil if it is ill-formed or truncated. `bytes[offset]` must be >= 0x80.
    static func sequenceLength(_ bytes: [UInt8], at offset: Int) -> Int? {
        guard offset >= 0, offset < bytes.count else { return nil }
        let lead = bytes[offset]
        let length: Int
        var secondLow: UInt8 = 0x80
        var secondHigh: UInt8 = 0xBF
        switch lead {
        case 0xC2...0xDF: length = 2
        case 0xE0: length = 3; secondLow = 0xA0
        case 0xE1...0xEC, 0xEE...0xEF: length = 3
        case 0xED: length = 3; secondHigh = 0x9F
        case 0xF0: length = 4; secondLow = 0x90
        case 0xF1...0xF3: length = 4
        case 0xF4: length = 4; secondHigh = 0x8F
        default: return nil
        }
        guard bytes.count - offset >= length else { return nil }
        let second = bytes[offset + 1]
        guard second >= secondLow, second <= secondHigh else { return nil }
        var i = 2
        while i < length {
            let b = bytes[offset + i]
            guard b >= 0x80, b <= 0xBF else { return nil }
            i += 1
        }
        return length
    }

    /// Appends the UTF-8 encoding of a valid scalar value.
    static func append(scalar value: UInt32, to out: inout [UInt8]) {
        switch value {
        case 0..<0x80:
            out.append(UInt8(truncatingIfNeeded: value))
        case 0x80..<0x800:
            out.append(UInt8(truncatingIfNeeded: 0xC0 | (value >> 6)))
            out.append(UInt8(truncatingIfNeeded: 0x80 | (value & 0x3F)))
        case 0x800..<0x10000:
            out.append(UInt8(truncatingIfNeeded: 0xE0 | (value >> 12)))
            out.append(UInt8(truncatingIfNeeded: 0x80 | ((value >> 6) & 0x3F)))
            out.append(UInt8(truncatingIfNeeded: 0x80 | (value & 0x3F)))
        default:
            out.append(UInt8(truncatingIfNeeded: 0xF0 | ((value >> 18) & 0x07)))
            out.append(UInt8(truncatingIfNeeded: 0x80 | ((value >> 12) & 0x3F)))
            out.append(UInt8(truncatingIfNeeded: 0x80 | ((value >> 6) & 0x3F)))
            out.append(UInt8(truncatingIfNeeded: 0x80 | (value & 0x3F)))
        }
    }

    /// True if `value` is a Unicode scalar value (not a surrogate, <= U+10FFFF).
    static func isScalar(_ value: UInt32) -> Bool {
        value < 0xD800 || (value > 0xDFFF && value <= 0x10FFFF)
    }
}

extension Array where Element == UInt8 {
    /// Copies a span's bytes (the wire readers work on arrays they own).
    init(copying span: Span<UInt8>) {
        self.init()
        reserveCapacity(span.count)
        for i in span.indices { append(span[i]) }
    }
}
