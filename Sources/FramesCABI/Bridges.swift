import CFrames
import FramesCore

/// Turns the engine's host calls into the C host callbacks. Everything it
/// lends lives in an arena that is emptied when the callback returns.
final class HostBridge: EngineHost, AppFramesHost, BannerPlacesHost {
    // Internal, not private: each module's bridge extension reads them.
    let callbacks: frames_host_callbacks
    private(set) var released = false
    /// Finds a frame's handle for the render callback.
    weak var entry: EngineEntry?

    init(_ callbacks: frames_host_callbacks?) {
        self.callbacks = callbacks ?? frames_host_callbacks()
    }

    func record(_ record: AnalyticsRecord) {
        guard !released, let analytics = callbacks.analytics else { return }
        var arena = CArena()
        let fields = record.fields.map { frames_analytics_field(key: arena.string($0.key), value: arena.string($0.value)) }
        var c = frames_analytics_record(
            name: arena.string(record.name), time_ms: record.time, session_id: arena.string(record.sessionId),
            user_id: arena.string(record.userId), module: arena.string(record.module),
            placement_id: arena.string(record.location), campaign_id: arena.string(record.campaignId),
            variant_id: arena.string(record.variantId), view_id: arena.string(record.viewId),
            field_count: fields.count, fields: arena.array(fields))
        analytics(&c, callbacks.user_data)
    }

    func render(_ content: LoadedContent, in frame: AppFrame) {
        guard !released, let render = callbacks.render else { return }
        var arena = CArena()
        let assets = content.assets.map {
            frames_asset(url: arena.string($0.url), bytes: arena.bytes($0.bytes), size: $0.bytes.count)
        }
        let actionIds = content.actions.map { arena.string($0.id) }
        var c = frames_content(
            placement_id: arena.string(content.placementId), campaign_id: arena.string(content.campaignId),
            variant_id: arena.string(content.variantId), template_html: arena.string(content.template),
            asset_count: assets.count, assets: arena.array(assets),
            action_count: actionIds.count, action_ids: arena.array(actionIds))
        render(Handles.pointer(frame.hostHandle), &c, callbacks.user_data)
    }

    func openURL(_ url: String) -> Bool {
        guard !released, let open = callbacks.open_url else { return false }
        var arena = CArena()
        return open(arena.string(url), callbacks.user_data)
    }

    func preloaded(_ placeId: String, result: Result<PreloadedBanners, ContentError>) {
        guard !released, let preloaded = callbacks.preloaded else { return }
        var arena = CArena()
        switch result {
        case .success(let loaded):
            let infos = loaded.banners.map { CBanner.info($0, &arena) }
            var errors = [UnsafePointer<frames_frame_error>?](repeating: nil, count: infos.count)
            for failure in loaded.failures where errors.indices.contains(failure.index) {
                let c = CFrameError.make(failure.error, &arena)
                errors[failure.index] = arena.array([c])
            }
            preloaded(arena.string(placeId), arena.array(infos), infos.count, arena.array(errors), nil, callbacks.user_data)
        case .failure(let error):
            var c = CFrameError.make(error, &arena)
            preloaded(arena.string(placeId), nil, 0, nil, &c, callbacks.user_data)
        }
    }

    func trace(_ level: TraceLevel, _ line: String) {
        guard !released, let trace = callbacks.trace else { return }
        var arena = CArena()
        trace(level.rawValue, arena.string(line), callbacks.user_data)
    }

    func stateChanged() {
        guard !released, let changed = callbacks.state_changed else { return }
        changed(callbacks.user_data)
    }

    /// Runs free_user_data exactly once; nothing is called afterwards.
    func release() {
        guard !released else { return }
        released = true
        callbacks.free_user_data?(callbacks.user_data)
    }
}

/// Turns a frame's delegate calls into the C delegate.
final class DelegateBridge: AppFrameDelegate {
    private let delegate: frames_frame_delegate
    private let handle: OpaquePointer?
    private var released = false

    init(_ delegate: frames_frame_delegate, handle: OpaquePointer?) {
        self.delegate = delegate
        self.handle = handle
    }

    func frame(_ frame: AppFrame, didChangeStatusTo status: FrameStatus, from previous: FrameStatus) {
        guard !released else { return }
        delegate.did_change_status?(handle, status.rawValue, previous.rawValue, delegate.user_data)
    }

    func frame(_ frame: AppFrame, didFail error: ContentError) {
        guard !released, let didFail = delegate.did_fail else { return }
        var arena = CArena()
        var c = CFrameError.make(error, &arena)
        didFail(handle, &c, delegate.user_data)
    }

    func frame(_ frame: AppFrame, didRequestHeightChange optimalHeight: Double) {
        guard !released else { return }
        delegate.did_request_height_change?(handle, optimalHeight, delegate.user_data)
    }

    func frameDidRequestDismiss(_ frame: AppFrame) {
        guard !released else { return }
        delegate.did_request_dismiss?(handle, delegate.user_data)
    }

    func frame(_ frame: AppFrame, didTriggerAction customData: String) {
        guard !released, let action = delegate.did_trigger_action else { return }
        var arena = CArena()
        action(handle, arena.string(customData), delegate.user_data)
    }

    func release() {
        guard !released else { return }
        released = true
        delegate.free_user_data?(delegate.user_data)
    }
}

enum CFrameError {
    static func make(_ error: ContentError, _ arena: inout CArena) -> frames_frame_error {
        frames_frame_error(code: error.code.rawValue, http_status: Int32(clamping: error.httpStatus ?? 0),
                           message: arena.string(error.message))
    }
}
