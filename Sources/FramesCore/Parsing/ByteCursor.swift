/// A reader's place in a document: the bytes, the limits they are read
/// under, the offset reached and the nesting depth. The JSON parser and the
/// property-list reader walk a document the same way — one byte of
/// lookahead, errors that name the offset, one nesting bound — so that walk
/// is written once and both formats refuse alike.
struct ByteCursor {
    let bytes: [UInt8]
    let limits: PayloadLimits
    /// Starts every error message, so a host can tell which reader refused.
    let format: StaticString
    var pos = 0
    /// Containers open at `pos`; a top-level container is depth 1.
    var depth = 0

    init(_ bytes: [UInt8], limits: PayloadLimits, format: StaticString) {
        self.bytes = bytes
        self.limits = limits
        self.format = format
    }

    func fail(_ what: String, at offset: Int) -> FramesError {
        FramesError(.invalidArgument, "\(format): \(what) at byte offset \(offset)")
    }

    var current: UInt8? { pos < bytes.count ? bytes[pos] : nil }

    /// JSON's whitespace and XML's are the same four bytes.
    static func isSpace(_ b: UInt8) -> Bool { b == 0x20 || b == 0x09 || b == 0x0A || b == 0x0D }

    mutating func skipSpace() {
        while let b = current, Self.isSpace(b) { pos += 1 }
    }

    func starts(with text: StaticString, at offset: Int) -> Bool {
        var ok = true
        text.withUTF8Buffer { expected in
            guard offset >= 0, bytes.count - offset >= expected.count else { ok = false; return }
            for (i, e) in expected.enumerated() where bytes[offset + i] != e { ok = false; return }
        }
        return ok
    }

    /// Moves past `text` if it comes next; stays put otherwise.
    mutating func skip(_ text: StaticString) -> Bool {
        guard starts(with: text, at: pos) else { return false }
        pos += text.utf8CodeUnitCount
        return true
    }

    /// Opens a container at `offset`, refusing one past `limits.maxDepth`:
    /// the readers recurse once per level, so this also bounds their stack.
    mutating func enter(at offset: Int) throws(FramesError) {
        depth += 1
        guard depth <= limits.maxDepth else {
            throw fail("nesting depth \(depth) exceeds the limit of \(limits.maxDepth)", at: offset)
        }
    }

    mutating func leave() {
        depth -= 1
    }
}
