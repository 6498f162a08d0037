/// Monotonic time in milliseconds, always given by the host (XC-01): the
/// engine never reads a clock, so a test's virtual clock drives it exactly.
public typealias Milliseconds = Int64
