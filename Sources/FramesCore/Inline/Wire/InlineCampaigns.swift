/// The inline campaigns document (IL-01, IL-04, IL-05, XC-04, XC-09): every
/// inline campaign the current user may see, with its placement key, trigger,
/// priority, capping, validity window and content. See docs/wire-format.md §7
/// and `InlineCampaignsDocument.decode`.

/// When a campaign's content is requested for a view (IL-01).
public enum InlineTrigger: Int32, Sendable, CaseIterable {
    /// As soon as a view for its placement key is attached.
    case automatic = 0
    /// Only when the host calls `render()` on a view.
    case onDemand = 1
    /// When the host tracks the campaign's event (IL-02).
    case event = 2

    /// The wire spelling: "automatic", "on_demand", "event".
    public var wireName: String {
        switch self {
        case .automatic: return "automatic"
        case .onDemand: return "on_demand"
        case .event: return "event"
        }
    }

    public init?(wireName: String) {
        switch wireName {
        case "automatic": self = .automatic
        case "on_demand": self = .onDemand
        case "event": self = .event
        default: return nil
        }
    }
}

/// A campaign's display limit (IL-05): at most `maxDisplays` displays per
/// user within any `periodMs`; a nil period counts every display ever.
public struct InlineCapping: Sendable, Equatable {
    public let maxDisplays: Int
    public let periodMs: Int64?

    public init(maxDisplays: Int, periodMs: Int64?) {
        self.maxDisplays = maxDisplays
        self.periodMs = periodMs
    }
}

/// A class, not a struct: the triggers pass campaigns around on the hot
/// path, and one retain is cheaper than copying five strings.
public final class InlineCampaign: Sendable, Equatable {
    public let id: String
    public let placementKey: String
    public let trigger: InlineTrigger
    /// The event that triggers it; set exactly when `trigger` is `.event`.
    public let eventName: String?
    /// Lower number = higher priority (IL-04).
    public let priority: Int
    public let capping: InlineCapping?
    /// The validity window, wall-clock ms since the Unix epoch; either end
    /// may be open.
    public let startsAt: Int64?
    public let endsAt: Int64?
    /// The oldest engine that may show it (XC-09); nil = any.
    public let minEngineVersion: SemanticVersion?
    /// The content document and the SHA-256 it must have (AF-14 rules).
    public let content: ContentReference
    /// Position in the document: breaks ties between equal priorities.
    public let index: Int

    public init(id: String, placementKey: String, trigger: InlineTrigger, eventName: String? = nil, priority: Int,
                capping: InlineCapping? = nil, startsAt: Int64? = nil, endsAt: Int64? = nil,
                minEngineVersion: SemanticVersion? = nil, content: ContentReference, index: Int) {
        self.id = id
        self.placementKey = placementKey
        self.trigger = trigger
        self.eventName = eventName
        self.priority = priority
        self.capping = capping
        self.startsAt = startsAt
        self.endsAt = endsAt
        self.minEngineVersion = minEngineVersion
        self.content = content
        self.index = index
    }

    /// Ids, keys and names compare by their exact bytes (XC-07).
    public static func == (a: InlineCampaign, b: InlineCampaign) -> Bool {
        a.id.isExactly(b.id) && a.placementKey.isExactly(b.placementKey) && a.trigger == b.trigger
            && a.eventName.isExactly(b.eventName) && a.priority == b.priority && a.capping == b.capping
            && a.startsAt == b.startsAt && a.endsAt == b.endsAt && a.minEngineVersion == b.minEngineVersion
            && a.content == b.content && a.index == b.index
    }

    /// Orders by priority, then by position in the document (IL-04).
    func precedes(_ other: InlineCampaign) -> Bool {
        (priority, index) < (other.priority, other.index)
    }
}

/// A decoded inline campaigns document.
public struct InlineCampaignsDocument: Sendable, Equatable {
    /// In document order.
    public let campaigns: [InlineCampaign]
    /// XC-04: the remote "SDK disabled" flag (absent → false).
    public let sdkDisabled: Bool
    /// The server's wall clock when it answered (ms since the Unix epoch):
    /// what validity windows are measured against. Required when a campaign
    /// has a window.
    public let serverTime: Int64?

    public init(campaigns: [InlineCampaign], sdkDisabled: Bool, serverTime: Int64?) {
        self.campaigns = campaigns
        self.sdkDisabled = sdkDisabled
        self.serverTime = serverTime
    }
}
