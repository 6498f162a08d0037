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
        /// A hash of each key's bytes → its place in the key stack, once the
        /// object has more members than are compared one by one
        /// (`keysCompared`).
        var index: [Int: Int]?
    }

    /// An object with more members has each new key looked up by the hash
    /// of its bytes instead of compared with every earlier one: objects
    /// keyed by id (a placements response) have thousands of members, and
    /// comparing each key with all the others made reading them quadratic.
    static var keysCompared: Int { 16 }

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
        if cursor.count < Self.keysCompared ? repeatsEarlierKey(key, cursor) : repeatsIndexedKey(key, &cursor) {
            throw fail("duplicate object key \"\(excerpt(key))\"", at: keyOffset)
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

    /// Whether `key` equals one of the object's keys so far.
    @inline(__always)
    private func repeatsEarlierKey(_ key: KeyBytes, _ cursor: ObjectCursor) -> Bool {
        var i = max(0, cursor.firstKey)
        while i < keyCount, i < keyStack.count {
            if same(keyStack[i], key) { return true }
            i += 1
        }
        return false
    }

    /// `repeatsEarlierKey` through the cursor's index, which it builds at
    /// first use and extends with `key` (stored next at `keyCount`). Keys
    /// whose hashes collide are compared in full.
    private func repeatsIndexedKey(_ key: KeyBytes, _ cursor: inout ObjectCursor) -> Bool {
        if cursor.index == nil {
            var index: [Int: Int] = [:]
            index.reserveCapacity(2 * cursor.count)
            var i = max(0, cursor.firstKey)
            while i < keyCount, i < keyStack.count {
                let hash = hashValue(keyStack[i])
                if index[hash] == nil { index[hash] = i }
                i += 1
            }
            cursor.index = index
        }
        let hash = hashValue(key)
        guard let other = cursor.index?[hash] else {
            cursor.index?[hash] = keyCount
            return false
        }
        return same(keyStack[other], key) || repeatsEarlierKey(key, cursor)
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
