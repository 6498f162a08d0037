// Decides: IM-07
/// Everything the host's presenter needs to draw a message (IM-05, IM-07):
/// the content with each text's font already resolved, and the ids to
/// report back with.
public struct PresentedMessage: Sendable, Equatable {
    public let id: String
    public let campaignId: String?
    public let variantId: String?
    /// The backend's send time, wall-clock ms.
    public let sentAt: Int64
    /// The host's monotonic time of arrival.
    public let arrivedAt: Milliseconds
    /// The analytics view id of this presentation, e.g. "message-3".
    public let viewId: String
    public let backgroundColor: MessageColor
    public let image: MessageImage?
    public let title: PresentedText?
    public let body: PresentedText?
    public let buttons: [PresentedButton]
}

public struct PresentedText: Sendable, Equatable {
    public let text: String
    public let color: MessageColor
    /// The panel's font name; nil when it set none.
    public let fontName: String?
    public let fontSize: Double
    /// What to draw it with (IM-07).
    public let font: MessageFont
}

public struct PresentedButton: Sendable, Equatable {
    public let label: PresentedText
    public let url: String?
    public let backgroundColor: MessageColor
}

/// The font a text is drawn with (IM-07): the system font — no resolver, no
/// font name, or the resolver had no answer — or the host's own font.
public enum MessageFont: Sendable, Hashable {
    case system
    case resolved(HostFont)
}

/// Whatever the host's font resolver answered, opaque to the engine: a
/// pointer to a font object, a key into the host's table. Never 0.
public struct HostFont: Sendable, Hashable {
    public let token: UInt

    public init?(token: UInt) {
        guard token != 0 else { return nil }
        self.token = token
    }
}
