/// What banner places ask of the host besides the analytics sink.
public protocol BannerPlacesHost: AnyObject {
    /// BN-14, BN-15: a preload finished: the banners now cached and the
    /// banners whose content failed (by index), or why the list failed.
    func preloaded(_ placeId: String, result: Result<PreloadedBanners, ContentError>)
}

/// A finished preload (BN-14): the list and what became of each banner's
/// content. A place created for the id afterwards shows these at once.
public struct PreloadedBanners: Equatable, Sendable {
    public let banners: [Banner]
    /// Banners whose content could not be loaded, by index in `banners`.
    public let failures: [(index: Int, error: ContentError)]

    public static func == (a: PreloadedBanners, b: PreloadedBanners) -> Bool {
        a.banners == b.banners && a.failures.elementsEqual(b.failures) { $0.index == $1.index && $0.error == $1.error }
    }
}

/// How banner places are set up (BN-14).
public struct BannerPlacesOptions: Equatable, Sendable {
    /// Where banner lists come from: POST with a JSON body.
    public var bannersURL = "https://frames.invalid/v1/banners"

    public init() {}
}
