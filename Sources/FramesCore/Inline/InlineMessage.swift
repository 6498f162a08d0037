/// What the engine tells the host about the campaign a callback concerns
/// (the seeds' InlineInAppMessageData): which campaign, where, and why.
public struct InlineMessage: Equatable, Sendable {
    public let placementKey: String
    public let campaignId: String
    /// The campaign's trigger mode (IL-01).
    public let trigger: InlineTrigger
    /// The event that triggers it, for event campaigns.
    public let eventName: String?
    /// Lower number = higher priority (IL-04).
    public let priority: Int
    /// The view's analytics id, "inline-<n>".
    public let viewId: String

    init(_ campaign: InlineCampaign, viewId: String) {
        placementKey = campaign.placementKey
        campaignId = campaign.id
        trigger = campaign.trigger
        eventName = campaign.eventName
        priority = campaign.priority
        self.viewId = viewId
    }

    public static func == (a: InlineMessage, b: InlineMessage) -> Bool {
        a.placementKey.isExactly(b.placementKey) && a.campaignId.isExactly(b.campaignId) && a.trigger == b.trigger
            && a.eventName.isExactly(b.eventName) && a.priority == b.priority && a.viewId.isExactly(b.viewId)
    }
}

/// What the host is asked to draw in a view: the campaign's checked content
/// and the per-message context the host's `contextRequired` gave (IL-07).
public struct InlineRenderRequest: Equatable, Sendable {
    public let message: InlineMessage
    /// The content document's template HTML (AF-14 checks passed).
    public let html: String
    public let assets: [LoadedAsset]
    /// A JSON object, "{}" when the host gave none.
    public let contextMap: String
}
