/// Objects and arrays of `JSONStreamReader`: entering and leaving them
/// under the depth limit, their separators, the member and element
/// limits, and the duplicate-key check (keys kept in the reader's one key
/// stack).
extension JSONStreamReader {
    /// An object being read: its start, its members so far and their keys
    /// (for the duplicate check).
    struct ObjectCursor {
        let start: Int
        /// Where this object's keys begin in the key stack.
        let firstKey: Int
        var count = 0
        var done = false
    }

    struct ArrayCursor {
        let start: Int
        var count = 0
        var done = false
    }

    mutating func beginObject() throws(FramesError) -> ObjectCursor {
        skipWhitespace()
        let start = pos
        guard current == UInt8(ascii: "{") else { throw fail("expected an object", at: pos) }
        try enter(at: start)
        pos += 1
        var cursor = ObjectCursor(start: start, firstKey: keyCount)
        skipWhitespace()
        if current == UInt8(ascii: "}") {
            pos += 1
            depth -= 1
            cursor.done = true
        }
        return cursor
    }

    /// The next member's key (the reader then stands at its value), or nil
    /// after the closing brace. Duplicate keys are rejected here.
    mutating func nextKey(_ cursor: inout ObjectCursor) throws(FramesError) -> Key? {
        guard !cursor.done else { return nil }
        skipWhitespace()
        if cursor.count > 0 {
            guard let b = current else { throw fail("unterminated object (starts at \(cursor.start))", at: pos) }
            if b == UInt8(ascii: "}") {
                pos += 1
                depth -= 1
                cursor.done = true
                keyCount = min(keyCount, cursor.firstKey)
                return nil
            }
            guard b == UInt8(ascii: ",") else { throw fail("expected ',' or '}' in object", at: pos) }
            pos += 1
            skipWhitespace()
        }
        guard current == UInt8(ascii: "\"") else {
            if current == nil { throw fail("unterminated object (starts at \(cursor.start))", at: pos) }
            throw fail("expected a string key in object", at: pos)
        }
        if cursor.count >= limits.maxElements {
            throw fail("object starting here has more than the limit of \(limits.maxElements) members", at: cursor.start)
        }
        let keyOffset = pos
        let key = try keyBytes()
        var i = max(0, cursor.firstKey)
        while i < keyCount, i < keyStack.count {
            if same(keyStack[i], key) { throw fail("duplicate object key \"\(excerpt(key))\"", at: keyOffset) }
            i += 1
        }
        if keyCount < keyStack.count {
            keyStack[keyCount] = key
        } else {
            keyStack.append(key)
        }
        keyCount += 1
        cursor.count += 1
        skipWhitespace()
        guard current == UInt8(ascii: ":") else { throw fail("expected ':' after object key", at: pos) }
        pos += 1
        return Key(bytes: key)
    }

    mutating func beginArray() throws(FramesError) -> ArrayCursor {
        skipWhitespace()
        let start = pos
        guard current == UInt8(ascii: "[") else { throw fail("expected an array", at: pos) }
        try enter(at: start)
        pos += 1
        var cursor = ArrayCursor(start: start)
        skipWhitespace()
        if current == UInt8(ascii: "]") {
            pos += 1
            depth -= 1
            cursor.done = true
        }
        return cursor
    }

    /// Whether another element follows (the reader then stands at it).
    mutating func nextElement(_ cursor: inout ArrayCursor) throws(FramesError) -> Bool {
        guard !cursor.done else { return false }
        skipWhitespace()
        if cursor.count > 0 {
            guard let b = current else { throw fail("unterminated array (starts at \(cursor.start))", at: pos) }
            if b == UInt8(ascii: "]") {
                pos += 1
                depth -= 1
                cursor.done = true
                return false
            }
            guard b == UInt8(ascii: ",") else { throw fail("expected ',' or ']' in array", at: pos) }
            pos += 1
        }
        if cursor.count >= limits.maxElements {
            throw fail("array starting here has more than the limit of \(limits.maxElements) elements", at: cursor.start)
        }
        cursor.count += 1
        return true
    }

    private mutating func enter(at offset: Int) throws(FramesError) {
        depth += 1
        guard depth <= limits.maxDepth else {
            throw fail("nesting depth \(depth) exceeds the limit of \(limits.maxDepth)", at: offset)
        }
    }
}
