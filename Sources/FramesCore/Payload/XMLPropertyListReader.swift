/// A small, strict reader of XML property lists (Apple's plist DTD, UTF-8),
/// enough for an app's Info.plist (AF-01). Elements: `plist`, `dict`, `key`,
/// `string`, `true`, `false`, `integer`, `real`, `array`, `date`, `data`.
/// Entities `&lt; &gt; &amp; &quot; &apos;` and numeric character
/// references; CDATA sections inside text; comments, processing instructions,
/// the XML declaration and a DOCTYPE (without internal subset) are skipped.
///
/// The same limits as JSON apply (`PayloadLimits`): bytes, nesting depth,
/// text length, elements per array/dict. Duplicate keys in a dict are
/// rejected. Never traps; every error names the byte offset.
public struct XMLPropertyListReader: Sendable {
    public let limits: PayloadLimits

    public init(limits: PayloadLimits) {
        self.limits = limits
    }

    public func parse(_ bytes: [UInt8]) throws(FramesError) -> PropertyListValue {
        guard bytes.count <= limits.maxBytes else {
            throw FramesError(.invalidArgument,
                "property list: document of \(bytes.count) bytes exceeds the limit of \(limits.maxBytes) bytes")
        }
        var reader = PlistReader(bytes: bytes, limits: limits)
        return try reader.document()
    }

    public func parse(_ text: String) throws(FramesError) -> PropertyListValue {
        try parse(Array(text.utf8))
    }
}

private enum Markup {
    case open(name: String, offset: Int)
    case empty(name: String, offset: Int)
    case close(name: String, offset: Int)
}

private struct PlistReader {
    let bytes: [UInt8]
    let limits: PayloadLimits
    var pos = 0
    var depth = 0

    init(bytes: [UInt8], limits: PayloadLimits) {
        self.bytes = bytes
        self.limits = limits
    }

    func fail(_ what: String, at offset: Int) -> FramesError {
        FramesError(.invalidArgument, "property list: \(what) at byte offset \(offset)")
    }

    var current: UInt8? { pos < bytes.count ? bytes[pos] : nil }

    func starts(with text: StaticString, at offset: Int) -> Bool {
        var ok = true
        text.withUTF8Buffer { expected in
            guard offset >= 0, bytes.count - offset >= expected.count else { ok = false; return }
            for (i, e) in expected.enumerated() where bytes[offset + i] != e { ok = false; return }
        }
        return ok
    }

    static func isSpace(_ b: UInt8) -> Bool { b == 0x20 || b == 0x09 || b == 0x0A || b == 0x0D }

    mutating func skipSpace() {
        while let b = current, Self.isSpace(b) { pos += 1 }
    }

    /// Moves past the first occurrence of `terminator` after `pos`.
    mutating func skip(past terminator: StaticString, what: String) throws(FramesError) {
        let start = pos
        while pos < bytes.count {
            if starts(with: terminator, at: pos) {
                pos += terminator.utf8CodeUnitCount
                return
            }
            pos += 1
        }
        throw fail("unterminated \(what)", at: start)
    }

    /// Skips whitespace, comments and processing instructions.
    mutating func skipMisc() throws(FramesError) {
        while true {
            skipSpace()
            if starts(with: "<!--", at: pos) {
                pos += 4
                try skip(past: "-->", what: "comment")
            } else if starts(with: "<?", at: pos) {
                pos += 2
                try skip(past: "?>", what: "processing instruction")
            } else {
                return
            }
        }
    }

    mutating func document() throws(FramesError) -> PropertyListValue {
        if starts(with: "\u{FEFF}", at: 0) { pos = 3 }
        if bytes.count >= 2, (bytes[0] == 0xFE && bytes[1] == 0xFF) || (bytes[0] == 0xFF && bytes[1] == 0xFE) {
            throw fail("UTF-16 property lists are not supported (UTF-8 only)", at: 0)
        }
        try skipMisc()
        if starts(with: "<!DOCTYPE", at: pos) {
            try skipDoctype()
            try skipMisc()
        }
        guard current != nil else { throw fail("empty document (no <plist> element)", at: pos) }
        let root = try markup()
        let value: PropertyListValue
        switch root {
        case .open(let name, let offset):
            guard name == "plist" else { throw fail("expected <plist> as the root element, found <\(name)>", at: offset) }
            try enter(at: offset)
            try skipMisc()
            if starts(with: "</plist", at: pos) { throw fail("expected a value inside <plist>", at: pos) }
            value = try nextValue()
            try skipMisc()
            guard case .close(let closing, let co) = try markup(), closing == "plist" else {
                throw fail("expected </plist> after the top-level value", at: pos)
            }
            _ = co
            depth -= 1
        case .empty(let name, let offset), .close(let name, let offset):
            throw fail("expected <plist> as the root element, found <\(name)>", at: offset)
        }
        try skipMisc()
        if pos < bytes.count { throw fail("trailing data after </plist>", at: pos) }
        return value
    }

