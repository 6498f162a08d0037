/// A rectangle in points; y grows downwards, the origin is the top-left
/// corner of the place's content. Stored as four doubles in this order so it
/// has the layout of the C header's `frames_rect` (checked by the shims).
public struct Rect: Equatable, Sendable {
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

    public static let zero = Rect(x: 0, y: 0, width: 0, height: 0)
}

/// A point in points, e.g. a scroll offset.
public struct Point: Equatable, Sendable {
    public var x: Double
    public var y: Double

    public init(x: Double, y: Double) {
        self.x = x
        self.y = y
    }
}
