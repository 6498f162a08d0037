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

/// One tag of a property list, as the reader meets it.
enum PlistMarkup {
    case open(name: String, offset: Int)
    case empty(name: String, offset: Int)
    case close(name: String, offset: Int)
}

/// The reader behind `XMLPropertyListReader`: structure here, text in
/// `+Text.swift`, scalar values in `+Scalars.swift`.
struct PlistReader {
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
    mutating func markup() throws(FramesError) -> PlistMarkup {
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
}
