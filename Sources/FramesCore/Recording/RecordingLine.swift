// Decides: XC-12
/// One line of a recording (docs/wire-format.md, "Recording"): a JSON object
/// on one line, written straight into bytes — recording runs inside every
/// engine call, so it builds no intermediate strings (XC-12 bounds its cost).
/// Members come in the order they are added, so the same inputs give the
/// same bytes: replay compares lines byte for byte (XC-13).
// @frozen: `finish` ends the line with `discard self`, which Embedded
// Swift allows only in a type whose layout is fixed.
@frozen
public struct RecordingLine: ~Copyable {
    // The bytes so far, in memory the line owns (freed by deinit) or hands
    // back to its recorder for the next line (`finish`): appending is a
    // store, with no array to check for uniqueness or exclusive access —
    // this runs in every engine call and callback (docs/performance.md,
    // "Recording").
    private var base: UnsafeMutablePointer<UInt8>
    private var count = 0
    private var capacity: Int
    /// Unretained: a line lives inside one call of the recorder that holds
    /// the redaction (and an unretained reference keeps the line's stored
    /// properties trivial, which `finish` needs to hand its memory on).
    private let redactionReference: Unmanaged<RecordingRedaction>?

    /// `{"<kind>":"<name>"` and, inside a callback, the depth `d`.
    /// `memory`: where to write, from the recorder's last line.
    public init(_ kind: StaticString, _ name: String, depth: Int, redaction: RecordingRedaction?,
                memory: LineMemory? = nil) {
        self.init(redaction: redaction, memory: memory)
        appendKey(kind)
        appendString(name)
        if depth > 0 { field("d", Int64(depth)) }
    }

    /// An object with no members yet.
    public init(redaction: RecordingRedaction?, memory: LineMemory? = nil) {
        redactionReference = redaction.map { Unmanaged.passUnretained($0) }
        if let memory {
            base = memory.base
            capacity = memory.capacity
        } else {
            capacity = 256
            base = .allocate(capacity: capacity)
        }
        base[0] = UInt8(ascii: "{")
        count = 1
    }

    deinit { base.deallocate() }

    private var redaction: RecordingRedaction? { redactionReference?.takeUnretainedValue() }

    public mutating func field(_ key: StaticString, _ value: String?) {
        appendKey(key)
        guard let value else { return appendRaw("null") }
        if let redaction { return appendString(redaction.hidingUserIds(in: value)) }
        appendString(value)
    }

    public mutating func field(_ key: StaticString, _ value: Int64) {
        appendKey(key)
        appendDecimal(value.magnitude, negative: value < 0)
    }

    /// Past Int64.max a decimal string: JSON readers, JSONParser among
    /// them, read such a number as a Double, which cannot hold it exactly
    /// (an index of SIZE_MAX, a random seed); RecordedLine.uint reads the
    /// string back exactly (XC-13).
    public mutating func field(_ key: StaticString, _ value: UInt64) {
        appendKey(key)
        if value <= UInt64(Int64.max) { return appendDecimal(value, negative: false) }
        append(UInt8(ascii: "\""))
        appendDecimal(value, negative: false)
        append(UInt8(ascii: "\""))
    }

    public mutating func field(_ key: StaticString, _ value: Int) { field(key, Int64(value)) }

    public mutating func field(_ key: StaticString, _ value: Bool) {
        appendKey(key)
        if value { appendRaw("true") } else { appendRaw("false") }
    }

    /// Shortest text that reads back as the same Double (Swift's
    /// `description`); JSON has no infinities or NaN, so those are strings.
    /// A whole number below 10^15 — most sizes, heights and coordinates —
    /// is written digit by digit with ".0", which is what `description`
    /// writes for it, without making a String (RecordingLineTests holds the
    /// two equal).
    public mutating func field(_ key: StaticString, _ value: Double) {
        appendKey(key)
        let size = value.magnitude
        if size < 1e15, value.rounded(.towardZero) == value, !(value == 0 && value.sign == .minus) {
            appendDecimal(UInt64(size), negative: value < 0)
            reserve(2)
            base[count] = UInt8(ascii: ".")
            base[count + 1] = UInt8(ascii: "0")
            count += 2
            return
        }
        if value.isFinite { appendText(value.description) } else { appendString(value.description) }
    }

    public mutating func field(_ key: StaticString, _ values: [String]) {
        appendKey(key)
        append(UInt8(ascii: "["))
        for (i, value) in values.enumerated() {
            if i > 0 { append(UInt8(ascii: ",")) }
            if let redaction { appendString(redaction.hidingUserIds(in: value)) } else { appendString(value) }
        }
        append(UInt8(ascii: "]"))
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
        if let redaction {
            if redaction.hidesBodies {
                appendRaw("{\"redacted\":")
                appendDecimal(UInt64(value.count), negative: false)
                return append(UInt8(ascii: "}"))
            }
            if let text = String(validating: value, as: UTF8.self) { return appendString(redaction.hidingUserIds(in: text)) }
        } else {
            // Escaped straight from the bytes: no String is made.
            let written = value.withUnsafeBufferPointer { buffer in
                guard Self.isValidUTF8(buffer) else { return false }
                appendEscaped(buffer)
                return true
            }
            if written { return }
        }
        appendRaw("{\"hex\":\"")
        reserve(2 * value.count)
        for byte in value {
            base[count] = Self.hexDigit(byte >> 4)
            base[count + 1] = Self.hexDigit(byte & 15)
            count += 2
        }
        appendRaw("\"}")
    }

