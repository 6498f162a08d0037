internal import CFramesSHA

/// SHA-256 (FIPS 180-4), used for content integrity (AF-14) and for
/// deterministic variant bucketing (AF-13). Incremental (`update` /
/// `finalize`) and one-shot (`SHA256.hash`). Whole blocks go to the CPU's
/// SHA instructions when it has them (Sources/CFramesSHA, asked once), to the
/// portable Swift rounds below otherwise (docs/decisions.md). Every addition
/// wraps (`&+`), and every pointer access is bounded by a guard on the
/// counts or by a constant loop, so no input can trap.
public struct SHA256: Sendable {
    /// A 32-byte SHA-256 digest.
    public struct Digest: Sendable, Hashable, CustomStringConvertible {
        public let bytes: [UInt8]

        init(bytes: [UInt8]) { self.bytes = bytes }

        /// Lowercase hexadecimal, 64 characters.
        public var hex: String { hexString(bytes) }
        public var description: String { hex }

        /// The first 8 bytes as a big-endian integer (the bucketing value of AF-13).
        public var prefixUInt64BigEndian: UInt64 {
            var value: UInt64 = 0
            for byte in bytes.prefix(8) { value = (value << 8) | UInt64(byte) }
            return value
        }
    }

    private var state: InlineArray<8, UInt32> = [
        0x6a09_e667, 0xbb67_ae85, 0x3c6e_f372, 0xa54f_f53a,
        0x510e_527f, 0x9b05_688c, 0x1f83_d9ab, 0x5be0_cd19,
    ]
    /// The bytes of the block being filled: `blockCount` of them are valid.
    private var block = InlineArray<64, UInt8>(repeating: 0)
    private var blockCount = 0
    /// Total message length in bytes, modulo 2^64 (the length field is 64 bits of *bits*).
    private var length: UInt64 = 0
    /// Which rounds compress this hasher's blocks, fixed at creation.
    let compression: Compression

    /// The two implementations of the compression function: they give the
    /// same digests, and the tests compare them.
    enum Compression: Sendable {
        /// The portable Swift rounds of this file.
        case portable
        /// The CPU's SHA instructions (x86-64 SHA-NI, Sources/CFramesSHA).
        case cpu
    }

    /// Whether this CPU has the SHA instructions the C kernel uses; CPUID
    /// is asked once per process. False under valgrind, which hides them.
    static var cpuCompressionAvailable: Bool { cframes_sha256_cpu_available() != 0 }

    public init() { compression = Self.cpuCompressionAvailable ? .cpu : .portable }

    /// A hasher that uses `compression` when the CPU allows it, the portable
    /// rounds otherwise (`compression` says which it got).
    init(compression: Compression) {
        self.compression = compression == .cpu && Self.cpuCompressionAvailable ? .cpu : .portable
    }

    /// Feeds more message bytes.
    public mutating func update(_ bytes: some Sequence<UInt8>) {
        if let array = bytes as? [UInt8] {
            update(array.span)
            return
        }
        for byte in bytes { append(byte) }
    }

    /// Feeds contiguous bytes: whole blocks are compressed straight from the
    /// input, only the ends are copied into the block buffer.
    public mutating func update(_ bytes: Span<UInt8>) {
        let count = bytes.count
        length &+= UInt64(truncatingIfNeeded: count)
        var offset = 0
        if blockCount != 0 {
            offset = min(64 - blockCount, count)
            buffer(bytes, at: 0, count: offset)
            if blockCount < 64 { return }
            compressBuffered()
        }
        let blocks = (count - offset) / 64
        if blocks > 0 {
            Self.compress(&state, bytes, at: offset, blocks: blocks, with: compression)
            offset += blocks * 64
        }
        buffer(bytes, at: offset, count: count - offset)
    }

    /// Copies `count` bytes of `bytes` from `offset` behind the buffered
    /// ones, when they fit in the block.
    private mutating func buffer(_ bytes: Span<UInt8>, at offset: Int, count: Int) {
        let start = blockCount
        guard count > 0, offset >= 0, bytes.count - offset >= count, start >= 0, 64 - start >= count else { return }
        var destination = block.mutableSpan
        destination.withUnsafeMutableBytes { destination in
            bytes.withUnsafeBytes { source in
                (destination.baseAddress! + start).copyMemory(from: source.baseAddress! + offset, byteCount: count)
            }
        }
        blockCount = start + count
    }

    private mutating func append(_ byte: UInt8) {
        block[blockCount & 63] = byte
        blockCount += 1
        length &+= 1
        if blockCount == 64 { compressBuffered() }
    }

    /// Compresses the full block buffer and empties it.
    private mutating func compressBuffered() {
        Self.compress(&state, block.span, at: 0, blocks: 1, with: compression)
        blockCount = 0
    }

