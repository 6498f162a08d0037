import CFrames
import FramesCore

/// Turns a banner place's delegate calls into the C delegate.
final class BannerDelegateBridge: BannerPlaceDelegate {
    private let delegate: frames_banner_delegate
    private let handle: OpaquePointer?
    private var released = false

    init(_ delegate: frames_banner_delegate, handle: OpaquePointer?) {
        self.delegate = delegate
        self.handle = handle
    }

    func place(_ place: BannerPlace, didUpdate isContent: Bool, count: Int, listHeight: Double) {
        guard !released else { return }
        delegate.did_update?(handle, isContent, count, listHeight, delegate.user_data)
    }

    func place(_ place: BannerPlace, bannersLoaded placeId: String) {
        guard !released, let loaded = delegate.banners_loaded else { return }
        var arena = CArena()
        loaded(handle, arena.string(placeId), delegate.user_data)
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
        guard !released, let show = delegate.show else { return }
        var arena = CArena()
        var info = CBanner.info(banner, &arena)
        show(handle, index, &info, delegate.user_data)
    }

    func place(_ place: BannerPlace, playback index: Int, playing: Bool, fromStart: Bool) {
        guard !released else { return }
        delegate.playback?(handle, index, playing, fromStart, delegate.user_data)
    }

    func place(_ place: BannerPlace, didScroll index: Int) {
        guard !released else { return }
        delegate.did_scroll?(handle, index, delegate.user_data)
    }

    func place(_ place: BannerPlace, onAction target: String) {
        guard !released, let action = delegate.on_action else { return }
        var arena = CArena()
        action(handle, arena.string(target), delegate.user_data)
    }

    func place(_ place: BannerPlace, widgetEvent index: Int, banner: Banner, name: String, data: String?) {
        guard !released, let widget = delegate.widget_event else { return }
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

enum CBanner {
    static func info(_ banner: Banner, _ arena: inout CArena) -> frames_banner_info {
        frames_banner_info(id: arena.string(banner.id), ratio: banner.ratio, duration_ms: banner.durationMs,
                           content_url: arena.string(banner.content.url))
    }
}
