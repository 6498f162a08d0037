import CFrames
import FramesCore

/// Turns a banner place's delegate calls into the C delegate.
final class BannerPlaceDelegateBridge: BannerPlaceDelegate {
    private let delegate: frames_banner_place_delegate
    private let handle: OpaquePointer?
    private let tap: CallbackTap?
    private var released = false
    /// What renders and shows lend to C: one per arriving banner (BN-16).
    private let arena = CallbackArena()

    init(_ delegate: frames_banner_place_delegate, handle: OpaquePointer?, tap: CallbackTap?) {
        self.delegate = delegate
        self.handle = handle
        self.tap = tap
    }

    func place(_ place: BannerPlace, didUpdate isContent: Bool, count: Int, listHeight: Double) {
        guard !released else { return }
        tap.callback("updated", { $0.field("is_content", isContent); $0.field("count", count); $0.field("list_height", listHeight) }) {
            delegate.updated?(handle, isContent, count, listHeight, delegate.user_data)
        }
    }

    func place(_ place: BannerPlace, bannersLoaded placementId: String) {
        guard !released else { return }
        tap.callback("loaded", { $0.field("placement_id", placementId) }) {
            guard let loaded = delegate.loaded else { return }
            var arena = CArena()
            loaded(handle, arena.string(placementId), delegate.user_data)
        }
    }

    func place(_ place: BannerPlace, render index: Int, banner: Banner, content: [UInt8]) {
        guard !released else { return }
        tap.callback("render", { $0.field("index", index); $0.banner(banner); $0.body("content", content) }) {
            guard let render = delegate.render else { return }
            let (handle, userData) = (handle, delegate.user_data)
            arena.lend { arena in
                var info = CBanner.info(banner, &arena)
                render(handle, index, &info, arena.bytes(content), content.count, userData)
            }
        }
    }

    func place(_ place: BannerPlace, rowFailed index: Int, error: ContentError) {
        guard !released else { return }
        tap.callback("row_failed", { $0.field("index", index); $0.error(error) }) {
            guard let failed = delegate.row_failed else { return }
            var arena = CArena()
            var c = CFrameError.make(error, &arena)
            failed(handle, index, &c, delegate.user_data)
        }
    }

    func place(_ place: BannerPlace, show index: Int, banner: Banner) {
        guard !released else { return }
        tap.callback("shown", { $0.field("index", index); $0.banner(banner) }) {
            guard let shown = delegate.shown else { return }
            let (handle, userData) = (handle, delegate.user_data)
            arena.lend { arena in
                var info = CBanner.info(banner, &arena)
                shown(handle, index, &info, userData)
            }
        }
    }

    func place(_ place: BannerPlace, playback index: Int, playing: Bool, fromStart: Bool) {
        guard !released else { return }
        tap.callback("playback_changed", { $0.field("index", index); $0.field("playing", playing); $0.field("from_start", fromStart) }) {
            delegate.playback_changed?(handle, index, playing, fromStart, delegate.user_data)
        }
    }

    func place(_ place: BannerPlace, didScroll index: Int) {
        guard !released else { return }
        tap.callback("scrolled", { $0.field("index", index) }) {
            delegate.scrolled?(handle, index, delegate.user_data)
        }
    }

    func place(_ place: BannerPlace, onAction target: String) {
        guard !released else { return }
        tap.callback("action_triggered", { $0.field("target", target) }) {
            guard let action = delegate.action_triggered else { return }
            var arena = CArena()
            action(handle, arena.string(target), delegate.user_data)
        }
    }

    func place(_ place: BannerPlace, widgetEvent index: Int, banner: Banner, name: String, data: String?) {
        guard !released else { return }
        tap.callback("widget_reported", { $0.field("index", index); $0.banner(banner); $0.field("name", name); $0.field("data", data) }) {
            guard let widget = delegate.widget_reported else { return }
            var arena = CArena()
            var info = CBanner.info(banner, &arena)
            widget(handle, index, &info, arena.string(name), arena.string(data), delegate.user_data)
        }
    }

    func place(_ place: BannerPlace, inputRequested index: Int, kind: InputKind, prompt: String) -> Bool {
        guard !released else { return false }
        return tap.callback("input_requested", { $0.field("index", index); $0.field("kind", Int64(kind.rawValue)); $0.field("prompt", prompt) },
                            answer: .bool) {
            guard let input = delegate.input_requested else { return false }
            var arena = CArena()
            return input(handle, index, kind.rawValue, arena.string(prompt), delegate.user_data)
        }
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
    private let tap: CallbackTap?
    private var released = false

    init(_ delegate: frames_banners_delegate, tap: CallbackTap?) {
        self.delegate = delegate
        self.tap = tap
    }

    func preloaded(_ placementId: String, result: Result<PreloadedBanners, ContentError>) {
        guard !released else { return }
        tap.callback("preloaded", { line in
            line.field("placement_id", placementId)
            switch result {
            case .success(let loaded):
                line.field("banners", loaded.banners.map { $0.id })
                line.field("failed_rows", loaded.failures.map { "\($0.index): \($0.error.message)" })
            case .failure(let error):
                line.error(error)
            }
        }) { deliver(placementId, result) }
    }

    private func deliver(_ placementId: String, _ result: Result<PreloadedBanners, ContentError>) {
        guard let preloaded = delegate.preloaded else { return }
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

extension RecordingLine {
    /// A banner as callbacks describe it.
    mutating func banner(_ banner: Banner) {
        field("banner_id", banner.id)
        field("ratio", banner.ratio)
        field("duration_ms", banner.durationMs)
        field("content_url", banner.content.url)
    }
}

enum CBanner {
    static func info(_ banner: Banner, _ arena: inout CArena) -> frames_banner_info {
        frames_banner_info(id: arena.string(banner.id), ratio: banner.ratio, duration_ms: banner.durationMs,
                           content_url: arena.string(banner.content.url))
    }
}
