// Decides: XC-13
/// One line of a recording as read back (XC-13): its place in the file, its
/// bytes (what a replay compares against) and its members.
public struct RecordedLine: Sendable {
    public enum Kind: String, Sendable {
        /// A public call, with its arguments (`{"call":"frames_frame_attach",…}`).
        case call
        /// What a call handed back, or how it failed (`{"ret":…}`).
        case ret
        /// A callback the engine made, with its arguments (`{"cb":…}`).
        case callback = "cb"
        /// What the host's callback answered (`{"answer":…}`).
        case answer
        /// A push the owner thread took in (`{"push":…}`).
        case push
    }

    /// 1-based, counting the header.
    public let number: Int
    public let bytes: [UInt8]
    public let kind: Kind
    public let name: String
    public let depth: Int
    public let members: JSONObject

    public var text: String { String(decoding: bytes, as: UTF8.self) }

    public subscript(key: String) -> JSONValue? { members[key] }

    /// A required member, or an error naming the line and what it lacks.
    public func string(_ key: String) throws(FramesError) -> String {
        guard let value = members[key]?.stringValue else { throw missing(key, "a string") }
        return value
    }

    /// A member that may be null.
    public func optionalString(_ key: String) throws(FramesError) -> String? {
        guard let value = members[key] else { throw missing(key, "a string or null") }
        if case .null = value { return nil }
        guard let text = value.stringValue else { throw missing(key, "a string or null") }
        return text
    }

    public func int(_ key: String) throws(FramesError) -> Int64 {
        guard let value = members[key]?.int64Value else { throw missing(key, "an integer") }
        return value
    }

    public func uint(_ key: String) throws(FramesError) -> UInt64 {
        if case .integer(let i)? = members[key], i >= 0 { return UInt64(i) }
        if case .number(let d)? = members[key], d >= 0, d < 18_446_744_073_709_551_616.0, d.rounded() == d { return UInt64(d) }
        throw missing(key, "a non-negative integer")
    }

    public func double(_ key: String) throws(FramesError) -> Double {
        switch members[key] {
        case .string("inf")?: return .infinity
        case .string("-inf")?: return -.infinity
        case .string("nan")?: return .nan
        default:
            guard let value = members[key]?.doubleValue else { throw missing(key, "a number") }
            return value
        }
    }

    public func bool(_ key: String) throws(FramesError) -> Bool {
        guard let value = members[key]?.boolValue else { throw missing(key, "true or false") }
        return value
    }

    public func strings(_ key: String) throws(FramesError) -> [String] {
        guard let items = members[key]?.arrayValue else { throw missing(key, "an array of strings") }
        var out: [String] = []
        for item in items {
            guard let text = item.stringValue else { throw missing(key, "an array of strings") }
            out.append(text)
        }
        return out
    }

    /// Bytes written by `RecordingLine.body`: text, `{"hex":…}`, or
    /// `{"redacted":n}` — which reads back as nothing.
    public func body(_ key: String) throws(FramesError) -> [UInt8] {
        switch members[key] {
        case .string(let text)?:
            return Array(text.utf8)
        case .object(let object)?:
            if let hex = object["hex"]?.stringValue, let bytes = Self.hexBytes(hex) { return bytes }
            if object["redacted"]?.int64Value != nil { return [] }
            throw missing(key, "text, {\"hex\":…} or {\"redacted\":n}")
        default:
            throw missing(key, "text, {\"hex\":…} or {\"redacted\":n}")
        }
    }

    private static func hexBytes(_ hex: String) -> [UInt8]? {
        let digits = Array(hex.utf8)
        guard digits.count % 2 == 0 else { return nil }
        var out: [UInt8] = []
        out.reserveCapacity(digits.count / 2)
        var i = 0
        while i < digits.count {
            guard let high = nibble(digits[i]), let low = nibble(digits[i + 1]) else { return nil }
            out.append(high << 4 | low)
            i += 2
        }
        return out
    }

    private static func nibble(_ c: UInt8) -> UInt8? {
        switch c {
        case UInt8(ascii: "0")...UInt8(ascii: "9"): return c - UInt8(ascii: "0")
        case UInt8(ascii: "a")...UInt8(ascii: "f"): return c - UInt8(ascii: "a") + 10
        default: return nil
        }
    }

    public func missing(_ key: String, _ what: String) -> FramesError {
        .invalidArgument("recording line \(number) (\(kind.rawValue) \(name)): \"\(key)\" must be \(what)")
    }
}
