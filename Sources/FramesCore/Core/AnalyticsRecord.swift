// Decides: XC-05
/// One analytics event, delivered to the host's single sink (XC-05). The app
/// never records analytics itself; the modules do, with every identifier the
/// event has.
///
/// Constants (`let`): a struct of `var`s made by an initializer was built
/// and then copied whole — a dozen strings retained and released again —
/// every time a record was made.
public struct AnalyticsRecord: Equatable, Sendable {
    /// "<module>.<event>", e.g. "appFrames.impression", or the seed's own
    /// name where it gives one, e.g. "inApp.show" (docs/decisions.md lists
    /// them all).
    public let name: String
    public let time: Milliseconds
    public let sessionId: String
    public let userId: String?
    /// The module that recorded it.
    public let module: String
    /// The id of the slot the module showed the content in.
    public let location: String?
    public let campaignId: String?
    public let variantId: String?
    /// The view the event happened in.
    public let viewId: String?
    /// Event-specific fields, in a fixed order per event.
    public let fields: [AnalyticsField]

    public init(name: String, time: Milliseconds, sessionId: String, userId: String?, module: String,
                location: String? = nil, campaignId: String? = nil, variantId: String? = nil,
                viewId: String? = nil, fields: [AnalyticsField] = []) {
        self.name = name
        self.time = time
        self.sessionId = sessionId
        self.userId = userId
        self.module = module
        self.location = location
        self.campaignId = campaignId
        self.variantId = variantId
        self.viewId = viewId
        self.fields = fields
    }

    /// The value of field `key`, if the record has it.
    public func field(_ key: String) -> String? {
        fields.first { $0.key == key }?.value
    }
}

public struct AnalyticsField: Equatable, Sendable {
    public let key: String
    public let value: String

    public init(_ key: String, _ value: String) {
        self.key = key
        self.value = value
    }
}
