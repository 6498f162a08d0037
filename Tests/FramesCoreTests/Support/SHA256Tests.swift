import Testing
@testable import FramesCore

#if os(Linux)
import Glibc
#endif

/// Every vector runs through each compression this machine has: the
/// portable Swift rounds always, the CPU's SHA instructions where present.
private let compressions: [SHA256.Compression] =
    SHA256.cpuCompressionAvailable ? [.portable, .cpu] : [.portable]

@Suite("SHA-256 (FIPS 180-4) for AF-13 bucketing and AF-14 integrity")
struct SHA256Tests {
    @Test("AF-14 NIST vector: empty message", arguments: compressions)
    func empty(_ compression: SHA256.Compression) {
        #expect(SHA256.hash([UInt8](), compression: compression).hex
            == "e3b0c44298fc1c149afbf4c8996fb92427ae41e4649b934ca495991b7852b855")
    }

    @Test("AF-14 NIST vector: \"abc\"", arguments: compressions)
    func abc(_ compression: SHA256.Compression) {
        #expect(SHA256.hash(utf8: "abc").hex == "ba7816bf8f01cfea414140de5dae2223b00361a396177a9cb410ff61f20015ad")
        #expect(SHA256.hash(Array("abc".utf8), compression: compression).hex
            == "ba7816bf8f01cfea414140de5dae2223b00361a396177a9cb410ff61f20015ad")
    }

    @Test("AF-14 NIST vector: 448-bit message", arguments: compressions)
    func message448(_ compression: SHA256.Compression) {
        let m = "abcdbcdecdefdefgefghfghighijhijkijkljklmklmnlmnomnopnopq"
        #expect(SHA256.hash(Array(m.utf8), compression: compression).hex
            == "248d6a61d20638b8e5c026930c3e6039a33ce45964ff2167f6ecedd419db06c1")
    }

    @Test("AF-14 NIST vector: 896-bit message", arguments: compressions)
    func message896(_ compression: SHA256.Compression) {
        let m = "abcdefghbcdefghicdefghijdefghijkefghijklfghijklmghijklmnhijklmnoijklmnopjklmnopqklmnopqrlmnopqrsmnopqrstnopqrstu"
        #expect(SHA256.hash(Array(m.utf8), compression: compression).hex
            == "cf5b16a778af8380036ce59e7b0492370b249b11e8f07a51afac45037afee9d1")
    }

    @Test("AF-14 padding boundaries: 55, 56, 63, 64, 65, 119, 120, 128 bytes of 'a'", arguments: compressions)
    func paddingBoundaries(_ compression: SHA256.Compression) {
        // Digests from an independent implementation (Python's hashlib).
        let expected: [(Int, String)] = [
            (55, "9f4390f8d30c2dd92ec9f095b65e2b9ae9b0a925a5258e241c9f1e910f734318"),
            (56, "b35439a4ac6f0948b6d6f9e3c6af0f5f590ce20f1bde7090ef7970686ec6738a"),
            (63, "7d3e74a05d7db15bce4ad9ec0658ea98e3f06eeecf16b4c6fff2da457ddc2f34"),
            (64, "ffe054fe7ae0cb6dc65c3af9b61d5209f439851db43d0ba5997337df154668eb"),
            (65, "635361c48bb9eab14198e76ea8ab7f1a41685d6ad62aa9146d301d4f17eb0ae0"),
            (119, "31eba51c313a5c08226adf18d4a359cfdfd8d2e816b13f4af952f7ea6584dcfb"),
            (120, "2f3d335432c70b580af0e8e1b3674a7c020d683aa5f73aaaedfdc55af904c21c"),
            (128, "6836cf13bac400e9105071cd6af47084dfacad4e5e302c94bfed24e013afb73e"),
        ]
        for (length, hex) in expected {
            let message = [UInt8](repeating: UInt8(ascii: "a"), count: length)
            #expect(SHA256.hash(message, compression: compression).hex == hex, "length \(length)")
        }
    }

    @Test("AF-14 NIST vector: one million 'a'", arguments: compressions)
    func millionA(_ compression: SHA256.Compression) {
        let expected = "cdc76e5c9914fb9281a1c7e284d73e67f1809a48a497200e046d39ccc7112cd0"
        var hasher = SHA256(compression: compression)
        let chunk = [UInt8](repeating: UInt8(ascii: "a"), count: 1000)
        for _ in 0..<1000 { hasher.update(chunk) }
        #expect(hasher.finalize().hex == expected)
        // One update of the whole message: the CPU path takes 15,625 blocks in one call.
        #expect(SHA256.hash([UInt8](repeating: UInt8(ascii: "a"), count: 1_000_000), compression: compression).hex
            == expected)
    }

    @Test("AF-14 chunked updates equal one-shot at every split, across block boundaries", arguments: compressions)
    func chunked(_ compression: SHA256.Compression) {
        var rng = SplitMix64(seed: 42)
        for length in [0, 1, 55, 56, 57, 63, 64, 65, 119, 120, 128, 1000] {
            let message = (0..<length).map { _ in UInt8.random(in: 0...255, using: &rng) }
            let expected = SHA256.hash(message, compression: compression)
            for split in Set([0, length / 3, length / 2, max(0, length - 1), length]) {
                var hasher = SHA256(compression: compression)
                hasher.update(message[0..<split])
                hasher.update(message[split...])
                #expect(hasher.finalize() == expected, "length \(length) split \(split)")
            }
            var byteByByte = SHA256(compression: compression)
            for b in message { byteByByte.update(CollectionOfOne(b)) }
            #expect(byteByByte.finalize() == expected)
        }
    }

    @Test("AF-14 updates of random sizes (empty, partial, several blocks) equal one-shot", arguments: compressions)
    func randomChunks(_ compression: SHA256.Compression) {
        var rng = SplitMix64(seed: 7)
        for _ in 0..<100 {
            let length = Int.random(in: 0...1000, using: &rng)
            let message = (0..<length).map { _ in UInt8.random(in: 0...255, using: &rng) }
            var hasher = SHA256(compression: compression)
            var offset = 0
            while offset < length {
                let size = min(length - offset, Int.random(in: 0...150, using: &rng))
                // An array goes through the contiguous path, a slice byte by byte.
                if Bool.random(using: &rng) {
                    hasher.update(Array(message[offset..<(offset + size)]))
                } else {
                    hasher.update(message[offset..<(offset + size)])
                }
                offset += size
            }
            #expect(hasher.finalize() == SHA256.hash(message, compression: compression), "length \(length)")
        }
    }

    @Test("AF-14 the CPU's SHA instructions and the portable rounds agree on random messages and splits",
          .enabled(if: SHA256.cpuCompressionAvailable))
    func cpuAgreesWithPortable() {
        var rng = SplitMix64(seed: 0x5a256)
        for _ in 0..<300 {
            let length = Int.random(in: 0...3000, using: &rng)
            let message = (0..<length).map { _ in UInt8.random(in: 0...255, using: &rng) }
            let portable = SHA256.hash(message, compression: .portable)
            #expect(SHA256.hash(message, compression: .cpu) == portable, "length \(length)")
            let split = Int.random(in: 0...length, using: &rng)
            var hasher = SHA256(compression: .cpu)
            hasher.update(message[0..<split])
            hasher.update(message[split...])
            #expect(hasher.finalize() == portable, "length \(length) split \(split)")
        }
    }

    @Test("AF-14 a hasher uses the compression it asked for when the CPU has it, the portable one otherwise")
    func compressionChoice() {
        #expect(SHA256(compression: .portable).compression == .portable)
        let cpu: SHA256.Compression = SHA256.cpuCompressionAvailable ? .cpu : .portable
        #expect(SHA256(compression: .cpu).compression == cpu)
        #expect(SHA256().compression == cpu)
    }

    #if os(Linux) && arch(x86_64)
    @Test("AF-14 a CPU whose /proc/cpuinfo lists sha_ni, ssse3 and sse4_1 gets the CPU compression")
    func cpuDetection() throws {
        let flags = try #require(cpuinfoFlags())
        let listed = flags.isSuperset(of: ["sha_ni", "ssse3", "sse4_1"])
        #expect(SHA256.cpuCompressionAvailable == listed)
    }
    #endif

    @Test("AF-13 digest prefix is read big-endian")
    func prefix() {
        // SHA-256("abc") starts ba 78 16 bf 8f 01 cf ea.
        #expect(SHA256.hash(utf8: "abc").prefixUInt64BigEndian == 0xba78_16bf_8f01_cfea)
    }
}

#if os(Linux)
/// The first `flags` line of /proc/cpuinfo, word by word; nil when unreadable.
private func cpuinfoFlags() -> Set<String>? {
    guard let file = fopen("/proc/cpuinfo", "r") else { return nil }
    defer { fclose(file) }
    var bytes: [UInt8] = []
    var buffer = [UInt8](repeating: 0, count: 4096)
    while true {
        let read = fread(&buffer, 1, buffer.count, file)
        if read <= 0 { break }
        bytes += buffer[0..<read]
    }
    let text = String(decoding: bytes, as: UTF8.self)
    guard let line = text.split(separator: "\n").first(where: { $0.hasPrefix("flags") }) else { return nil }
    return Set(line.split(whereSeparator: { $0 == " " || $0 == "\t" }).map(String.init))
}
#endif
