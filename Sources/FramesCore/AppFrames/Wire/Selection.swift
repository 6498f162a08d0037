// Decides: AF-08, AF-13
/// AF-13 selection as pure functions, with XC-09's version filter.
///
/// 1. Drop campaigns whose `min_engine_version` is newer than the engine.
/// 2. Order the rest: priority (high first), then `created_at` (newest
///    first), then id (lowest first, by UTF-8 bytes). Consider the first 10.
/// 3. The winner is the first considered campaign.
/// 4. Its variant is chosen by weighted bucketing: SHA-256 of
///    UTF-8(bucketing id) ‖ 0x00 ‖ UTF-8(campaign id); the first 8 bytes as a
///    big-endian UInt64, mod the total weight, give the bucket; walk the
///    variants in listed order and pick the first whose running weight sum
///    exceeds the bucket.
public enum Selection {
    /// AF-13: at most this many active campaigns are considered per placement.
    public static let maxConsideredCampaigns = 10

    /// The chosen campaign and variant of a placement.
    public struct Choice: Sendable, Equatable {
        public let campaign: Campaign
        public let variant: Variant
    }

    /// XC-09: true if the campaign may be shown by an engine of `engineVersion`.
    public static func isSupported(_ campaign: Campaign, by engineVersion: SemanticVersion) -> Bool {
        guard let needed = campaign.minEngineVersion else { return true }
        return needed <= engineVersion
    }

    /// The AF-13 total order: true if `a` ranks before `b`.
    public static func ranksBefore(_ a: Campaign, _ b: Campaign) -> Bool {
        if a.priority != b.priority { return a.priority > b.priority }
        if a.createdAt != b.createdAt { return a.createdAt > b.createdAt }
        return a.id.utf8.lexicographicallyPrecedes(b.id.utf8)
    }

    /// Steps 1–2: the supported campaigns in rank order, at most 10.
    public static func consideredCampaigns(_ campaigns: [Campaign], engineVersion: SemanticVersion) -> [Campaign] {
        let supported = campaigns.filter { isSupported($0, by: engineVersion) }
        return Array(supported.sorted(by: ranksBefore).prefix(maxConsideredCampaigns))
    }

    /// Step 3: the winning campaign, or nil when none is available (AF-08: unavailable).
    public static func winner(_ campaigns: [Campaign], engineVersion: SemanticVersion) -> Campaign? {
        consideredCampaigns(campaigns, engineVersion: engineVersion).first
    }

    /// The bucketing value: first 8 bytes (big-endian) of
    /// SHA-256(UTF-8(bucketingID) ‖ 0x00 ‖ UTF-8(campaignID)).
    public static func bucketHash(bucketingID: String, campaignID: String) -> UInt64 {
        var hasher = SHA256()
        hasher.update(bucketingID.utf8)
        hasher.update(CollectionOfOne(UInt8(0)))
        hasher.update(campaignID.utf8)
        return hasher.finalize().prefixUInt64BigEndian
    }

    /// Step 4: the variant for this bucketing id (user id, or device id when logged out).
    /// Nil only for a campaign without variants or with a non-positive total
    /// weight, which the decoder never produces.
    public static func variant(of campaign: Campaign, bucketingID: String) -> Variant? {
        let total = campaign.totalWeight
        guard total > 0 else { return nil }
        // Every bucket of a lone variant falls in it: no hash to compute.
        if campaign.variants.count == 1 { return campaign.variants[0] }
        let bucket = bucketHash(bucketingID: bucketingID, campaignID: campaign.id) % UInt64(total)
        var running: UInt64 = 0
        for variant in campaign.variants where variant.weight > 0 {
            let (sum, overflow) = running.addingReportingOverflow(UInt64(variant.weight))
            if overflow || bucket < sum { return variant }
            running = sum
        }
        return nil
    }

    /// Steps 1–4 for one placement; nil → the frame is `unavailable` (AF-08).
    public static func choose(from placement: Placement, bucketingID: String,
                              engineVersion: SemanticVersion = .engine) -> Choice? {
        guard let campaign = winner(placement.campaigns, engineVersion: engineVersion),
              let variant = variant(of: campaign, bucketingID: bucketingID) else { return nil }
        return Choice(campaign: campaign, variant: variant)
    }
}
