/// Character data of a property list: text with entities and CDATA, within
/// the string limit.
extension PlistReader {
    /// Reads character data up to and including `</closing>`; decodes entities and CDATA.
    mutating func text(closing: String) throws(FramesError) -> String {
        let start = cursor.pos
        var out: [UInt8] = []
        var length = 0
        let limit = cursor.limits.maxStringBytes
        func add(_ b: UInt8, _ out: inout [UInt8], _ length: inout Int) {
            if length < limit { out.append(b) }
            length += 1
        }
        while true {
            guard let b = cursor.current else { throw cursor.fail("unterminated <\(closing)>", at: start) }
            if b == UInt8(ascii: "<") {
                if cursor.starts(with: "<![CDATA[", at: cursor.pos) {
                    let cdataStart = cursor.pos
                    cursor.pos += 9
                    while true {
                        guard cursor.pos < cursor.bytes.count else { throw cursor.fail("unterminated CDATA section", at: cdataStart) }
                        if cursor.starts(with: "]]>", at: cursor.pos) { cursor.pos += 3; break }
                        try character(&out, &length, limit)
                    }
                    continue
                }
                if cursor.starts(with: "<!--", at: cursor.pos) {
                    cursor.pos += 4
                    try skip(past: "-->", what: "comment")
                    continue
                }
                guard case .close(let n, let o) = try markup() else {
                    throw cursor.fail("unexpected element inside <\(closing)>", at: cursor.pos)
                }
                guard n == closing else { throw cursor.fail("expected </\(closing)>, found </\(n)>", at: o) }
                break
            }
            if b == UInt8(ascii: "&") {
                let scalar = try entity()
                var tmp: [UInt8] = []
                UTF8Validation.append(scalar: scalar, to: &tmp)
                for t in tmp { add(t, &out, &length) }
                continue
            }
            try character(&out, &length, limit)
        }
        guard length <= limit else {
            throw cursor.fail("text of \(length) bytes exceeds the limit of \(limit) bytes", at: start)
        }
        return String(decoding: out, as: UTF8.self)
    }

    /// Consumes one (possibly multi-byte) character of text, checking XML's Char production.
    mutating func character(_ out: inout [UInt8], _ length: inout Int, _ limit: Int) throws(FramesError) {
        guard let b = cursor.current else { return }
        if b < 0x80 {
            if b < 0x20 && b != 0x09 && b != 0x0A && b != 0x0D {
                throw cursor.fail("control character 0x\(hexString([b])) in text", at: cursor.pos)
            }
            if length < limit { out.append(b) }
            length += 1
            cursor.pos += 1
            return
        }
        guard let n = UTF8Validation.sequenceLength(cursor.bytes, at: cursor.pos) else { throw cursor.fail("invalid UTF-8", at: cursor.pos) }
        if length + n <= limit { out.append(contentsOf: cursor.bytes[cursor.pos..<(cursor.pos + n)]) }
        length += n
        cursor.pos += n
    }

    mutating func entity() throws(FramesError) -> UInt32 {
        let start = cursor.pos
        cursor.pos += 1
        var body: [UInt8] = []
        while let b = cursor.current, b != UInt8(ascii: ";") {
            guard body.count < 10 else { throw cursor.fail("unterminated entity reference", at: start) }
            body.append(b)
            cursor.pos += 1
        }
        guard cursor.current == UInt8(ascii: ";") else { throw cursor.fail("unterminated entity reference", at: start) }
        cursor.pos += 1
        let name = String(decoding: body, as: UTF8.self)
        switch name {
        case "lt": return 0x3C
        case "gt": return 0x3E
        case "amp": return 0x26
        case "quot": return 0x22
        case "apos": return 0x27
        default: break
        }
        var digits = Substring(name)
        var radix = 10
        guard digits.first == "#" else { throw cursor.fail("unknown entity &\(name);", at: start) }
        digits = digits.dropFirst()
        if digits.first == "x" { radix = 16; digits = digits.dropFirst() }
        guard !digits.isEmpty, digits.allSatisfy({ $0.isASCII && ($0.isHexDigit) }),
              let value = UInt32(digits, radix: radix), UTF8Validation.isScalar(value),
              value >= 0x20 || value == 0x09 || value == 0x0A || value == 0x0D,
              value != 0xFFFE, value != 0xFFFF
        else { throw cursor.fail("invalid character reference &\(name);", at: start) }
        return value
    }
}
