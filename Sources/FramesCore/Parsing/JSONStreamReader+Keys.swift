/// Object keys of `JSONStreamReader`: a key is a range of the document
/// (or a decoded copy when it has escapes), compared by exact bytes
/// (XC-07) without making a String.
extension JSONStreamReader {
    /// A key: a range of the document when it has no escapes, else an
    /// index into the decoded keys. A plain value, so the key stack costs
    /// no reference counting.
    struct KeyBytes {
        /// `start..<end` of the document, or decoded key `end` when `start` is -1.
        let start: Int
        let end: Int

        var isDecoded: Bool { start < 0 }
    }

    /// A member's key, compared by exact bytes (XC-07) with `is`.
    struct Key {
        let bytes: KeyBytes
    }

    /// Whether `key` is exactly `name`.
    func `is`(_ key: Key, _ name: StaticString) -> Bool {
        let k = key.bytes
        guard k.isDecoded || k.end - k.start == name.utf8CodeUnitCount else { return false }
        return name.withUTF8Buffer { expected -> Bool in
            if k.isDecoded {
                guard decodedKeys.indices.contains(k.end) else { return false }
                return decodedKeys[k.end].elementsEqual(expected)
            }
            guard k.start >= 0, k.end <= bytes.count else { return false }
            var i = 0
            var offset = k.start
            while offset < k.end {
                if bytes[offset] != expected[i] { return false }
                i += 1
                offset += 1
            }
            return true
        }
    }

    /// A member's key as text, for a decoder that keeps keys (ids keyed
    /// by their member name).
    func text(_ key: Key) -> String {
        String(decoding: view(key.bytes), as: UTF8.self)
    }

    mutating func keyBytes() throws(FramesError) -> KeyBytes {
        let start = pos
        if let range = try plainString() { return KeyBytes(start: range.lowerBound, end: range.upperBound) }
        pos = start
        decodedKeys.append(try decodedString())
        return KeyBytes(start: -1, end: decodedKeys.count - 1)
    }

    /// A key's bytes; empty for a key that is no longer known.
    private func view(_ key: KeyBytes) -> ArraySlice<UInt8> {
        if key.isDecoded {
            guard decodedKeys.indices.contains(key.end) else { return [] }
            return decodedKeys[key.end][...]
        }
        guard key.start <= key.end, key.end <= bytes.count else { return [] }
        return bytes[key.start..<key.end]
    }

    func same(_ a: KeyBytes, _ b: KeyBytes) -> Bool {
        if !a.isDecoded && !b.isDecoded {
            guard a.end - a.start == b.end - b.start, a.start >= 0, b.start >= 0,
                  a.end <= bytes.count, b.end <= bytes.count else { return false }
            var i = a.start
            var j = b.start
            while i < a.end {
                if bytes[i] != bytes[j] { return false }
                i += 1
                j += 1
            }
            return true
        }
        return view(a).elementsEqual(view(b))
    }

    /// A hash of a key's bytes, equal for keys `same` calls equal.
    func hashValue(_ key: KeyBytes) -> Int {
        var hasher = Hasher()
        view(key).withUnsafeBytes { hasher.combine(bytes: $0) }
        return hasher.finalize()
    }

    func excerpt(_ key: KeyBytes) -> String {
        let text = String(decoding: view(key), as: UTF8.self)
        return text.utf8.count <= 64 ? text : String(text.prefix(60)) + "…"
    }
}
