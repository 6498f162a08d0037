/// The scalar values of a property list: integers, reals, dates, base64
/// data — each checked, never trapping.
extension PlistReader {
    static func trimmed(_ s: String) -> Substring {
        var sub = Substring(s)
        while let f = sub.first, f == " " || f == "\t" || f == "\n" || f == "\r" || f == "\r\n" { sub = sub.dropFirst() }
        while let l = sub.last, l == " " || l == "\t" || l == "\n" || l == "\r" || l == "\r\n" { sub = sub.dropLast() }
        return sub
    }

    func integer(_ raw: String, at offset: Int) throws(FramesError) -> Int64 {
        let text = Self.trimmed(raw)
        var body = text
        if body.first == "-" || body.first == "+" { body = body.dropFirst() }
        guard !body.isEmpty, body.utf8.allSatisfy({ $0 >= UInt8(ascii: "0") && $0 <= UInt8(ascii: "9") }) else {
            throw cursor.fail("<integer> is not a decimal integer", at: offset)
        }
        guard let value = Int64(text) else { throw cursor.fail("<integer> does not fit in 64 bits", at: offset) }
        return value
    }

    func real(_ raw: String, at offset: Int) throws(FramesError) -> Double {
        let text = Self.trimmed(raw)
        // sign? (digits ('.' digits?)? | '.' digits) (e sign? digits)?
        var u = Array(text.utf8)[...]
        func digits(_ u: inout ArraySlice<UInt8>) -> Int {
            var n = 0
            while let f = u.first, f >= UInt8(ascii: "0"), f <= UInt8(ascii: "9") { u = u.dropFirst(); n += 1 }
            return n
        }
        if let f = u.first, f == UInt8(ascii: "-") || f == UInt8(ascii: "+") { u = u.dropFirst() }
        var mantissa = digits(&u)
        if u.first == UInt8(ascii: ".") { u = u.dropFirst(); mantissa += digits(&u) }
        var ok = mantissa > 0
        if ok, let f = u.first, f == UInt8(ascii: "e") || f == UInt8(ascii: "E") {
            u = u.dropFirst()
            if let s = u.first, s == UInt8(ascii: "-") || s == UInt8(ascii: "+") { u = u.dropFirst() }
            ok = digits(&u) > 0
        }
        guard ok, u.isEmpty, text.utf8.count <= JSONParser.maxNumberBytes, let value = DecimalText.double(text) else {
            throw cursor.fail("<real> is not a decimal number", at: offset)
        }
        guard value.isFinite else { throw cursor.fail("<real> overflows a Double", at: offset) }
        return value
    }

    func date(_ raw: String, at offset: Int) throws(FramesError) -> String {
        let text = Self.trimmed(raw)
        // YYYY-MM-DDTHH:MM:SSZ
        let shape = Array("dddd-dd-ddTdd:dd:ddZ".utf8)
        let u = Array(text.utf8)
        var ok = u.count == shape.count
        if ok {
            for (c, s) in zip(u, shape) {
                if s == UInt8(ascii: "d") {
                    if c < UInt8(ascii: "0") || c > UInt8(ascii: "9") { ok = false }
                } else if c != s {
                    ok = false
                }
            }
        }
        guard ok else { throw cursor.fail("<date> is not YYYY-MM-DDTHH:MM:SSZ", at: offset) }
        return String(text)
    }

    func base64(_ raw: String, at offset: Int) throws(FramesError) -> [UInt8] {
        var out: [UInt8] = []
        var buffer: UInt32 = 0
        var bits = 0
        var padding = 0
        var count = 0
        for c in raw.utf8 {
            if ByteCursor.isSpace(c) { continue }
            if c == UInt8(ascii: "=") { padding += 1; count += 1; continue }
            guard padding == 0 else { throw cursor.fail("<data> has base64 text after '='", at: offset) }
            let v: UInt32
            switch c {
            case UInt8(ascii: "A")...UInt8(ascii: "Z"): v = UInt32(c - UInt8(ascii: "A"))
            case UInt8(ascii: "a")...UInt8(ascii: "z"): v = UInt32(c - UInt8(ascii: "a")) + 26
            case UInt8(ascii: "0")...UInt8(ascii: "9"): v = UInt32(c - UInt8(ascii: "0")) + 52
            case UInt8(ascii: "+"): v = 62
            case UInt8(ascii: "/"): v = 63
            default: throw cursor.fail("<data> is not base64", at: offset)
            }
            count += 1
            buffer = (buffer << 6) | v
            bits += 6
            if bits >= 8 {
                bits -= 8
                out.append(UInt8(truncatingIfNeeded: buffer >> UInt32(bits)))
                buffer &= (1 << UInt32(bits)) - 1
            }
        }
        guard count % 4 == 0, padding <= 2 else { throw cursor.fail("<data> base64 length is not a multiple of 4", at: offset) }
        return out
    }
}