    /// Bytes handed to the host, by size and checksum: enough to see that
    /// they differ, without copying every image into the recording.
    public mutating func digest(_ key: StaticString, _ value: [UInt8]) {
        field(key, "\(value.count) bytes, crc32 " + String(CRC32.checksum(value[...]), radix: 16))
    }

    /// The finished line, with its newline.
    public consuming func finished() -> [UInt8] {
        appendRaw("}\n")
        return Array(copyingBytes: base, count: count)
    }

    /// Finishes the line, hands its bytes (with the newline) to `sink`, and
    /// returns its memory for the recorder's next line.
    public consuming func finish(_ sink: (UnsafeBufferPointer<UInt8>) -> Void) -> LineMemory {
        appendRaw("}\n")
        sink(UnsafeBufferPointer(start: base, count: count))
        let memory = LineMemory(base: base, capacity: capacity)
        discard self
        return memory
    }

    // MARK: writing bytes

    @inline(__always)
    private mutating func reserve(_ extra: Int) {
        if capacity - count < extra { grow(to: count + extra) }
    }

    private mutating func grow(to needed: Int) {
        let larger = Swift.max(needed, 2 * capacity)
        let moved = UnsafeMutablePointer<UInt8>.allocate(capacity: larger)
        moved.copyBytes(from: base, count: count)
        base.deallocate()
        base = moved
        capacity = larger
    }

    @inline(__always)
    private mutating func append(_ byte: UInt8) {
        reserve(1)
        base[count] = byte
        count += 1
    }

    private mutating func append(_ bytes: UnsafeBufferPointer<UInt8>) {
        guard let source = bytes.baseAddress, bytes.count > 0 else { return }
        reserve(bytes.count)
        (base + count).copyBytes(from: source, count: bytes.count)
        count += bytes.count
    }

    private mutating func appendKey(_ key: StaticString) {
        let length = key.utf8CodeUnitCount
        reserve(length + 4)
        if count > 1 {
            base[count] = UInt8(ascii: ",")
            count += 1
        }
        base[count] = UInt8(ascii: "\"")
        // Keys are short: a loop beats a call to memmove.
        let key = key.utf8Start
        for i in 0..<length { base[count + 1 + i] = key[i] }
        count += length + 1
        base[count] = UInt8(ascii: "\"")
        base[count + 1] = UInt8(ascii: ":")
        count += 2
    }

    private mutating func appendRaw(_ text: StaticString) {
        append(UnsafeBufferPointer(start: text.utf8Start, count: text.utf8CodeUnitCount))
    }

    private mutating func appendText(_ text: String) {
        var text = text
        text.withUTF8 { append($0) }
    }

    /// The digits of `value`, as String(value) writes them, without making
    /// the String.
    private mutating func appendDecimal(_ value: UInt64, negative: Bool) {
        var digits = 1
        var power: UInt64 = 10
        // Multiplying, not dividing, to count; 10^19 is the last power a
        // UInt64 holds.
        while digits < 20, value >= power {
            digits += 1
            if digits == 20 { break }
            power &*= 10
        }
        let length = digits + (negative ? 1 : 0)
        reserve(length)
        if negative { base[count] = UInt8(ascii: "-") }
        var at = count + length
        var rest = value
        repeat {
            at -= 1
            base[at] = UInt8(ascii: "0") &+ UInt8(truncatingIfNeeded: rest % 10)
            rest /= 10
        } while rest > 0
        count += length
    }

    private mutating func appendString(_ text: String) {
        var text = text
        text.withUTF8 { appendEscaped($0) }
    }

    @inline(__always)
    private static func hexDigit(_ nibble: UInt8) -> UInt8 {
        nibble < 10 ? UInt8(ascii: "0") &+ nibble : UInt8(ascii: "a") &+ (nibble &- 10)
    }

