/// One banner of a place as the backend lists it (BN-02, BN-07, BN-14).
public struct Banner: Sendable, Equatable {
    public let id: String
    /// Width / height; the place's geometry uses it (BN-04..BN-06).
    public let ratio: Double
    /// How long one play lasts (BN-09, BN-10).
    public let durationMs: Int64
    /// The banner's content document, checked against its SHA-256.
    public let content: ContentReference

    public init(id: String, ratio: Double, durationMs: Int64, content: ContentReference) {
        self.id = id
        self.ratio = ratio
        self.durationMs = durationMs
        self.content = content
    }
}

/// A banner the decoder left out, and why.
public struct DroppedBanner: Sendable, Equatable {
    public let index: Int
    public let bannerID: String?
    public let reason: String
}

/// The banner list of one place, in backend order, with the banners that
/// are not available already dropped (BN-02: before maxBannersCount).
public struct BannerList: Sendable, Equatable {
    public let banners: [Banner]
    public let dropped: [DroppedBanner]

    public init(banners: [Banner], dropped: [DroppedBanner] = []) {
        self.banners = banners
        self.dropped = dropped
    }
}