    /// Zeroes the block buffer from the buffered bytes up to `end`.
    private mutating func zeroBuffered(upTo end: Int) {
        let start = blockCount
        guard start >= 0, start < end, end <= 64 else { return }
        var destination = block.mutableSpan
        destination.withUnsafeMutableBytes { destination in
            _ = (destination.baseAddress! + start).initializeMemory(as: UInt8.self, repeating: 0, count: end - start)
        }
        blockCount = end
    }

    /// Feeds the UTF-8 bytes of a string.
    public mutating func update(utf8 string: String) { update(string.utf8) }

    /// Pads, processes the last block(s) and returns the digest. The value
    /// is consumed: finalizing a copy leaves the original usable.
    public consuming func finalize() -> Digest {
        let bitLength = length &* 8
        block[blockCount & 63] = 0x80
        blockCount += 1
        if blockCount > 56 {
            zeroBuffered(upTo: 64)
            compressBuffered()
        }
        zeroBuffered(upTo: 56)
        var tail = block.mutableSpan
        tail.withUnsafeMutableBytes { $0.storeBytes(of: bitLength.bigEndian, toByteOffset: 56, as: UInt64.self) }
        compressBuffered()
        var words = state
        for i in words.indices { words[i] = words[i].bigEndian }
        // reserveCapacity is specialized for UInt8; the initializers that
        // allocate uninitialized (repeating:count:,
        // unsafeUninitializedCapacity:) look up the array's generic
        // metadata on every call, ten times the cost.
        var digest: [UInt8] = []
        digest.reserveCapacity(32)
        words.span.withUnsafeBytes { digest.append(contentsOf: $0) }
        return Digest(bytes: digest)
    }

    /// One-shot digest of `bytes`.
    public static func hash(_ bytes: some Sequence<UInt8>) -> Digest {
        var hasher = SHA256()
        hasher.update(bytes)
        return hasher.finalize()
    }

    /// One-shot digest of `bytes` with `compression` when the CPU allows it.
    static func hash(_ bytes: some Sequence<UInt8>, compression: Compression) -> Digest {
        var hasher = SHA256(compression: compression)
        hasher.update(bytes)
        return hasher.finalize()
    }

    /// One-shot digest of the UTF-8 bytes of `string`.
    public static func hash(utf8 string: String) -> Digest { hash(string.utf8) }

    // MARK: - Compression (FIPS 180-4 §6.2.2)

    /// Compresses `blocks` whole blocks of `bytes` from `offset` into `state`
    /// with `compression`.
    private static func compress(_ state: inout InlineArray<8, UInt32>, _ bytes: Span<UInt8>, at offset: Int,
                                 blocks: Int, with compression: Compression) {
        guard offset >= 0, blocks > 0, (bytes.count - offset) / 64 >= blocks else { return }
        switch compression {
        case .cpu:
            var words = state.mutableSpan
            words.withUnsafeMutableBufferPointer { words in
                bytes.withUnsafeBufferPointer { input in
                    cframes_sha256_cpu_compress(words.baseAddress!, input.baseAddress! + offset, blocks)
                }
            }
        case .portable:
            for block in 0..<blocks { compress(&state, bytes, at: offset &+ block &* 64) }
        }
    }

    // MARK: Portable rounds

    private static let k: [UInt32] = [
        0x428a_2f98, 0x7137_4491, 0xb5c0_fbcf, 0xe9b5_dba5, 0x3956_c25b, 0x59f1_11f1, 0x923f_82a4, 0xab1c_5ed5,
        0xd807_aa98, 0x1283_5b01, 0x2431_85be, 0x550c_7dc3, 0x72be_5d74, 0x80de_b1fe, 0x9bdc_06a7, 0xc19b_f174,
        0xe49b_69c1, 0xefbe_4786, 0x0fc1_9dc6, 0x240c_a1cc, 0x2de9_2c6f, 0x4a74_84aa, 0x5cb0_a9dc, 0x76f9_88da,
        0x983e_5152, 0xa831_c66d, 0xb003_27c8, 0xbf59_7fc7, 0xc6e0_0bf3, 0xd5a7_9147, 0x06ca_6351, 0x1429_2967,
        0x27b7_0a85, 0x2e1b_2138, 0x4d2c_6dfc, 0x5338_0d13, 0x650a_7354, 0x766a_0abb, 0x81c2_c92e, 0x9272_2c85,
        0xa2bf_e8a1, 0xa81a_664b, 0xc24b_8b70, 0xc76c_51a3, 0xd192_e819, 0xd699_0624, 0xf40e_3585, 0x106a_a070,
        0x19a4_c116, 0x1e37_6c08, 0x2748_774c, 0x34b0_bcb5, 0x391c_0cb3, 0x4ed8_aa4a, 0x5b9c_ca4f, 0x682e_6ff3,
        0x748f_82ee, 0x78a5_636f, 0x84c8_7814, 0x8cc7_0208, 0x90be_fffa, 0xa450_6ceb, 0xbef9_a3f7, 0xc671_78f2,
    ]

