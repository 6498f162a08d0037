/// A value of an XML property list (Apple's plist DTD), as read by
/// `XMLPropertyListReader`. Dictionaries keep document order; keys are unique
/// by their exact code points, never by Unicode canonical equivalence (XC-07).
public indirect enum PropertyListValue: Sendable, Equatable {
    case string(String)
    case bool(Bool)
    case integer(Int64)
    case real(Double)
    /// The ISO 8601 text of a `<date>` (e.g. `2024-05-01T12:00:00Z`), checked for shape only.
    case date(String)
    /// The decoded bytes of a `<data>` element (base64).
    case data([UInt8])
    case array([PropertyListValue])
    case dictionary([(key: String, value: PropertyListValue)])

    public subscript(key: String) -> PropertyListValue? {
        guard case .dictionary(let entries) = self else { return nil }
        for entry in entries where entry.key.isExactly(key) { return entry.value }
        return nil
    }

    public static func == (lhs: PropertyListValue, rhs: PropertyListValue) -> Bool {
        switch (lhs, rhs) {
        case let (.string(a), .string(b)): return a == b
        case let (.bool(a), .bool(b)): return a == b
        case let (.integer(a), .integer(b)): return a == b
        case let (.real(a), .real(b)): return a == b
        case let (.date(a), .date(b)): return a == b
        case let (.data(a), .data(b)): return a == b
        case let (.array(a), .array(b)): return a == b
        case let (.dictionary(a), .dictionary(b)):
            guard a.count == b.count else { return false }
            for (x, y) in zip(a, b) where !x.key.isExactly(y.key) || x.value != y.value { return false }
            return true
        default: return false
        }
    }
}
