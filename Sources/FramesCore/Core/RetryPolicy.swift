// Decides: XC-06
/// Capped exponential backoff with jitter and Retry-After (XC-06).
///
/// Attempt n (1-based) failed transiently → the next attempt starts after
/// `min(maxDelay, baseDelay · factor^(n−1))` scaled by a jitter factor drawn
/// uniformly from [1 − jitter, 1 + jitter), rounded to whole milliseconds. A
/// Retry-After from the server replaces the computed delay (capped at
/// `maxRetryAfter`). After `maxAttempts` attempts the failure is final.
public struct RetryPolicy: Equatable, Sendable {
    /// Total attempts, the first included. 1 disables retries.
    public var maxAttempts: Int = 4
    public var baseDelay: Milliseconds = 1_000
    public var factor: Double = 2
    public var maxDelay: Milliseconds = 30_000
    /// Fraction of the delay that is random, in [0, 1].
    public var jitter: Double = 0.2
    /// Longest Retry-After honoured; a longer one is cut to this.
    public var maxRetryAfter: Milliseconds = 300_000

    public init() {}

    public func validated() throws(FramesError) -> RetryPolicy {
        guard maxAttempts >= 1, maxAttempts <= 100 else {
            throw .invalidArgument("retry max_attempts is \(maxAttempts); it must be 1...100")
        }
        guard baseDelay >= 0, maxDelay >= baseDelay, maxRetryAfter >= 0 else {
            throw .invalidArgument("retry delays are base \(baseDelay) ms, cap \(maxDelay) ms, Retry-After cap "
                + "\(maxRetryAfter) ms; they must be >= 0 with the cap >= the base")
        }
        guard factor.isFinite, factor >= 1, factor <= 100 else {
            throw .invalidArgument("retry factor is \(factor); it must be a finite number in 1...100")
        }
        guard jitter.isFinite, jitter >= 0, jitter <= 1 else {
            throw .invalidArgument("retry jitter is \(jitter); it must be in 0...1")
        }
        return self
    }

    /// The wait before attempt `failedAttempt + 1`, or nil when no attempt is
    /// left.
    public func delay(afterAttempt failedAttempt: Int, retryAfter: Milliseconds?,
                      random: inout SplitMix64) -> Milliseconds? {
        guard failedAttempt < maxAttempts else { return nil }
        if let retryAfter {
            return min(max(0, retryAfter), maxRetryAfter)
        }
        var exponential = Double(baseDelay)
        for _ in 1..<max(1, failedAttempt) {
            exponential *= factor
            if exponential >= Double(maxDelay) { break }
        }
        let capped = min(exponential, Double(maxDelay))
        let scale = 1 - jitter + 2 * jitter * random.nextUnit()
        let jittered = (capped * scale).rounded()
        // Bounded by 2 · maxDelay, which is an Int64 already.
        return Milliseconds(min(jittered, 2 * Double(maxDelay)))
    }
}
