import CFrames
import FramesCore

/// Turns the engine's engine-wide host calls into the C host callbacks, and
/// hands the calls that belong to an object or a module to its C delegate:
/// the core asks one host for all of them. Everything it lends lives in an
/// arena that is emptied when the callback returns.
final class HostBridge: EngineHost, AppFramesHost, BannerPlacesHost {
    // Internal, not private: each module's bridge extension reads them.
    let callbacks: frames_host_callbacks
    private(set) var released = false
    /// Finds the module delegates set on the engine. Not a weak reference:
    /// a weakly referenced object keeps its reference count out of line,
    /// which makes every retain and release of it dearer — and every C call
    /// retains its engine's entry (`Handles.engine`). The entry owns this
    /// bridge and ends the reference from its deinit (`entryEnded`), so
    /// `entry` never reads a freed object. (Nor could it be weak in the
    /// Embedded build, which has no weak references: docs/decisions.md,
    /// "Embedded Swift".)
    var entry: EngineEntry? {
        get { entryReference }
        set {
            entryReference = newValue
            tap = newValue?.tap(nil)
        }
    }
    private unowned(unsafe) var entryReference: EngineEntry?

    /// The entry is going: nothing reaches it through this bridge any more.
    func entryEnded() {
        entryReference = nil
    }
    /// The recording's tap for engine-wide callbacks (XC-12), taken once the
    /// entry is set, after its recorder (which never changes): asking the
    /// entry for it loaded a weak reference on every record.
    private var tap: CallbackTap?
    /// What records lend to C, kept from one record to the next.
    private let records = RecordLender()

    init(_ callbacks: frames_host_callbacks?) {
        self.callbacks = callbacks ?? frames_host_callbacks()
    }

    func record(_ record: AnalyticsRecord) {
        guard !released else { return }
        tap.callback("analytics", { line in
            line.field("name", record.name)
            line.field("time_ms", record.time)
            line.field("session_id", record.sessionId)
            line.userId("user_id", record.userId)
            line.field("module", record.module)
            line.field("placement_id", record.location)
            line.field("campaign_id", record.campaignId)
            line.field("variant_id", record.variantId)
            line.field("view_id", record.viewId)
            line.field("fields", record.fields.map { $0.key + "=" + $0.value })
        }) { deliver(record) }
    }

    private func deliver(_ record: AnalyticsRecord) {
        guard let analytics = callbacks.analytics else { return }
        let userData = callbacks.user_data
        records.lend(record) { analytics($0, userData) }
    }

    /// The core asks the engine's host; in C drawing a frame is its
    /// delegate's business (the only delegate the C layer gives a frame).
    func render(_ content: LoadedContent, in frame: AppFrame) {
        guard !released, let delegate = frame.delegate as? FrameDelegateBridge else { return }
        delegate.render(content)
    }

    func openURL(_ url: String) -> Bool {
        guard !released else { return false }
        return tap.callback("open_url", { $0.field("url", url) }, answer: .bool) {
            guard let open = callbacks.open_url else { return false }
            var arena = CArena()
            return open(arena.string(url), callbacks.user_data)
        }
    }

    func preloaded(_ placementId: String, result: Result<PreloadedBanners, ContentError>) {
        guard !released else { return }
        entry?.bannersDelegate?.preloaded(placementId, result: result)
    }

    func trace(_ level: TraceLevel, _ line: String) {
        guard !released else { return }
        tap.callback("trace", { $0.field("level", Int64(level.rawValue)); $0.field("line", line) }) {
            guard let trace = callbacks.trace else { return }
            var arena = CArena()
            trace(level.rawValue, arena.string(line), callbacks.user_data)
        }
    }

    func stateChanged() {
        guard !released else { return }
        tap.callback("state_changed") {
            callbacks.state_changed?(callbacks.user_data)
        }
    }

    /// Runs free_user_data exactly once; nothing is called afterwards.
    func release() {
        guard !released else { return }
        released = true
        callbacks.free_user_data?(callbacks.user_data)
    }
}

/// Turns a frame's delegate calls into the C delegate.
final class FrameDelegateBridge: AppFrameDelegate {
    private let delegate: frames_frame_delegate
    private let handle: OpaquePointer?
    private let tap: CallbackTap?
    private var released = false

