/// One analytics event, delivered to the host's single sink (XC-05). The app
/// never records analytics itself; the engine does, with every identifier the
/// event has.
public struct AnalyticsRecord: Equatable, Sendable {
    /// "<module>.<event>", e.g. "appFrames.impression".
    public var name: String
    public var time: Milliseconds
    public var sessionId: String
    public var userId: String?
    /// "appFrames", "banners", "inline", "messages".
    public var module: String
    public var placementId: String?
    public var campaignId: String?
    public var variantId: String?
    /// The frame or view the event happened in.
    public var viewId: String?
    /// Event-specific fields, in a fixed order per event.
    public var fields: [AnalyticsField]

    public init(name: String, time: Milliseconds, sessionId: String, userId: String?, module: String,
                placementId: String? = nil, campaignId: String? = nil, variantId: String? = nil,
                viewId: String? = nil, fields: [AnalyticsField] = []) {
        self.name = name
        self.time = time
        self.sessionId = sessionId
        self.userId = userId
        self.module = module
        self.placementId = placementId
        self.campaignId = campaignId
        self.variantId = variantId
        self.viewId = viewId
        self.fields = fields
    }
}

public struct AnalyticsField: Equatable, Sendable {
    public var key: String
    public var value: String

    public init(_ key: String, _ value: String) {
        self.key = key
        self.value = value
    }
}
