/// A modal in-app message as a silent push carries it (IM-01..IM-07; the
/// wire shape is in docs/wire-format.md §10): which message it is, when the
/// backend sent it, whom it is for, and its content — in the push itself,
/// or referenced by URL and SHA-256 for the engine to fetch (AF-14's
/// integrity rules).
public struct ModalMessage: Sendable, Equatable {
    /// Unique per message send: what the shown-once ledger keys (IM-03).
    public let id: String
    /// When the backend sent it, wall-clock ms since the Unix epoch: orders
    /// "newest" (IM-03, IM-04).
    public let sentAt: Int64
    public let campaignId: String?
    public let variantId: String?
    /// Set when the message is for one user only: never shown while another
    /// user (or nobody) is logged in.
    public let userId: String?
    public let source: MessageSource

    public init(id: String, sentAt: Int64, campaignId: String? = nil, variantId: String? = nil,
                userId: String? = nil, source: MessageSource) {
        self.id = id
        self.sentAt = sentAt
        self.campaignId = campaignId
        self.variantId = variantId
        self.userId = userId
        self.source = source
    }
}

/// Where a message's content is.
public enum MessageSource: Sendable, Equatable {
    /// In the push.
    case inline(MessageContent)
    /// A content document to fetch and check (SHA-256, origin, size).
    case reference(ContentReference)
}

/// What the host's presenter draws (IM-05, IM-07): texts with their colours
/// and panel fonts, an image reference, buttons with their links. A class
/// of constants: a message is copied from the notifying thread's reader to
/// the inbox and on to the presenter, and one reference travels cheaper
/// than a dozen strings.
public final class MessageContent: Sendable, Equatable {
    public let backgroundColor: MessageColor
    public let image: MessageImage?
    public let title: MessageText?
    public let body: MessageText?
    /// In panel order, 0...MessageLimits.maxButtons.
    public let buttons: [MessageButton]

    public init(backgroundColor: MessageColor = .defaultBackground, image: MessageImage? = nil,
                title: MessageText? = nil, body: MessageText? = nil, buttons: [MessageButton] = []) {
        self.backgroundColor = backgroundColor
        self.image = image
        self.title = title
        self.body = body
        self.buttons = buttons
    }

    public static func == (a: MessageContent, b: MessageContent) -> Bool {
        a === b || (a.backgroundColor == b.backgroundColor && a.image == b.image && a.title == b.title
            && a.body == b.body && a.buttons == b.buttons)
    }
}

/// A colour as 0xRRGGBBAA: one integer a host turns into its own colour
/// type without parsing text.
public struct MessageColor: Sendable, Hashable, CustomStringConvertible {
    public let rgba: UInt32

    public init(rgba: UInt32) {
        self.rgba = rgba
    }

    public static let defaultBackground = MessageColor(rgba: 0xFFFF_FFFF)
    public static let defaultTitle = MessageColor(rgba: 0x1111_11FF)
    public static let defaultBody = MessageColor(rgba: 0x3333_33FF)
    public static let defaultButton = MessageColor(rgba: 0x007A_FFFF)
    public static let defaultButtonLabel = MessageColor(rgba: 0xFFFF_FFFF)

    /// "#RRGGBBAA", upper case.
    public var description: String {
        let digits = String(rgba, radix: 16, uppercase: true)
        return "#" + String(repeating: "0", count: max(0, 8 - digits.utf8.count)) + digits
    }
}

/// A text of the message and how the panel styled it.
public struct MessageText: Sendable, Equatable {
    public let text: String
    public let color: MessageColor
    public let font: MessageFontSpec

    public init(text: String, color: MessageColor, font: MessageFontSpec) {
        self.text = text
        self.color = color
        self.font = font
    }
}

/// The panel's font for a text (IM-07): a name the host's font resolver is
/// asked about, and a size in points.
public struct MessageFontSpec: Sendable, Equatable {
    /// Nil: the panel set none; the system font is used without asking.
    public let name: String?
    public let size: Double

    public init(name: String?, size: Double) {
        self.name = name
        self.size = size
    }

    /// Sizes when the panel set none (the mobile SDKs' system defaults).
    public static let defaultTitleSize = 20.0
    public static let defaultBodySize = 16.0
    public static let defaultButtonSize = 17.0
}

/// A button (IM-06): a tap records a click and closes the message; a link
/// goes through the click chain.
public struct MessageButton: Sendable, Equatable {
    public let label: MessageText
    /// Nil: the button only closes the message.
    public let url: String?
    public let backgroundColor: MessageColor

    public init(label: MessageText, url: String?, backgroundColor: MessageColor) {
        self.label = label
        self.url = url
        self.backgroundColor = backgroundColor
    }
}

/// An image the host loads itself (its origin passed AF-14's https rule).
public struct MessageImage: Sendable, Equatable {
    public let url: String
    /// Text for accessibility; nil when the panel gave none.
    public let alt: String?

    public init(url: String, alt: String?) {
        self.url = url
        self.alt = alt
    }
}
