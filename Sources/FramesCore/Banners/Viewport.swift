/// The part of a banner place the user can see, in the place's content
/// coordinates (those of `BannerLayout`): for a vertical list its own scroll
/// offset and visible size, for tiles the visible part of the grid inside
/// the host's scroll container (BN-10, BN-12).
public struct Viewport: Equatable, Sendable {
    public var x: Double
    public var y: Double
    public var width: Double
    public var height: Double

    public init(x: Double, y: Double, width: Double, height: Double) {
        self.x = x
        self.y = y
        self.width = width
        self.height = height
    }

    public func checked() throws(FramesError) -> Viewport {
        guard x.isFinite, y.isFinite, width.isFinite, height.isFinite, width >= 0, height >= 0 else {
            throw .invalidArgument("viewport is (\(x), \(y), \(width) x \(height)); coordinates must be finite and sizes >= 0")
        }
        return self
    }
}
