/// Monotonic time in milliseconds, always given by the host (XC-01): the
/// engine never reads a clock, so a test's virtual clock drives it exactly.
public typealias Milliseconds = Int64

extension Milliseconds {
    /// `self + delta`, saturating instead of trapping: deadlines computed
    /// from host times and options must never overflow (XC-07).
    func addingClamped(_ delta: Milliseconds) -> Milliseconds {
        let sum = addingReportingOverflow(delta)
        return sum.overflow ? (delta > 0 ? .max : .min) : sum.partialValue
    }
}

extension Array {
    /// The element at `index`, or nil when the index is outside the array.
    subscript(safe index: Int) -> Element? {
        indices.contains(index) ? self[index] : nil
    }
}
