// Decides: BN-01
/// How a banner place arranges its banners (BN-01). Raw values are the
/// FRAMES_LAYOUT_* constants of the C header.
public enum LayoutType: Int32, Sendable, CaseIterable {
    /// Horizontal pages, one banner each; the default.
    case carousel = 0
    /// One column in the place's own vertical scroll viewport.
    case verticalList = 1
    /// A two-column grid at full content height in the host's scroll view.
    case tiles = 2

    /// The lowerCamelCase name used in messages and JSON.
    public var name: String {
        switch self {
        case .carousel: return "carousel"
        case .verticalList: return "verticalList"
        case .tiles: return "tiles"
        }
    }
}
