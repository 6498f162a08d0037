/// The placements response model (AF-12, AF-13, XC-04, XC-09). See
/// docs/wire-format.md for the wire shape and `PlacementsResponse.decode`.

/// Campaign priority (AF-13): high > medium > low.
public enum CampaignPriority: Int, Sendable, Comparable, CaseIterable {
    case low = 0
    case medium = 1
    case high = 2

    /// The wire spelling: "high", "medium", "low" (lowercase, exact).
    public var wireName: String {
        switch self {
        case .low: return "low"
        case .medium: return "medium"
        case .high: return "high"
        }
    }

    public init?(wireName: String) {
        switch wireName {
        case "high": self = .high
        case "medium": self = .medium
        case "low": self = .low
        default: return nil
        }
    }

    public static func < (lhs: CampaignPriority, rhs: CampaignPriority) -> Bool { lhs.rawValue < rhs.rawValue }
}

public struct Variant: Sendable, Equatable {
    public let id: String
    /// 1 ... 10,000.
    public let weight: Int
    public let content: ContentReference

    public init(id: String, weight: Int, content: ContentReference) {
        self.id = id
        self.weight = weight
        self.content = content
    }
}

public struct Campaign: Sendable, Equatable {
    public static let maxVariants = 8
    public static let maxWeight = 10_000

    public let id: String
    public let priority: CampaignPriority
    /// Creation time, milliseconds since the Unix epoch (>= 0).
    public let createdAt: Int64
    /// The oldest engine that may show it (XC-09); nil = any.
    public let minEngineVersion: SemanticVersion?
    /// 1 ... 8 variants, in listed order (the bucketing walk order).
    public let variants: [Variant]

    public init(id: String, priority: CampaignPriority, createdAt: Int64,
                minEngineVersion: SemanticVersion? = nil, variants: [Variant]) {
        self.id = id
        self.priority = priority
        self.createdAt = createdAt
        self.minEngineVersion = minEngineVersion
        self.variants = variants
    }

    /// Sum of the positive variant weights. Decoded campaigns have at most
    /// 8 × 10,000; for hand-built ones the sum saturates at Int.max instead of
    /// trapping.
    public var totalWeight: Int {
        var total = 0
        for variant in variants where variant.weight > 0 {
            let (sum, overflow) = total.addingReportingOverflow(variant.weight)
            if overflow { return Int.max }
            total = sum
        }
        return total
    }
}

/// One placement's campaigns, in response order.
public struct Placement: Sendable, Equatable {
    public let id: String
    public let campaigns: [Campaign]

    public init(id: String, campaigns: [Campaign]) {
        self.id = id
        self.campaigns = campaigns
    }
}

/// A campaign the decoder left out, and why (forward-compatible decoding).
public struct DroppedCampaign: Sendable, Equatable {
    public let placementID: String
    /// Position in the placement's `campaigns` array.
    public let index: Int
    /// The campaign's id when it had a readable one.
    public let campaignID: String?
    public let reason: String

    public init(placementID: String, index: Int, campaignID: String?, reason: String) {
        self.placementID = placementID
        self.index = index
        self.campaignID = campaignID
        self.reason = reason
    }
}

/// A decoded placements response (AF-12).
public struct PlacementsResponse: Sendable, Equatable {
    /// Placements in response order.
    public let placements: [Placement]
    /// XC-04: the remote "SDK disabled" flag (absent → false).
    public let sdkDisabled: Bool
    /// Campaigns left out for a bad field, with the reason.
    public let dropped: [DroppedCampaign]

    public init(placements: [Placement], sdkDisabled: Bool, dropped: [DroppedCampaign] = []) {
        self.placements = placements
        self.sdkDisabled = sdkDisabled
        self.dropped = dropped
    }

    public func placement(_ id: String) -> Placement? {
        placements.first { $0.id.isExactly(id) }
    }
}
