/// A parsed JSON value (RFC 8259). Numbers that are integers fitting in
/// `Int64` (no fraction, no exponent) are kept exactly as `.integer`; every
/// other number is a finite `.number(Double)`.
public enum JSONValue: Sendable, Equatable {
    case null
    case bool(Bool)
    case integer(Int64)
    case number(Double)
    case string(String)
    case array([JSONValue])
    case object(JSONObject)

    /// A short name of the value's kind, for error messages.
    public var kindName: String {
        switch self {
        case .null: return "null"
        case .bool: return "a boolean"
        case .integer, .number: return "a number"
        case .string: return "a string"
        case .array: return "an array"
        case .object: return "an object"
        }
    }

    public var stringValue: String? {
        if case .string(let s) = self { return s }
        return nil
    }

    public var boolValue: Bool? {
        if case .bool(let b) = self { return b }
        return nil
    }

    public var objectValue: JSONObject? {
        if case .object(let o) = self { return o }
        return nil
    }

    public var arrayValue: [JSONValue]? {
        if case .array(let a) = self { return a }
        return nil
    }

    /// The value as an exact integer: `.integer`, or a `.number` that is
    /// integral and inside Int64's range (e.g. `1e3`). Nil otherwise.
    public var int64Value: Int64? {
        switch self {
        case .integer(let i): return i
        case .number(let d):
            // 2^63 is exactly representable; anything >= it (or < -2^63) does not fit.
            guard d.isFinite, d.rounded(.towardZero) == d,
                  d >= -9_223_372_036_854_775_808.0, d < 9_223_372_036_854_775_808.0 else { return nil }
            return Int64(d)
        default: return nil
        }
    }

    /// The value as a Double (integers converted, possibly rounded).
    public var doubleValue: Double? {
        switch self {
        case .integer(let i): return Double(i)
        case .number(let d): return d
        default: return nil
        }
    }
}

/// One member of a JSON object.
public struct JSONMember: Sendable, Equatable {
    public let key: String
    public let value: JSONValue

    public init(key: String, value: JSONValue) {
        self.key = key
        self.value = value
    }

    /// Keys are equal only when their code points are (RFC 8259 §8.3).
    public static func == (a: JSONMember, b: JSONMember) -> Bool {
        a.key.isExactly(b.key) && a.value == b.value
    }
}

/// A JSON object: members in document order, keys unique (the parser rejects
/// duplicate keys), with keyed lookup. Keys are compared by their exact code
/// points, never by Unicode canonical equivalence (RFC 8259 §8.3, XC-07):
/// `{"\u00e9":1,"e\u0301":2}` has two members.
public struct JSONObject: Sendable, Equatable {
    public private(set) var members: [JSONMember]
    /// Key → position, built only once an object is large: most objects on
    /// the wire have a handful of members, where a scan beats hashing every
    /// key (the per-banner cost of a 10,000-banner list).
    private var index: [ExactKey: Int]?

    private static let indexThreshold = 16

    public init() {
        members = []
    }

    /// Builds an object; returns nil if a key repeats.
    public init?(_ members: [JSONMember]) {
        self.init()
        for member in members {
            guard insert(member) else { return nil }
        }
    }

    /// Appends a member unless its key is already present (then returns false).
    @discardableResult
    mutating func insert(_ member: JSONMember) -> Bool {
        if position(of: member.key) != nil { return false }
        // Room for a typical wire object at once, not 1, 2, 4, 8 in turn.
        if members.isEmpty { members.reserveCapacity(8) }
        if index != nil {
            index?[ExactKey(member.key)] = members.count
        } else if members.count == Self.indexThreshold {
            var built: [ExactKey: Int] = [:]
            for (i, existing) in members.enumerated() { built[ExactKey(existing.key)] = i }
            built[ExactKey(member.key)] = members.count
            index = built
        }
        members.append(member)
        return true
    }

    private func position(of key: String) -> Int? {
        if let index { return index[ExactKey(key)] }
        return members.firstIndex { $0.key.isExactly(key) }
    }

    public var count: Int { members.count }
    public var keys: [String] { members.map { $0.key } }

    public subscript(key: String) -> JSONValue? {
        guard let i = position(of: key), members.indices.contains(i) else { return nil }
        return members[i].value
    }

    public static func == (lhs: JSONObject, rhs: JSONObject) -> Bool { lhs.members == rhs.members }
}
