import CFramesNumber

/// Decimal text to `Double`, correctly rounded and in the "C" locale, by
/// the C library (`Sources/CFramesNumber`): the one parser both builds
/// share, because Embedded Swift's standard library has no
/// `Double(String)` (docs/decisions.md, "Embedded Swift"). Callers check
/// their grammar first; this refuses anything but the bytes of a decimal
/// number.
enum DecimalText {
    /// The value of `bytes[range]`, nil when it is not a decimal number or
    /// longer than `JSONParser.maxNumberBytes`; ±infinity when it
    /// overflows, as `Double(String)` gives.
    static func double(_ bytes: [UInt8], _ range: Range<Int>) -> Double? {
        bytes.withUnsafeBufferPointer { buffer in
            guard let base = buffer.baseAddress, range.lowerBound >= 0, range.upperBound <= buffer.count else {
                return nil
            }
            var value = 0.0
            guard cframes_parse_decimal(base + range.lowerBound, range.count, &value) == 1 else { return nil }
            return value
        }
    }

    static func double(_ text: Substring) -> Double? {
        let bytes = Array(text.utf8)
        return double(bytes, 0..<bytes.count)
    }
}