    init(_ delegate: frames_frame_delegate, handle: OpaquePointer?, tap: CallbackTap?) {
        self.delegate = delegate
        self.handle = handle
        self.tap = tap
    }

    func render(_ content: LoadedContent) {
        guard !released else { return }
        tap.callback("render", { line in
            line.field("placement_id", content.placementId)
            line.field("campaign_id", content.campaignId)
            line.field("variant_id", content.variantId)
            line.body("template_html", Array(content.template.utf8))
            line.field("assets", content.assets.map { $0.url })
            line.field("action_ids", content.actions.map { $0.id })
        }) {
            guard let render = delegate.render else { return }
            // The view is held for the whole call: a call the host makes
            // from the callback may drop the content it belongs to.
            let view = CContentView.of(content)
            var c = view.content
            withExtendedLifetime(view) { render(handle, &c, delegate.user_data) }
        }
    }

    func frame(_ frame: AppFrame, didChangeStatusTo status: FrameStatus, from previous: FrameStatus) {
        guard !released else { return }
        tap.callback("status_changed", { $0.field("status", Int64(status.rawValue)); $0.field("previous", Int64(previous.rawValue)) }) {
            delegate.status_changed?(handle, status.rawValue, previous.rawValue, delegate.user_data)
        }
    }

    func frame(_ frame: AppFrame, didFail error: ContentError) {
        guard !released else { return }
        tap.callback("failed", { $0.error(error) }) {
            guard let failed = delegate.failed else { return }
            var arena = CArena()
            var c = CFrameError.make(error, &arena)
            failed(handle, &c, delegate.user_data)
        }
    }

    func frame(_ frame: AppFrame, didRequestHeightChange optimalHeight: Double) {
        guard !released else { return }
        tap.callback("height_requested", { $0.field("height", optimalHeight) }) {
            delegate.height_requested?(handle, optimalHeight, delegate.user_data)
        }
    }

    func frameDidRequestDismiss(_ frame: AppFrame) {
        guard !released else { return }
        tap.callback("dismiss_requested") {
            delegate.dismiss_requested?(handle, delegate.user_data)
        }
    }

    func frame(_ frame: AppFrame, didTriggerAction customData: String) {
        guard !released else { return }
        tap.callback("action_triggered", { $0.field("custom_data", customData) }) {
            guard let action = delegate.action_triggered else { return }
            var arena = CArena()
            action(handle, arena.string(customData), delegate.user_data)
        }
    }

    func release() {
        guard !released else { return }
        released = true
        delegate.free_user_data?(delegate.user_data)
    }
}

/// The C view of one loaded content: `frames_content` and every string and
/// byte it points to, made at the content's first render and kept in its
/// `hostView`, so that the frames of a placement, which show the same
/// content, share one instead of each building its own. Immutable once
/// made; its memory lives as long as the view.
final class CContentView {
    private var arena = CArena()
    private(set) var content = frames_content()

    static func of(_ loaded: LoadedContent) -> CContentView {
        if let view = loaded.hostView as? CContentView { return view }
        let view = CContentView(loaded)
        loaded.hostView = view
        return view
    }

    private init(_ loaded: LoadedContent) {
        let assets = loaded.assets.map {
            frames_asset(url: arena.string($0.url), bytes: arena.bytes($0.bytes), size: $0.bytes.count)
        }
        let actionIds = loaded.actions.map { arena.string($0.id) }
        content = frames_content(
            placement_id: arena.string(loaded.placementId), campaign_id: arena.string(loaded.campaignId),
            variant_id: arena.string(loaded.variantId), template_html: arena.string(loaded.template),
            asset_count: assets.count, assets: arena.array(assets),
            action_count: actionIds.count, action_ids: arena.array(actionIds))
    }
}

enum CFrameError {
    static func make(_ error: ContentError, _ arena: inout CArena) -> frames_frame_error {
        frames_frame_error(code: error.code.rawValue, http_status: Int32(clamping: error.httpStatus ?? 0),
                           message: arena.string(error.message))
    }
}
