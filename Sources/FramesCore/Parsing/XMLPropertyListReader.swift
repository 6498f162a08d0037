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
    var cursor: ByteCursor

    init(bytes: [UInt8], limits: PayloadLimits) {
        cursor = ByteCursor(bytes, limits: limits, format: "property list")
    }

    /// Moves past the first occurrence of `terminator` after `cursor.pos`.
    mutating func skip(past terminator: StaticString, what: String) throws(FramesError) {
        let start = cursor.pos
        while cursor.pos < cursor.bytes.count {
            if cursor.starts(with: terminator, at: cursor.pos) {
                cursor.pos += terminator.utf8CodeUnitCount
                return
            }
            cursor.pos += 1
        }
        throw cursor.fail("unterminated \(what)", at: start)
    }

    /// Skips whitespace, comments and processing instructions.
    mutating func skipMisc() throws(FramesError) {
        while true {
            cursor.skipSpace()
            if cursor.starts(with: "<!--", at: cursor.pos) {
                cursor.pos += 4
                try skip(past: "-->", what: "comment")
            } else if cursor.starts(with: "<?", at: cursor.pos) {
                cursor.pos += 2
                try skip(past: "?>", what: "processing instruction")
            } else {
                return
            }
        }
    }

    mutating func document() throws(FramesError) -> PropertyListValue {
        if cursor.starts(with: "\u{FEFF}", at: 0) { cursor.pos = 3 }
        if cursor.bytes.count >= 2, (cursor.bytes[0] == 0xFE && cursor.bytes[1] == 0xFF) || (cursor.bytes[0] == 0xFF && cursor.bytes[1] == 0xFE) {
            throw cursor.fail("UTF-16 property lists are not supported (UTF-8 only)", at: 0)
        }
        try skipMisc()
        if cursor.starts(with: "<!DOCTYPE", at: cursor.pos) {
            try skipDoctype()
            try skipMisc()
        }
        guard cursor.current != nil else { throw cursor.fail("empty document (no <plist> element)", at: cursor.pos) }
        let root = try markup()
        let value: PropertyListValue
        switch root {
        case .open(let name, let offset):
            guard name == "plist" else { throw cursor.fail("expected <plist> as the root element, found <\(name)>", at: offset) }
            // The <plist> wrapper is no nesting level: the top-level dict is
            // depth 1, as a JSON document's top-level object is.
            try skipMisc()
            if cursor.starts(with: "</plist", at: cursor.pos) { throw cursor.fail("expected a value inside <plist>", at: cursor.pos) }
            value = try nextValue()
            try skipMisc()
            guard case .close(let closing, _) = try markup(), closing == "plist" else {
                throw cursor.fail("expected </plist> after the top-level value", at: cursor.pos)
            }
        case .empty(let name, let offset), .close(let name, let offset):
            throw cursor.fail("expected <plist> as the root element, found <\(name)>", at: offset)
        }
        try skipMisc()
        if cursor.pos < cursor.bytes.count { throw cursor.fail("trailing data after </plist>", at: cursor.pos) }
        return value
    }

    mutating func skipDoctype() throws(FramesError) {
        let start = cursor.pos
        cursor.pos += 9
        var quote: UInt8? = nil
        while let b = cursor.current {
            cursor.pos += 1
            if let q = quote {
                if b == q { quote = nil }
            } else if b == UInt8(ascii: "\"") || b == UInt8(ascii: "'") {
                quote = b
            } else if b == UInt8(ascii: "[") {
                throw cursor.fail("DOCTYPE internal subsets are not supported", at: cursor.pos - 1)
            } else if b == UInt8(ascii: ">") {
                return
            }
        }
        throw cursor.fail("unterminated DOCTYPE", at: start)
    }

    static func isNameStart(_ b: UInt8) -> Bool {
        (b >= UInt8(ascii: "a") && b <= UInt8(ascii: "z")) || (b >= UInt8(ascii: "A") && b <= UInt8(ascii: "Z"))
            || b == UInt8(ascii: "_") || b == UInt8(ascii: ":")
    }

    static func isNameChar(_ b: UInt8) -> Bool {
        isNameStart(b) || (b >= UInt8(ascii: "0") && b <= UInt8(ascii: "9")) || b == UInt8(ascii: "-") || b == UInt8(ascii: ".")
    }

    mutating func name() throws(FramesError) -> String {
        let start = cursor.pos
        guard let b = cursor.current, Self.isNameStart(b) else { throw cursor.fail("expected an element name", at: cursor.pos) }
        cursor.pos += 1
        while let c = cursor.current, Self.isNameChar(c) { cursor.pos += 1 }
        guard cursor.pos - start <= 64 else { throw cursor.fail("element name longer than 64 bytes", at: start) }
        return String(decoding: cursor.bytes[start..<cursor.pos], as: UTF8.self)
    }

    /// Reads one tag at `cursor.pos` (which must be '<').
    mutating func markup() throws(FramesError) -> PlistMarkup {
        let start = cursor.pos
        guard cursor.current == UInt8(ascii: "<") else {
            if cursor.current == nil { throw cursor.fail("unexpected end of document", at: cursor.pos) }
            throw cursor.fail("unexpected text outside an element", at: cursor.pos)
        }
        cursor.pos += 1
        if cursor.current == UInt8(ascii: "/") {
            cursor.pos += 1
            let n = try name()
            cursor.skipSpace()
            guard cursor.current == UInt8(ascii: ">") else { throw cursor.fail("expected '>' to close </\(n)>", at: cursor.pos) }
            cursor.pos += 1
            return .close(name: n, offset: start)
        }
        if cursor.current == UInt8(ascii: "!") {
            throw cursor.fail("unexpected markup declaration", at: start)
        }
        let n = try name()
        // Attributes: name = "value" | 'value'; checked for shape, ignored.
        while true {
            let hadSpace = cursor.current.map(ByteCursor.isSpace) ?? false
            cursor.skipSpace()
            guard let b = cursor.current else { throw cursor.fail("unterminated tag <\(n)>", at: start) }
            if b == UInt8(ascii: ">") { cursor.pos += 1; return .open(name: n, offset: start) }
            if b == UInt8(ascii: "/") {
                cursor.pos += 1
                guard cursor.current == UInt8(ascii: ">") else { throw cursor.fail("expected '>' after '/' in tag <\(n)>", at: cursor.pos) }
                cursor.pos += 1
                return .empty(name: n, offset: start)
            }
            guard hadSpace else { throw cursor.fail("expected whitespace before an attribute in <\(n)>", at: cursor.pos) }
            _ = try name()
            cursor.skipSpace()
            guard cursor.current == UInt8(ascii: "=") else { throw cursor.fail("expected '=' after attribute name in <\(n)>", at: cursor.pos) }
            cursor.pos += 1
            cursor.skipSpace()
            guard let q = cursor.current, q == UInt8(ascii: "\"") || q == UInt8(ascii: "'") else {
                throw cursor.fail("expected a quoted attribute value in <\(n)>", at: cursor.pos)
            }
            cursor.pos += 1
            while let c = cursor.current, c != q {
                if c == UInt8(ascii: "<") { throw cursor.fail("'<' in attribute value", at: cursor.pos) }
                cursor.pos += 1
            }
            guard cursor.current == q else { throw cursor.fail("unterminated attribute value in <\(n)>", at: cursor.pos) }
            cursor.pos += 1
        }
    }

    /// Reads the next value element (after whitespace and comments).
    mutating func nextValue() throws(FramesError) -> PropertyListValue {
        try skipMisc()
        switch try markup() {
        case .open(let n, let o): return try value(openedAs: n, at: o, empty: false)
        case .empty(let n, let o): return try value(openedAs: n, at: o, empty: true)
        case .close(let n, let o): throw cursor.fail("unexpected </\(n)>, expected a value", at: o)
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
                guard t.isEmpty else { throw cursor.fail("<\(name)> must be empty", at: offset) }
            }
            return .bool(name == "true")
        case "integer":
            guard !empty else { throw cursor.fail("empty <integer>", at: offset) }
            return .integer(try integer(try text(closing: "integer"), at: offset))
        case "real":
            guard !empty else { throw cursor.fail("empty <real>", at: offset) }
            return .real(try real(try text(closing: "real"), at: offset))
        case "date":
            guard !empty else { throw cursor.fail("empty <date>", at: offset) }
            return .date(try date(try text(closing: "date"), at: offset))
        case "data":
            return .data(empty ? [] : try base64(try text(closing: "data"), at: offset))
        case "key":
            throw cursor.fail("<key> outside a <dict>", at: offset)
        default:
            throw cursor.fail("unknown element <\(name)>", at: offset)
        }
    }

    mutating func dictionary(at offset: Int, empty: Bool) throws(FramesError) -> PropertyListValue {
        try cursor.enter(at: offset)
        defer { cursor.leave() }
        var entries: [(key: String, value: PropertyListValue)] = []
        if empty { return .dictionary(entries) }
        var seen = Set<ExactKey>()
        while true {
            try skipMisc()
            let m = try markup()
            switch m {
            case .close(let n, let o):
                guard n == "dict" else { throw cursor.fail("unexpected </\(n)> in <dict>", at: o) }
                return .dictionary(entries)
            case .open(let n, let o), .empty(let n, let o):
                guard n == "key" else { throw cursor.fail("expected <key> in <dict>, found <\(n)>", at: o) }
                guard entries.count < cursor.limits.maxElements else {
                    throw cursor.fail("dict starting here has more than the limit of \(cursor.limits.maxElements) entries", at: offset)
                }
                var key = ""
                if case .open = m { key = try text(closing: "key") }
                guard seen.insert(ExactKey(key)).inserted else {
                    throw cursor.fail("duplicate key \"\(key.count <= 64 ? key : String(key.prefix(60)) + "…")\" in <dict>", at: o)
                }
                entries.append((key: key, value: try nextValue()))
            }
        }
    }

    mutating func array(at offset: Int, empty: Bool) throws(FramesError) -> PropertyListValue {
        try cursor.enter(at: offset)
        defer { cursor.leave() }
        var elements: [PropertyListValue] = []
        if empty { return .array(elements) }
        while true {
            try skipMisc()
            let m = try markup()
            switch m {
            case .close(let n, let o):
                guard n == "array" else { throw cursor.fail("unexpected </\(n)> in <array>", at: o) }
                return .array(elements)
            case .open(let n, let o), .empty(let n, let o):
                guard elements.count < cursor.limits.maxElements else {
                    throw cursor.fail("array starting here has more than the limit of \(cursor.limits.maxElements) elements", at: offset)
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
