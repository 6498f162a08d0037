import CFrames
import FramesCore

/// Turns a banner place's delegate calls into the C delegate.
final class BannerPlaceDelegateBridge: BannerPlaceDelegate {
    private let delegate: frames_banner_place_delegate
    private let handle: OpaquePointer?
    private var released = false

    init(_ delegate: frames_banner_place_delegate, handle: OpaquePointer?) {
        self.delegate = delegate
        self.handle = handle
    }

    func place(_ place: BannerPlace, didUpdate isContent: Bool, count: Int, listHeight: Double) {
        guard !released else { return }
        delegate.updated?(handle, isContent, count, listHeight, delegate.user_data)
    }

    func place(_ place: BannerPlace, bannersLoaded placementId: String) {
        guard !released, let loaded = delegate.loaded else { return }
        var arena = CArena()
        loaded(handle, arena.string(placementId), delegate.user_data)
    }

    func place(_ place: BannerPlace, render index: Int, banner: Banner, content: [UInt8]) {
        guard !released, let render = delegate.render else { return }
        var arena = CArena()
        var info = CBanner.info(banner, &arena)
        render(handle, index, &info, arena.bytes(content), content.count, delegate.user_data)
    }

    func place(_ place: BannerPlace, rowFailed index: Int, error: ContentError) {
        guard !released, let failed = delegate.row_failed else { return }
        var arena = CArena()
        var c = CFrameError.make(error, &arena)
        failed(handle, index, &c, delegate.user_data)
    }

    func place(_ place: BannerPlace, show index: Int, banner: Banner) {
        guard !released, let shown = delegate.shown else { return }
        var arena = CArena()
        var info = CBanner.info(banner, &arena)
        shown(handle, index, &info, delegate.user_data)
    }

    func place(_ place: BannerPlace, playback index: Int, playing: Bool, fromStart: Bool) {
        guard !released else { return }
        delegate.playback_changed?(handle, index, playing, fromStart, delegate.user_data)
    }

    func place(_ place: BannerPlace, didScroll index: Int) {
        guard !released else { return }
        delegate.scrolled?(handle, index, delegate.user_data)
    }

    func place(_ place: BannerPlace, onAction target: String) {
        guard !released, let action = delegate.action_triggered else { return }
        var arena = CArena()
        action(handle, arena.string(target), delegate.user_data)
    }

    func place(_ place: BannerPlace, widgetEvent index: Int, banner: Banner, name: String, data: String?) {
        guard !released, let widget = delegate.widget_reported else { return }
        var arena = CArena()
        var info = CBanner.info(banner, &arena)
        widget(handle, index, &info, arena.string(name), arena.string(data), delegate.user_data)
    }

    func place(_ place: BannerPlace, inputRequested index: Int, kind: InputKind, prompt: String) -> Bool {
        guard !released, let input = delegate.input_requested else { return false }
        var arena = CArena()
        return input(handle, index, kind.rawValue, arena.string(prompt), delegate.user_data)
    }

    func release() {
        guard !released else { return }
        released = true
        delegate.free_user_data?(delegate.user_data)
    }
}

/// Turns the banners module's calls about no place in particular into the
/// C banners delegate.
final class BannersDelegateBridge {
    private let delegate: frames_banners_delegate
    private var released = false

    init(_ delegate: frames_banners_delegate) {
        self.delegate = delegate
    }

    func preloaded(_ placementId: String, result: Result<PreloadedBanners, ContentError>) {
        guard !released, let preloaded = delegate.preloaded else { return }
        var arena = CArena()
        switch result {
        case .success(let loaded):
            let infos = loaded.banners.map { CBanner.info($0, &arena) }
            var errors = [UnsafePointer<frames_frame_error>?](repeating: nil, count: infos.count)
            for failure in loaded.failures where errors.indices.contains(failure.index) {
                let c = CFrameError.make(failure.error, &arena)
                errors[failure.index] = arena.array([c])
            }
            preloaded(arena.string(placementId), arena.array(infos), infos.count, arena.array(errors), nil,
                      delegate.user_data)
        case .failure(let error):
            var c = CFrameError.make(error, &arena)
            preloaded(arena.string(placementId), nil, 0, nil, &c, delegate.user_data)
        }
    }

    func release() {
        guard !released else { return }
        released = true
        delegate.free_user_data?(delegate.user_data)
    }
}

extension EngineEntry {
    /// Drops the banners delegate, running its free_user_data once.
}

enum CBanner {
    static func info(_ banner: Banner, _ arena: inout CArena) -> frames_banner_info {
        frames_banner_info(id: arena.string(banner.id), ratio: banner.ratio, duration_ms: banner.durationMs,
                           content_url: arena.string(banner.content.url))
    }
}
