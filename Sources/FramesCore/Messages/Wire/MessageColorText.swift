/// The colour notation of messages.
enum MessageColorText {
    static func parse(_ bytes: ArraySlice<UInt8>) -> MessageColor? {
        guard bytes.first == UInt8(ascii: "#"), bytes.count == 7 || bytes.count == 9 else { return nil }
        var value: UInt32 = 0
        for byte in bytes.dropFirst() {
            guard let digit = hexValue(byte) else { return nil }
            value = value << 4 | UInt32(digit)
        }
        return MessageColor(rgba: bytes.count == 7 ? value << 8 | 0xFF : value)
    }

    static func parse(_ text: String) -> MessageColor? {
        parse(Array(text.utf8)[...])
    }

    private static func hexValue(_ byte: UInt8) -> UInt8? {
        switch byte {
        case UInt8(ascii: "0")...UInt8(ascii: "9"): return byte - UInt8(ascii: "0")
        case UInt8(ascii: "a")...UInt8(ascii: "f"): return byte - UInt8(ascii: "a") + 10
        case UInt8(ascii: "A")...UInt8(ascii: "F"): return byte - UInt8(ascii: "A") + 10
        default: return nil
        }
    }
}
