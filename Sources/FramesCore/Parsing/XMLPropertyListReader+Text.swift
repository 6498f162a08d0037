/// Character data of a property list: text with entities and CDATA, within
/// the string limit.
extension PlistReader {
    /// Reads character data up to and including `</closing>`; decodes entities and CDATA.
    mutating func text(closing: String) throws(FramesError) -> String {
        let start = pos
        var out: [UInt8] = []
        var length = 0
        let limit = limits.maxStringBytes
        func add(_ b: UInt8, _ out: inout [UInt8], _ length: inout Int) {
            if length < limit { out.append(b) }
            length += 1
        }
        while true {
            guard let b = current else { throw fail("unterminated <\(closing)>", at: start) }
            if b == UInt8(ascii: "<") {
                if starts(with: "<![CDATA[", at: pos) {
                    let cdataStart = pos
                    pos += 9
                    while true {
                        guard pos < bytes.count else { throw fail("unterminated CDATA section", at: cdataStart) }
                        if starts(with: "]]>", at: pos) { pos += 3; break }
                        try character(&out, &length, limit)
                    }
                    continue
                }
                if starts(with: "<!--", at: pos) {
                    pos += 4
                    try skip(past: "-->", what: "comment")
                    continue
                }
                guard case .close(let n, let o) = try markup() else {
                    throw fail("unexpected element inside <\(closing)>", at: pos)
                }
                guard n == closing else { throw fail("expected </\(closing)>, found </\(n)>", at: o) }
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
            throw fail("text of \(length) bytes exceeds the limit of \(limit) bytes", at: start)
        }
        return String(decoding: out, as: UTF8.self)
    }

    /// Consumes one (possibly multi-byte) character of text, checking XML's Char production.
    mutating func character(_ out: inout [UInt8], _ length: inout Int, _ limit: Int) throws(FramesError) {
        guard let b = current else { return }
        if b < 0x80 {
            if b < 0x20 && b != 0x09 && b != 0x0A && b != 0x0D {
                throw fail("control character 0x\(hexString([b])) in text", at: pos)
            }
            if length < limit { out.append(b) }
            length += 1
            pos += 1
            return
        }
        guard let n = UTF8Validation.sequenceLength(bytes, at: pos) else { throw fail("invalid UTF-8", at: pos) }
        if length + n <= limit { out.append(contentsOf: bytes[pos..<(pos + n)]) }
        length += n
        pos += n
    }

    mutating func entity() throws(FramesError) -> UInt32 {
        let start = pos
        pos += 1
        var body: [UInt8] = []
        while let b = current, b != UInt8(ascii: ";") {
            guard body.count < 10 else { throw fail("unterminated entity reference", at: start) }
            body.append(b)
            pos += 1
        }
        guard current == UInt8(ascii: ";") else { throw fail("unterminated entity reference", at: start) }
        pos += 1
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
        guard digits.first == "#" else { throw fail("unknown entity &\(name);", at: start) }
        digits = digits.dropFirst()
        if digits.first == "x" { radix = 16; digits = digits.dropFirst() }
        guard !digits.isEmpty, digits.allSatisfy({ $0.isASCII && ($0.isHexDigit) }),
              let value = UInt32(digits, radix: radix), UTF8Validation.isScalar(value),
              value >= 0x20 || value == 0x09 || value == 0x0A || value == 0x0D,
              value != 0xFFFE, value != 0xFFFF
        else { throw fail("invalid character reference &\(name);", at: start) }
        return value
    }
}