    @inline(__always)
    private static func rotr(_ x: UInt32, _ n: UInt32) -> UInt32 { (x &>> n) | (x &<< (32 &- n)) }

    /// One round (FIPS 180-4 §6.2.2 step 3) with the working variables
    /// named by position: eight calls with the names rotated make eight
    /// rounds without moving a variable, and `kw` is K[t] + W[t].
    @inline(__always)
    private static func round(_ a: UInt32, _ b: UInt32, _ c: UInt32, _ d: inout UInt32,
                              _ e: UInt32, _ f: UInt32, _ g: UInt32, _ h: inout UInt32, _ kw: UInt32) {
        let t1 = h &+ (rotr(e, 6) ^ rotr(e, 11) ^ rotr(e, 25)) &+ (g ^ (e & (f ^ g))) &+ kw
        let t2 = (rotr(a, 2) ^ rotr(a, 13) ^ rotr(a, 22)) &+ ((a & b) | (c & (a | b)))
        d = d &+ t1
        h = t1 &+ t2
    }

    /// Processes the 64 bytes of `bytes` at `offset`. The message schedule
    /// lives on the stack (no allocation per block) and is read, with the
    /// constants, through pointers whose bounds the guard and the constant
    /// loops fix; the rounds are unrolled by eight. Content hashing (AF-14)
    /// was a third of a frame's load with checked subscripts and the
    /// variables moved every round.
    private static func compress(_ state: inout InlineArray<8, UInt32>, _ bytes: Span<UInt8>, at offset: Int) {
        guard offset >= 0, bytes.count - offset >= 64 else { return }
        var a = state[0], b = state[1], c = state[2], d = state[3]
        var e = state[4], f = state[5], g = state[6], h = state[7]
        bytes.withUnsafeBytes { input in
            let block = input.baseAddress! + offset
            k.withUnsafeBufferPointer { constants in
                let k = constants.baseAddress!
                withUnsafeTemporaryAllocation(of: UInt32.self, capacity: 64) { schedule in
                    let w = schedule.baseAddress!
                    for t in 0..<16 {
                        w[t] = UInt32(bigEndian: block.loadUnaligned(fromByteOffset: t &* 4, as: UInt32.self))
                    }
                    for t in 16..<64 {
                        let w15 = w[t &- 15], w2 = w[t &- 2]
                        let s0 = rotr(w15, 7) ^ rotr(w15, 18) ^ (w15 &>> 3)
                        let s1 = rotr(w2, 17) ^ rotr(w2, 19) ^ (w2 &>> 10)
                        w[t] = w[t &- 16] &+ s0 &+ w[t &- 7] &+ s1
                    }
                    var t = 0
                    while t < 64 {
                        round(a, b, c, &d, e, f, g, &h, k[t] &+ w[t])
                        round(h, a, b, &c, d, e, f, &g, k[t &+ 1] &+ w[t &+ 1])
                        round(g, h, a, &b, c, d, e, &f, k[t &+ 2] &+ w[t &+ 2])
                        round(f, g, h, &a, b, c, d, &e, k[t &+ 3] &+ w[t &+ 3])
                        round(e, f, g, &h, a, b, c, &d, k[t &+ 4] &+ w[t &+ 4])
                        round(d, e, f, &g, h, a, b, &c, k[t &+ 5] &+ w[t &+ 5])
                        round(c, d, e, &f, g, h, a, &b, k[t &+ 6] &+ w[t &+ 6])
                        round(b, c, d, &e, f, g, h, &a, k[t &+ 7] &+ w[t &+ 7])
                        t &+= 8
                    }
                }
            }
        }
        state[0] = state[0] &+ a; state[1] = state[1] &+ b
        state[2] = state[2] &+ c; state[3] = state[3] &+ d
        state[4] = state[4] &+ e; state[5] = state[5] &+ f
        state[6] = state[6] &+ g; state[7] = state[7] &+ h
    }
}

/// Lowercase hexadecimal of `bytes`.
func hexString(_ bytes: [UInt8]) -> String {
    var text: [UInt8] = []
    text.reserveCapacity(bytes.count * 2)
    for byte in bytes {
        text.append(hexDigit(byte >> 4))
        text.append(hexDigit(byte & 0x0f))
    }
    return String(decoding: text, as: UTF8.self)
}

/// The lowercase ASCII hex digit of a nibble.
@inline(__always)
func hexDigit(_ nibble: UInt8) -> UInt8 {
    nibble < 10 ? UInt8(ascii: "0") + nibble : UInt8(ascii: "a") + nibble - 10
}
