import Testing
@testable import FramesCore

@Suite("CRC-32 of the state blob (XC-10)")
struct CRC32Tests {
    /// The byte-at-a-time definition the sliced implementation must equal.
    static func reference(_ bytes: [UInt8]) -> UInt32 {
        var crc: UInt32 = 0xFFFF_FFFF
        for byte in bytes {
            crc ^= UInt32(byte)
            for _ in 0..<8 { crc = (crc & 1) != 0 ? 0xEDB8_8320 ^ (crc >> 1) : crc >> 1 }
        }
        return crc ^ 0xFFFF_FFFF
    }

    @Test("XC-10 the check value, every length 0...64 and offsets of a slice agree with the bitwise definition")
    func agreesWithTheDefinition() {
        #expect(CRC32.checksum(Array("123456789".utf8)[...]) == 0xCBF4_3926)
        #expect(CRC32.checksum([][...]) == 0)
        var random = SplitMix64(seed: 42)
        let bytes = (0..<200).map { _ in UInt8(truncatingIfNeeded: random.next()) }
        for length in 0...64 {
            for offset in [0, 1, 3, 7] {
                let slice = bytes[offset..<(offset + length)]
                #expect(CRC32.checksum(slice) == Self.reference(Array(slice)), "length \(length) offset \(offset)")
            }
        }
    }

    @Test("XC-10 the braided blocks and their tail agree with the bitwise definition at every length to 400, at any offset")
    func braidedAgreesWithTheDefinition() {
        var random = SplitMix64(seed: 43)
        let bytes = (0..<420).map { _ in UInt8(truncatingIfNeeded: random.next()) }
        for length in 0...400 {
            let offset = length % 9
            let slice = bytes[offset..<(offset + length)]
            #expect(CRC32.checksum(slice) == Self.reference(Array(slice)), "length \(length) offset \(offset)")
        }
    }
}
