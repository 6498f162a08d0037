/// What a banner place tells its host (BN-08..BN-17). Every method runs
/// synchronously on the owner thread after the state change (XC-03).
public protocol BannerPlaceDelegate: AnyObject {
    /// BN-15: on every list update: content or not, the banners laid out and
    /// the height the place reports (BN-04..BN-06).
    func place(_ place: BannerPlace, didUpdate isContent: Bool, count: Int, listHeight: Double)
    /// BN-15: the list loaded (every load and refresh).
    func place(_ place: BannerPlace, bannersLoaded placeId: String)
    /// Draw banner `index` with its checked content (BN-16: rows are ready
    /// independently).
    func place(_ place: BannerPlace, render index: Int, banner: Banner, content: [UInt8])
    /// BN-16: the row's content failed; it keeps its space and can be retried.
    func place(_ place: BannerPlace, rowFailed index: Int, error: ContentError)
    /// BN-15: banner `index` is displayed (first play in this load, BN-13).
    func place(_ place: BannerPlace, show index: Int, banner: Banner)
    /// BN-09, BN-10: start (`fromStart`: from the beginning, else resume) or
    /// pause the banner's playback.
    func place(_ place: BannerPlace, playback index: Int, playing: Bool, fromStart: Bool)
    /// BN-08: the current index changed (swipe, timer or call).
    func place(_ place: BannerPlace, didScroll index: Int)
    /// BN-15: a link inside a banner was tapped.
    func place(_ place: BannerPlace, onAction target: String)
    /// BN-15: a widget inside banner `index` reported an event.
    func place(_ place: BannerPlace, widgetEvent index: Int, banner: Banner, name: String, data: String?)
    /// BN-17: banner content asks for text input; return true when the host
    /// presents a dialog (then report `inputFinished`), false to decline.
    func place(_ place: BannerPlace, inputRequested index: Int, kind: InputKind, prompt: String) -> Bool
}

extension BannerPlaceDelegate {
    public func place(_ place: BannerPlace, didUpdate isContent: Bool, count: Int, listHeight: Double) {}
    public func place(_ place: BannerPlace, bannersLoaded placeId: String) {}
    public func place(_ place: BannerPlace, render index: Int, banner: Banner, content: [UInt8]) {}
    public func place(_ place: BannerPlace, rowFailed index: Int, error: ContentError) {}
    public func place(_ place: BannerPlace, show index: Int, banner: Banner) {}
    public func place(_ place: BannerPlace, playback index: Int, playing: Bool, fromStart: Bool) {}
    public func place(_ place: BannerPlace, didScroll index: Int) {}
    public func place(_ place: BannerPlace, onAction target: String) {}
    public func place(_ place: BannerPlace, widgetEvent index: Int, banner: Banner, name: String, data: String?) {}
    public func place(_ place: BannerPlace, inputRequested index: Int, kind: InputKind, prompt: String) -> Bool { false }
}

/// The kinds of input banner content may ask for (BN-17).
public enum InputKind: Int32, Sendable, CaseIterable {
    case text = 0
    case email = 1
    case telephone = 2
}
