/// The part of a banner place the user can see, in the place's content
/// coordinates (those of `BannerLayout`): for a vertical list its own scroll
/// offset and visible size, for tiles the visible part of the grid inside
/// the host's scroll container (BN-10, BN-12). A rectangle like any other.
public typealias Viewport = Rect

extension Rect {
    /// A viewport must be finite with sizes >= 0.
    public func checked() throws(FramesError) -> Rect {
        guard x.isFinite, y.isFinite, width.isFinite, height.isFinite, width >= 0, height >= 0 else {
            throw .invalidArgument("viewport is (\(x), \(y), \(width) x \(height)); coordinates must be finite and sizes >= 0")
        }
        return self
    }
}