    mutating func skipDoctype() throws(FramesError) {
        let start = pos
        pos += 9
        var quote: UInt8? = nil
        while let b = current {
            pos += 1
            if let q = quote {
                if b == q { quote = nil }
            } else if b == UInt8(ascii: "\"") || b == UInt8(ascii: "'") {
                quote = b
            } else if b == UInt8(ascii: "[") {
                throw fail("DOCTYPE internal subsets are not supported", at: pos - 1)
            } else if b == UInt8(ascii: ">") {
                return
            }
        }
        throw fail("unterminated DOCTYPE", at: start)
    }

    static func isNameStart(_ b: UInt8) -> Bool {
        (b >= UInt8(ascii: "a") && b <= UInt8(ascii: "z")) || (b >= UInt8(ascii: "A") && b <= UInt8(ascii: "Z"))
            || b == UInt8(ascii: "_") || b == UInt8(ascii: ":")
    }

    static func isNameChar(_ b: UInt8) -> Bool {
        isNameStart(b) || (b >= UInt8(ascii: "0") && b <= UInt8(ascii: "9")) || b == UInt8(ascii: "-") || b == UInt8(ascii: ".")
    }

    mutating func name() throws(FramesError) -> String {
        let start = pos
        guard let b = current, Self.isNameStart(b) else { throw fail("expected an element name", at: pos) }
        pos += 1
        while let c = current, Self.isNameChar(c) { pos += 1 }
        guard pos - start <= 64 else { throw fail("element name longer than 64 bytes", at: start) }
        return String(decoding: bytes[start..<pos], as: UTF8.self)
    }

    /// Reads one tag at `pos` (which must be '<').
    mutating func markup() throws(FramesError) -> Markup {
        let start = pos
        guard current == UInt8(ascii: "<") else {
            if current == nil { throw fail("unexpected end of document", at: pos) }
            throw fail("unexpected text outside an element", at: pos)
        }
        pos += 1
        if current == UInt8(ascii: "/") {
            pos += 1
            let n = try name()
            skipSpace()
            guard current == UInt8(ascii: ">") else { throw fail("expected '>' to close </\(n)>", at: pos) }
            pos += 1
            return .close(name: n, offset: start)
        }
        if current == UInt8(ascii: "!") {
            throw fail("unexpected markup declaration", at: start)
        }
        let n = try name()
        // Attributes: name = "value" | 'value'; checked for shape, ignored.
        while true {
            let hadSpace = current.map(Self.isSpace) ?? false
            skipSpace()
            guard let b = current else { throw fail("unterminated tag <\(n)>", at: start) }
            if b == UInt8(ascii: ">") { pos += 1; return .open(name: n, offset: start) }
            if b == UInt8(ascii: "/") {
                pos += 1
                guard current == UInt8(ascii: ">") else { throw fail("expected '>' after '/' in tag <\(n)>", at: pos) }
                pos += 1
                return .empty(name: n, offset: start)
            }
            guard hadSpace else { throw fail("expected whitespace before an attribute in <\(n)>", at: pos) }
            _ = try name()
            skipSpace()
            guard current == UInt8(ascii: "=") else { throw fail("expected '=' after attribute name in <\(n)>", at: pos) }
            pos += 1
            skipSpace()
            guard let q = current, q == UInt8(ascii: "\"") || q == UInt8(ascii: "'") else {
                throw fail("expected a quoted attribute value in <\(n)>", at: pos)
            }
            pos += 1
            while let c = current, c != q {
                if c == UInt8(ascii: "<") { throw fail("'<' in attribute value", at: pos) }
                pos += 1
            }
            guard current == q else { throw fail("unterminated attribute value in <\(n)>", at: pos) }
            pos += 1
        }
    }

    mutating func enter(at offset: Int) throws(FramesError) {
        depth += 1
        guard depth <= limits.maxDepth + 1 else {
            // The <plist> wrapper is level 1, so the top-level dict is depth 1 like JSON's.
            throw fail("nesting depth \(depth - 1) exceeds the limit of \(limits.maxDepth)", at: offset)
        }
    }

    /// Reads the next value element (after whitespace and comments).
    mutating func nextValue() throws(FramesError) -> PropertyListValue {
        try skipMisc()
        switch try markup() {
        case .open(let n, let o): return try value(openedAs: n, at: o, empty: false)
        case .empty(let n, let o): return try value(openedAs: n, at: o, empty: true)
        case .close(let n, let o): throw fail("unexpected </\(n)>, expected a value", at: o)
        }
    }

