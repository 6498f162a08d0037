import CFramesLibc

/// The per-process key that turns the registry's counter into handle values
/// (XC-07). Not a secret against an attacker in the process — it is there so
/// that a stale, made-up or off-by-one value is refused, not taken for a
/// live object of the same kind.
enum HandleKey {
    private static let key: (UInt64, UInt64) = {
        var words: (UInt64, UInt64) = (0, 0)
        let filled = withUnsafeMutableBytes(of: &words) { buffer -> Bool in
            // getrandom, not open("/dev/urandom"): no file descriptor, works
            // in a chroot, and open is variadic (not callable from Embedded
            // Swift).
            getrandom(buffer.baseAddress, buffer.count, 0) == buffer.count
        }
        if !filled {
            // No entropy yet (early boot) or an old kernel: the clocks and the
            // process id still differ from run to run.
            var wall = timespec()
            var mono = timespec()
            clock_gettime(CLOCK_REALTIME, &wall)
            clock_gettime(CLOCK_MONOTONIC, &mono)
            words.0 = UInt64(truncatingIfNeeded: wall.tv_nsec) &* 0x9E37_79B9_7F4A_7C15 ^ UInt64(truncatingIfNeeded: getpid())
            words.1 = UInt64(truncatingIfNeeded: mono.tv_nsec) &+ UInt64(truncatingIfNeeded: wall.tv_sec) << 20
        }
        return words
    }()

    /// A bijection of UInt64 keyed by the process's random words: distinct
    /// counters give distinct handles, and neighbouring counters give
    /// unrelated ones. Every step (add, xor-shift, multiply by an odd
    /// constant, xor) is invertible.
    static func permute(_ counter: UInt64) -> UInt64 {
        var z = counter &+ key.0
        z = (z ^ (z >> 30)) &* 0xBF58_476D_1CE4_E5B9
        z = (z ^ (z >> 27)) &* 0x94D0_49BB_1331_11EB
        z ^= z >> 31
        return z ^ key.1
    }
}
