// Decides: AF-18
/// How a frame's height is decided (AF-18).
public enum HeightMode: Int32, Sendable, CaseIterable {
    /// The template's reported height while ready, 0 otherwise: an empty
    /// frame collapses. The default.
    case intrinsic = 0
    /// The host pinned the height; the engine never changes it.
    case fixed = 1
}
