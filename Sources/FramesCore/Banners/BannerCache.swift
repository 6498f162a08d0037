// Decides: BN-14
/// What a request of banner places is for. Ids are exact keys: two place
/// ids that differ in their bytes are two places (XC-07).
enum BannerRequest: Hashable {
    /// A place's list, for its load `generation`.
    case list(place: UInt64, placeId: ExactKey, generation: Int)
    case content(place: UInt64, row: Int, generation: Int)
    /// A preload's list and its banners' contents (BN-14).
    case preloadList(preload: Int)
    case preloadContent(preload: Int, index: Int)
}

/// BN-14: a place id's list and the contents known for it, by banner index.
/// A preload fills every banner (successes and failures); a place that
/// loads a cached id adds the contents it fetches.
struct BannerCacheEntry {
    /// Which fill this is: a place adds contents only to the entry its own
    /// load started.
    let token: Int
    var list: BannerList
    var contents: [Int: Result<[UInt8], ContentError>] = [:]
}

/// A preload still fetching its list or its banners' contents.
struct PendingPreload {
    let placeId: ExactKey
    var list: BannerList?
    var contents: [Int: Result<[UInt8], ContentError>] = [:]
}
