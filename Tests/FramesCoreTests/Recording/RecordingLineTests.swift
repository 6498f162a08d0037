import Testing
@testable import FramesCore

/// RecordingLine writes numbers and strings without making Strings
/// (docs/performance.md, "Recording"); a replay compares lines byte for
/// byte (XC-13), so those shortcuts must write exactly what the plain way
/// — `description`, `String(value)`, escaping byte by byte — writes.
@Suite("Recording lines: the fast paths write what the plain way writes (XC-12)")
struct RecordingLineTests {
    /// The plain way: one member `"v":<text>` from Swift's own formatting.
    static func line(_ text: String) -> [UInt8] { Array("{\"v\":\(text)}\n".utf8) }

    static func written(_ build: (inout RecordingLine) -> Void) -> [UInt8] {
        var line = RecordingLine(redaction: nil)
        build(&line)
        return line.finished()
    }

    /// RFC 8259 escaping one byte at a time, as RecordingLine wrote it first.
    static func escaped(_ bytes: [UInt8]) -> [UInt8] {
        var out: [UInt8] = [UInt8(ascii: "\"")]
        for byte in bytes {
            switch byte {
            case UInt8(ascii: "\""): out += Array("\\\"".utf8)
            case UInt8(ascii: "\\"): out += Array("\\\\".utf8)
            case UInt8(ascii: "\n"): out += Array("\\n".utf8)
            case UInt8(ascii: "\r"): out += Array("\\r".utf8)
            case UInt8(ascii: "\t"): out += Array("\\t".utf8)
            case 0..<0x20: out += Array(("\\u00" + (byte < 16 ? "0" : "") + String(byte, radix: 16)).utf8)
            default: out.append(byte)
            }
        }
        return out + [UInt8(ascii: "\"")]
    }

    @Test("XC-12 doubles: whole numbers below 10^15 digit by digit, the rest by description, both as description writes them")
    func doubles() {
        var random = SplitMix64(seed: 7)
        var values: [Double] = [0, -0.0, 1, -1, 320, 0.5, 1e14, 1e15 - 1, 1e15, -1e15 + 1, 9_007_199_254_740_992, 1e16,
                                2.5e-8, .greatestFiniteMagnitude, .leastNonzeroMagnitude, 123_456_789.0, -42]
        for _ in 0..<2000 {
            let bits = random.next()
            values.append(Double(Int64(bitPattern: bits) % 2_000_000_000_000_000))
            values.append(Double(bits % 100_000) / 8)
            values.append(Double(bitPattern: bits))
        }
        for value in values {
            let expected = value.isFinite ? value.description : "\"\(value.description)\""
            #expect(Self.written { $0.field("v", value) } == Self.line(expected), "\(value)")
        }
    }

    @Test("XC-12 integers: Int64 and UInt64 at their edges and in between, as String(value) writes them")
    func integers() {
        var random = SplitMix64(seed: 11)
        var signed: [Int64] = [0, 1, -1, 9, 10, -10, 99, 100, .max, .min, .max - 1, .min + 1]
        var unsigned: [UInt64] = [0, 9, 10, UInt64(Int64.max), UInt64(Int64.max) + 1, .max]
        for _ in 0..<2000 {
            let bits = random.next()
            signed.append(Int64(bitPattern: bits) >> (bits % 64))
            unsigned.append(bits >> (bits % 64))
        }
        for value in signed {
            #expect(Self.written { $0.field("v", value) } == Self.line(String(value)))
        }
        for value in unsigned {
            // Past Int64.max a string: JSON readers take such numbers as doubles.
            let text = value <= UInt64(Int64.max) ? String(value) : "\"\(value)\""
            #expect(Self.written { $0.field("v", value) } == Self.line(text))
        }
    }

    @Test("XC-12 strings and bodies: escaped as byte by byte, at every length around the 8-byte words, escapes anywhere")
    func strings() {
        var random = SplitMix64(seed: 3)
        let alphabet: [UInt8] = Array("ab\"\\\n\r\t\u{01}\u{1f} é€😀/".utf8)
        for length in 0..<40 {
            for _ in 0..<30 {
                var bytes: [UInt8] = []
                for _ in 0..<length {
                    // Mostly plain letters, sometimes a byte that needs an escape.
                    bytes.append(random.next() % 4 == 0 ? alphabet[Int(random.next() % UInt64(alphabet.count))] : 0x61)
                }
                guard let text = String(validating: bytes, as: UTF8.self) else {
                    #expect(Self.written { $0.body("v", bytes) }.starts(with: Array("{\"v\":{\"hex\":\"".utf8)))
                    continue
                }
                let expected = Array("{\"v\":".utf8) + Self.escaped(bytes) + Array("}\n".utf8)
                #expect(Self.written { $0.field("v", text) } == expected, "\(bytes)")
                #expect(Self.written { $0.body("v", bytes) } == expected, "\(bytes)")
            }
        }
    }

    @Test("XC-12 UTF-8 validation without a String agrees with String(validating:) on random and edge bytes")
    func utf8() {
        var random = SplitMix64(seed: 5)
        let edges: [[UInt8]] = [[0xC0, 0x80], [0xC2, 0x80], [0xE0, 0x9F, 0x80], [0xE0, 0xA0, 0x80], [0xED, 0xA0, 0x80],
                                [0xED, 0x9F, 0xBF], [0xF0, 0x8F, 0x80, 0x80], [0xF0, 0x90, 0x80, 0x80],
                                [0xF4, 0x8F, 0xBF, 0xBF], [0xF4, 0x90, 0x80, 0x80], [0xF5, 0x80, 0x80, 0x80], [0xFF],
                                [0xE2, 0x82], [0xE2, 0x82, 0xAC], [0x80]]
        var samples = edges
        for _ in 0..<5000 {
            let length = Int(random.next() % 9)
            samples.append((0..<length).map { _ in UInt8(truncatingIfNeeded: random.next() % 3 == 0 ? random.next() : 0x80 | random.next() % 0x40) })
        }
        for bytes in samples {
            let valid = bytes.withUnsafeBufferPointer { RecordingLine.isValidUTF8($0) }
            #expect(valid == (String(validating: bytes, as: UTF8.self) != nil), "\(bytes)")
        }
    }
}
