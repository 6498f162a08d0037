/// Rounds to the nearest integer, halves away from zero (SPEC "rounded"),
/// exactly for every double.
///
/// Written out instead of `.rounded()` because that is a libm call at the
/// default x86-64 target and this sits in the per-banner loop
/// performance notes). NaN and infinities pass through unchanged.
@inline(__always)
func roundHalfAwayFromZero(_ x: Double) -> Double {
    // From 2^52 on every double is an integer; the guard also lets NaN through
    // untouched, which keeps the Int64 conversion below from trapping.
    guard x.magnitude < 4_503_599_627_370_496.0 else { return x }
    let truncated = Double(Int64(x))
    let fraction = x - truncated  // exact: both share the same binade or less
    if fraction >= 0.5 { return truncated + 1 }
    if fraction <= -0.5 { return truncated - 1 }
    return truncated
}
