// Decides: XC-12
/// One line of a recording (docs/wire-format.md, "Recording"): a JSON object
/// on one line, written straight into bytes — recording runs inside every
/// engine call, so it builds no intermediate strings (XC-12 bounds its cost).
/// Members come in the order they are added, so the same inputs give the
/// same bytes: replay compares lines byte for byte (XC-13).
public struct RecordingLine {
    public private(set) var bytes: [UInt8] = []
    private let redaction: RecordingRedaction?

    /// `{"<kind>":"<name>"` and, inside a callback, the depth `d`.
    public init(_ kind: StaticString, _ name: String, depth: Int, redaction: RecordingRedaction?) {
        self.init(redaction: redaction)
        appendKey(kind)
        appendString(name)
        if depth > 0 { field("d", Int64(depth)) }
    }

    /// An object with no members yet.
    public init(redaction: RecordingRedaction?) {
        self.redaction = redaction
        bytes.reserveCapacity(128)
        bytes.append(UInt8(ascii: "{"))
    }

    public mutating func field(_ key: StaticString, _ value: String?) {
        appendKey(key)
        guard let value else { return appendRaw("null") }
        appendString(redaction?.hidingUserIds(in: value) ?? value)
    }

    public mutating func field(_ key: StaticString, _ value: Int64) {
        appendKey(key)
        appendRaw(String(value))
    }

    public mutating func field(_ key: StaticString, _ value: UInt64) {
        appendKey(key)
        appendRaw(String(value))
    }

    public mutating func field(_ key: StaticString, _ value: Int) { field(key, Int64(value)) }

    public mutating func field(_ key: StaticString, _ value: Bool) {
        appendKey(key)
        appendRaw(value ? "true" : "false")
    }

    /// Shortest text that reads back as the same Double; JSON has no
    /// infinities or NaN, so those are strings.
    public mutating func field(_ key: StaticString, _ value: Double) {
        appendKey(key)
        if value.isFinite { appendRaw(value.description) } else { appendString(value.description) }
    }

    public mutating func field(_ key: StaticString, _ values: [String]) {
        appendKey(key)
        bytes.append(UInt8(ascii: "["))
        for (i, value) in values.enumerated() {
            if i > 0 { bytes.append(UInt8(ascii: ",")) }
            appendString(redaction?.hidingUserIds(in: value) ?? value)
        }
        bytes.append(UInt8(ascii: "]"))
    }

    /// A user id (XC-04): a pseudonym when the recording hides user ids.
    public mutating func userId(_ key: StaticString, _ value: String?) {
        appendKey(key)
        guard let value else { return appendRaw("null") }
        appendString(redaction?.pseudonym(for: value) ?? value)
    }

    /// Bytes the host or the backend supplied: text when they are UTF-8,
    /// else `{"hex":"…"}`; `{"redacted":<count>}` when the recording hides
    /// content bodies.
    public mutating func body(_ key: StaticString, _ value: [UInt8]) {
        appendKey(key)
        if let redaction, redaction.hidesBodies {
            appendRaw("{\"redacted\":")
            appendRaw(String(value.count))
            return bytes.append(UInt8(ascii: "}"))
        }
        if let text = String(validating: value, as: UTF8.self) {
            appendString(redaction?.hidingUserIds(in: text) ?? text)
        } else {
            appendRaw("{\"hex\":\"")
            let digits: [UInt8] = Array("0123456789abcdef".utf8)
            for byte in value {
                bytes.append(digits[Int(byte >> 4)])
                bytes.append(digits[Int(byte & 15)])
            }
            appendRaw("\"}")
        }
    }

    /// Bytes handed to the host, by size and checksum: enough to see that
    /// they differ, without copying every image into the recording.
    public mutating func digest(_ key: StaticString, _ value: [UInt8]) {
        field(key, "\(value.count) bytes, crc32 " + String(CRC32.checksum(value[...]), radix: 16))
    }

    /// The finished line, with its newline.
    public consuming func finished() -> [UInt8] {
        bytes.append(UInt8(ascii: "}"))
        bytes.append(UInt8(ascii: "\n"))
        return bytes
    }

    private mutating func appendKey(_ key: StaticString) {
        if bytes.count > 1 { bytes.append(UInt8(ascii: ",")) }
        bytes.append(UInt8(ascii: "\""))
        key.withUTF8Buffer { bytes.append(contentsOf: $0) }
        bytes.append(UInt8(ascii: "\""))
        bytes.append(UInt8(ascii: ":"))
    }

    private mutating func appendRaw(_ text: String) {
        bytes.append(contentsOf: text.utf8)
    }

    /// RFC 8259 escaping: quote, backslash and control characters; every
    /// other scalar as its UTF-8 bytes.
    private mutating func appendString(_ text: String) {
        bytes.append(UInt8(ascii: "\""))
        for byte in text.utf8 {
            switch byte {
            case UInt8(ascii: "\""): bytes.append(UInt8(ascii: "\\")); bytes.append(byte)
            case UInt8(ascii: "\\"): bytes.append(UInt8(ascii: "\\")); bytes.append(byte)
            case UInt8(ascii: "\n"): bytes.append(UInt8(ascii: "\\")); bytes.append(UInt8(ascii: "n"))
            case UInt8(ascii: "\r"): bytes.append(UInt8(ascii: "\\")); bytes.append(UInt8(ascii: "r"))
            case UInt8(ascii: "\t"): bytes.append(UInt8(ascii: "\\")); bytes.append(UInt8(ascii: "t"))
            case 0..<0x20:
                let digits: [UInt8] = Array("0123456789abcdef".utf8)
                bytes.append(contentsOf: Array("\\u00".utf8))
                bytes.append(digits[Int(byte >> 4)])
                bytes.append(digits[Int(byte & 15)])
            default: bytes.append(byte)
            }
        }
        bytes.append(UInt8(ascii: "\""))
    }
}
