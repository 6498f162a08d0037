// Decides: AF-06
/// The eleven statuses of an App Frame (AF-06). Raw values are the
/// FRAMES_FRAME_STATUS_* constants of the C header.
public enum FrameStatus: Int32, Sendable, CaseIterable {
    case noPlacement = 0
    case disabled = 1
    case resolving = 2
    case downloading = 3
    case rendering = 4
    case ready = 5
    case unavailable = 6
    case dismissed = 7
    case errorResolving = 8
    case errorDownloading = 9
    case errorRendering = 10

    /// Resolving, downloading or rendering.
    public var isLoading: Bool {
        self == .resolving || self == .downloading || self == .rendering
    }

    /// One of the three error statuses: exactly while the frame has an error
    /// (AF-10).
    public var isError: Bool {
        self == .errorResolving || self == .errorDownloading || self == .errorRendering
    }

    /// The lowerCamelCase name (AF-06), e.g. "errorResolving".
    public var stringValue: String {
        switch self {
        case .noPlacement: return "noPlacement"
        case .disabled: return "disabled"
        case .resolving: return "resolving"
        case .downloading: return "downloading"
        case .rendering: return "rendering"
        case .ready: return "ready"
        case .unavailable: return "unavailable"
        case .dismissed: return "dismissed"
        case .errorResolving: return "errorResolving"
        case .errorDownloading: return "errorDownloading"
        case .errorRendering: return "errorRendering"
        }
    }
}
