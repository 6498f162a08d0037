/// A string that equals another only when their Unicode scalars — their
/// UTF-8 bytes — are the same (XC-07, RFC 8259 §8.3).
///
/// Swift's `String ==` and `String.hash` follow Unicode canonical
/// equivalence, so `"\u{E9}"` and `"e\u{301}"` would be one dictionary key.
/// Identifiers on the wire and from the host are byte strings: a placement
/// "café" written decomposed is another placement, and a JSON object may hold
/// both spellings as two keys. Every keyed lookup of wire or host ids goes
/// through this type.
public struct ExactKey: Hashable, Sendable, CustomStringConvertible {
    public let string: String

    public init(_ string: String) {
        self.string = string
    }

    public static func == (lhs: ExactKey, rhs: ExactKey) -> Bool {
        lhs.string.isExactly(rhs.string)
    }

    /// The UTF-8 bytes, as `==` compares them. String's own hash
    /// normalizes first (canonical equivalence), several times the cost:
    /// every id of a banner list is hashed once (BN-14).
    public func hash(into hasher: inout Hasher) {
        let bytes = string.utf8.span
        hasher.combine(bytes.count)
        bytes.withUnsafeBytes { hasher.combine(bytes: $0) }
    }

    public var description: String { string }
}

extension String {
    /// True when both strings have the same Unicode scalars (not merely
    /// canonically equivalent ones).
    public func isExactly(_ other: String) -> Bool {
        // The length is known without looking at the bytes: most keys that
        // differ, differ in length (the lookups of every wire decoder).
        guard utf8.count == other.utf8.count else { return false }
        let a = utf8.span
        let b = other.utf8.span
        guard a.count == b.count else { return false }
        for i in a.indices where a[i] != b[i] { return false }
        return true
    }
}

extension Optional where Wrapped == String {
    /// `isExactly` for optional ids: nil equals only nil.
    func isExactly(_ other: String?) -> Bool {
        switch (self, other) {
        case (nil, nil): return true
        case let (a?, b?): return a.isExactly(b)
        default: return false
        }
    }
}
