import Testing
@testable import FramesCore

@Suite("SHA-256 (FIPS 180-4) for AF-13 bucketing and AF-14 integrity")
struct SHA256Tests {
    @Test("AF-14 NIST vector: empty message")
    func empty() {
        #expect(SHA256.hash([UInt8]()).hex == "e3b0c44298fc1c149afbf4c8996fb92427ae41e4649b934ca495991b7852b855")
    }

    @Test("AF-14 NIST vector: \"abc\"")
    func abc() {
        #expect(SHA256.hash(utf8: "abc").hex == "ba7816bf8f01cfea414140de5dae2223b00361a396177a9cb410ff61f20015ad")
    }

    @Test("AF-14 NIST vector: 448-bit message")
    func message448() {
        let m = "abcdbcdecdefdefgefghfghighijhijkijkljklmklmnlmnomnopnopq"
        #expect(SHA256.hash(utf8: m).hex == "248d6a61d20638b8e5c026930c3e6039a33ce45964ff2167f6ecedd419db06c1")
    }

    @Test("AF-14 NIST vector: 896-bit message")
    func message896() {
        let m = "abcdefghbcdefghicdefghijdefghijkefghijklfghijklmghijklmnhijklmnoijklmnopjklmnopqklmnopqrlmnopqrsmnopqrstnopqrstu"
        #expect(SHA256.hash(utf8: m).hex == "cf5b16a778af8380036ce59e7b0492370b249b11e8f07a51afac45037afee9d1")
    }

    @Test("AF-14 NIST vector: one million 'a'")
    func millionA() {
        var hasher = SHA256()
        let chunk = [UInt8](repeating: UInt8(ascii: "a"), count: 1000)
        for _ in 0..<1000 { hasher.update(chunk) }
        #expect(hasher.finalize().hex == "cdc76e5c9914fb9281a1c7e284d73e67f1809a48a497200e046d39ccc7112cd0")
    }

    @Test("AF-14 chunked updates equal one-shot at every split, across block boundaries")
    func chunked() {
        var rng = SplitMix64(seed: 42)
        for length in [0, 1, 55, 56, 57, 63, 64, 65, 119, 120, 128, 1000] {
            let message = (0..<length).map { _ in UInt8.random(in: 0...255, using: &rng) }
            let expected = SHA256.hash(message)
            for split in Set([0, length / 3, length / 2, max(0, length - 1), length]) {
                var hasher = SHA256()
                hasher.update(message[0..<split])
                hasher.update(message[split...])
                #expect(hasher.finalize() == expected, "length \(length) split \(split)")
            }
            var byteByByte = SHA256()
            for b in message { byteByByte.update(CollectionOfOne(b)) }
            #expect(byteByByte.finalize() == expected)
        }
    }

    @Test("AF-13 digest prefix is read big-endian")
    func prefix() {
        // SHA-256("abc") starts ba 78 16 bf 8f 01 cf ea.
        #expect(SHA256.hash(utf8: "abc").prefixUInt64BigEndian == 0xba78_16bf_8f01_cfea)
    }
}