    /// RFC 8259 escaping: quote, backslash and control characters; every
    /// other byte as it is. The bytes before the first that needs an
    /// escape — nearly always all of them — are found a word at a time and
    /// copied at once.
    private mutating func appendEscaped(_ text: UnsafeBufferPointer<UInt8>) {
        let plain = Self.plainPrefix(text)
        let rest = text.count - plain
        // Room for the quotes and for every byte after the plain ones as
        // the longest escape (\u00XX), so the loop below only stores.
        reserve(plain + 2 + (rest > 0 ? 6 * rest : 0))
        base[count] = UInt8(ascii: "\"")
        count += 1
        if let start = text.baseAddress, plain > 0 {
            (base + count).copyBytes(from: start, count: plain)
            count += plain
        }
        var at = count
        for i in plain..<text.count {
            let byte = text[i]
            if !Self.needsEscape(byte) {
                base[at] = byte
                at += 1
                continue
            }
            base[at] = UInt8(ascii: "\\")
            switch byte {
            case UInt8(ascii: "\""), UInt8(ascii: "\\"): base[at + 1] = byte; at += 2
            case UInt8(ascii: "\n"): base[at + 1] = UInt8(ascii: "n"); at += 2
            case UInt8(ascii: "\r"): base[at + 1] = UInt8(ascii: "r"); at += 2
            case UInt8(ascii: "\t"): base[at + 1] = UInt8(ascii: "t"); at += 2
            default:
                base[at + 1] = UInt8(ascii: "u")
                base[at + 2] = UInt8(ascii: "0")
                base[at + 3] = UInt8(ascii: "0")
                base[at + 4] = Self.hexDigit(byte >> 4)
                base[at + 5] = Self.hexDigit(byte & 15)
                at += 6
            }
        }
        base[at] = UInt8(ascii: "\"")
        count = at + 1
    }

    @inline(__always)
    private static func needsEscape(_ byte: UInt8) -> Bool {
        byte < 0x20 || byte == UInt8(ascii: "\"") || byte == UInt8(ascii: "\\")
    }

    /// How many bytes from the start need no escape. Eight at a time: a
    /// word has a byte below 0x20, a quote or a backslash exactly when the
    /// classic has-less / has-zero bit tests say so (they can misplace the
    /// byte, never miss it), and then its bytes are looked at one by one.
    static func plainPrefix(_ text: UnsafeBufferPointer<UInt8>) -> Int {
        guard let start = text.baseAddress else { return 0 }
        let raw = UnsafeRawPointer(start)
        let ones: UInt64 = 0x0101_0101_0101_0101
        let highs: UInt64 = 0x8080_8080_8080_8080
        var i = 0
        while text.count - i >= 8 {
            let word = raw.loadUnaligned(fromByteOffset: i, as: UInt64.self)
            let control = (word &- ones &* 0x20) & ~word
            let quote = word ^ (ones &* 0x22)
            let backslash = word ^ (ones &* 0x5C)
            let hits = (control | ((quote &- ones) & ~quote) | ((backslash &- ones) & ~backslash)) & highs
            if hits != 0 { break }
            i += 8
        }
        // The last bytes as one word that overlaps the ones already seen:
        // no byte-by-byte tail when they are plain too.
        if i > 0, i < text.count, text.count - i < 8 {
            let word = raw.loadUnaligned(fromByteOffset: text.count - 8, as: UInt64.self)
            let control = (word &- ones &* 0x20) & ~word
            let quote = word ^ (ones &* 0x22)
            let backslash = word ^ (ones &* 0x5C)
            if (control | ((quote &- ones) & ~quote) | ((backslash &- ones) & ~backslash)) & highs == 0 { return text.count }
        }
        while i < text.count, !needsEscape(text[i]) { i += 1 }
        return i
    }

    /// Whether `bytes` are well-formed UTF-8 (Unicode 15, table 3-7): what
    /// String(validating:as:) accepts, decided without making the String.
    static func isValidUTF8(_ bytes: UnsafeBufferPointer<UInt8>) -> Bool {
        var i = 0
        let n = bytes.count
        while i < n {
            // ASCII, the usual body, eight bytes at a time.
            if let start = bytes.baseAddress, n - i >= 8,
               UnsafeRawPointer(start).loadUnaligned(fromByteOffset: i, as: UInt64.self) & 0x8080_8080_8080_8080 == 0 {
                i += 8
                continue
            }
            let lead = bytes[i]
            if lead < 0x80 {
                i += 1
                continue
            }
            var count = 2
            var low: UInt8 = 0x80
            var high: UInt8 = 0xBF
            switch lead {
            case 0xC2...0xDF: count = 1
            case 0xE0: low = 0xA0
            case 0xE1...0xEC, 0xEE...0xEF: break
            case 0xED: high = 0x9F
            case 0xF0: count = 3; low = 0x90
            case 0xF1...0xF3: count = 3
            case 0xF4: count = 3; high = 0x8F
            default: return false
            }
            guard n - i > count, bytes[i + 1] >= low, bytes[i + 1] <= high else { return false }
            var k = 2
            while k <= count {
                guard bytes[i + k] & 0xC0 == 0x80 else { return false }
                k += 1
            }
            i += count + 1
        }
        return true
    }
}

/// Memory a recorder hands from one line to the next (RecordingLine.finish).
public struct LineMemory {
    let base: UnsafeMutablePointer<UInt8>
    let capacity: Int

    func deallocate() { base.deallocate() }
}
