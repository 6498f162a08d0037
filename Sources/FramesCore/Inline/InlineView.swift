// Decides: IL-10
/// A view for a placement key (IL-03, IL-06, IL-10): the host embeds it and
/// draws what the engine asks; the engine decides which campaign it shows.
/// It has no default size: the host reports its laid-out size and content is
/// pinned to all its edges.
public final class InlineView {
    /// Unique within its engine, never reused.
    public let id: UInt64
    public let placementKey: String
    /// Made by the engine for an event trigger and handed to the host's
    /// `available` (IL-02).
    public let createdByEngine: Bool
    public internal(set) var isAttached = false
    /// The laid-out size in dp, as the host reported it (IL-10).
    public internal(set) var width = 0.0
    public internal(set) var height = 0.0
    public internal(set) var status = InlineViewStatus.idle
    /// The host owns the delegate; when it goes away callbacks stop.
    #if hasFeature(Embedded)
    // Strong in the Embedded build, which has no weak references: its only
    // host there is the C layer's bridge, which holds nothing that holds
    // this object (docs/decisions.md, "Embedded Swift").
    public var delegate: InlineViewDelegate?
    #else
    public weak var delegate: InlineViewDelegate?
    #endif
    /// Opaque to the engine: what a binding needs to find its own object.
    public var hostHandle: UInt64 = 0

    /// The campaign it shows or is working on (processing, rendering, shown).
    var campaign: InlineCampaign?
    /// Whether any content was ever shown: `loaded` the first time, `updated` after.
    var hasLoaded = false
    /// Bumped whenever the campaign changes, so late reports and renders are
    /// recognised as stale.
    var token: UInt64 = 0
    var renderTimer: TimerID?
    /// A trigger waiting for the campaigns to arrive.
    var waiting: InlineTrigger?
    /// Its content closed itself (`close()`, `closeAndTrigger`, IL-09) and
    /// the host was asked to remove it: no trigger offers it anything until
    /// the host attaches it again or calls render() — whether the host
    /// detached the view in `remove`, released it, or kept it (IL-02).
    var closedByContent = false

    /// Attached and not closed by its content: where triggers may show a campaign.
    var takesCampaigns: Bool { isAttached && !closedByContent }

    init(id: UInt64, placementKey: String, createdByEngine: Bool) {
        self.id = id
        self.placementKey = placementKey
        self.createdByEngine = createdByEngine
    }

    /// The analytics view id (XC-05).
    public var viewId: String { "inline-\(id)" }

    public var campaignId: String? { campaign?.id }

    var message: InlineMessage? { campaign.map { InlineMessage($0, viewId: viewId) } }
}

/// Where a view is with its content (IL-06). Values are the header's.
public enum InlineViewStatus: Int32, Sendable, CaseIterable {
    /// No content.
    case idle = 0
    /// A campaign was chosen; its content is being downloaded.
    case processing = 1
    /// The host was asked to draw it.
    case rendering = 2
    /// The host reported it on screen.
    case shown = 3
    /// The content could not be downloaded or drawn.
    case failed = 4

    public var name: String {
        switch self {
        case .idle: return "idle"
        case .processing: return "processing"
        case .rendering: return "rendering"
        case .shown: return "shown"
        case .failed: return "failed"
        }
    }
}