    mutating func value(openedAs name: String, at offset: Int, empty: Bool) throws(FramesError) -> PropertyListValue {
        switch name {
        case "dict": return try dictionary(at: offset, empty: empty)
        case "array": return try array(at: offset, empty: empty)
        case "string": return .string(empty ? "" : try text(closing: "string"))
        case "true", "false":
            if !empty {
                let t = try text(closing: name)
                guard t.isEmpty else { throw fail("<\(name)> must be empty", at: offset) }
            }
            return .bool(name == "true")
        case "integer":
            guard !empty else { throw fail("empty <integer>", at: offset) }
            return .integer(try integer(try text(closing: "integer"), at: offset))
        case "real":
            guard !empty else { throw fail("empty <real>", at: offset) }
            return .real(try real(try text(closing: "real"), at: offset))
        case "date":
            guard !empty else { throw fail("empty <date>", at: offset) }
            return .date(try date(try text(closing: "date"), at: offset))
        case "data":
            return .data(empty ? [] : try base64(try text(closing: "data"), at: offset))
        case "key":
            throw fail("<key> outside a <dict>", at: offset)
        default:
            throw fail("unknown element <\(name)>", at: offset)
        }
    }

    mutating func dictionary(at offset: Int, empty: Bool) throws(FramesError) -> PropertyListValue {
        try enter(at: offset)
        defer { depth -= 1 }
        var entries: [(key: String, value: PropertyListValue)] = []
        if empty { return .dictionary(entries) }
        var seen = Set<ExactKey>()
        while true {
            try skipMisc()
            let m = try markup()
            switch m {
            case .close(let n, let o):
                guard n == "dict" else { throw fail("unexpected </\(n)> in <dict>", at: o) }
                return .dictionary(entries)
            case .open(let n, let o), .empty(let n, let o):
                guard n == "key" else { throw fail("expected <key> in <dict>, found <\(n)>", at: o) }
                guard entries.count < limits.maxElements else {
                    throw fail("dict starting here has more than the limit of \(limits.maxElements) entries", at: offset)
                }
                var key = ""
                if case .open = m { key = try text(closing: "key") }
                guard seen.insert(ExactKey(key)).inserted else {
                    throw fail("duplicate key \"\(key.count <= 64 ? key : String(key.prefix(60)) + "…")\" in <dict>", at: o)
                }
                entries.append((key: key, value: try nextValue()))
            }
        }
    }

    mutating func array(at offset: Int, empty: Bool) throws(FramesError) -> PropertyListValue {
        try enter(at: offset)
        defer { depth -= 1 }
        var elements: [PropertyListValue] = []
        if empty { return .array(elements) }
        while true {
            try skipMisc()
            let m = try markup()
            switch m {
            case .close(let n, let o):
                guard n == "array" else { throw fail("unexpected </\(n)> in <array>", at: o) }
                return .array(elements)
            case .open(let n, let o), .empty(let n, let o):
                guard elements.count < limits.maxElements else {
                    throw fail("array starting here has more than the limit of \(limits.maxElements) elements", at: offset)
                }
                if case .empty = m {
                    elements.append(try value(openedAs: n, at: o, empty: true))
                } else {
                    elements.append(try value(openedAs: n, at: o, empty: false))
                }
            }
        }
    }

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
            throw fail("<integer> is not a decimal integer", at: offset)
        }
        guard let value = Int64(text) else { throw fail("<integer> does not fit in 64 bits", at: offset) }
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
        guard ok, u.isEmpty, text.utf8.count <= JSONParser.maxNumberBytes, let value = Double(String(text)) else {
            throw fail("<real> is not a decimal number", at: offset)
        }
        guard value.isFinite else { throw fail("<real> overflows a Double", at: offset) }
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
        guard ok else { throw fail("<date> is not YYYY-MM-DDTHH:MM:SSZ", at: offset) }
        return String(text)
    }

    func base64(_ raw: String, at offset: Int) throws(FramesError) -> [UInt8] {
        var out: [UInt8] = []
        var buffer: UInt32 = 0
        var bits = 0
        var padding = 0
        var count = 0
        for c in raw.utf8 {
            if Self.isSpace(c) { continue }
            if c == UInt8(ascii: "=") { padding += 1; count += 1; continue }
            guard padding == 0 else { throw fail("<data> has base64 text after '='", at: offset) }
            let v: UInt32
            switch c {
            case UInt8(ascii: "A")...UInt8(ascii: "Z"): v = UInt32(c - UInt8(ascii: "A"))
            case UInt8(ascii: "a")...UInt8(ascii: "z"): v = UInt32(c - UInt8(ascii: "a")) + 26
            case UInt8(ascii: "0")...UInt8(ascii: "9"): v = UInt32(c - UInt8(ascii: "0")) + 52
            case UInt8(ascii: "+"): v = 62
            case UInt8(ascii: "/"): v = 63
            default: throw fail("<data> is not base64", at: offset)
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
        guard count % 4 == 0, padding <= 2 else { throw fail("<data> base64 length is not a multiple of 4", at: offset) }
        return out
    }
}
