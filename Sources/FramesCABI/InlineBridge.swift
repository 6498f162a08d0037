import CFrames
import FramesCore

/// Turns a view's delegate calls into the C view delegate.
final class InlineViewDelegateBridge: InlineViewDelegate {
    private let delegate: frames_inline_view_delegate
    private let handle: OpaquePointer?
    private let tap: CallbackTap?
    private var released = false

    init(_ delegate: frames_inline_view_delegate, handle: OpaquePointer?, tap: CallbackTap?) {
        self.delegate = delegate
        self.handle = handle
        self.tap = tap
    }

    func viewDidStartProcessing(_ view: InlineView) {
        guard !released else { return }
        tap.callback("processing_started") {
            delegate.processing_started?(handle, delegate.user_data)
        }
    }

    func view(_ view: InlineView, didLoad message: InlineMessage) {
        guard !released else { return }
        tap.callback("loaded", { $0.message(message) }) {
            guard let loaded = delegate.loaded else { return }
            var arena = CArena()
            var c = CInline.message(message, &arena)
            loaded(handle, &c, delegate.user_data)
        }
    }

    func view(_ view: InlineView, didUpdate message: InlineMessage) {
        guard !released else { return }
        tap.callback("updated", { $0.message(message) }) {
            guard let updated = delegate.updated else { return }
            var arena = CArena()
            var c = CInline.message(message, &arena)
            updated(handle, &c, delegate.user_data)
        }
    }

    func view(_ view: InlineView, didFail error: ContentError, message: InlineMessage?) {
        guard !released else { return }
        tap.callback("failed", { line in if let message { line.message(message) }; line.error(error) }) {
            guard let failed = delegate.failed else { return }
            var arena = CArena()
            var e = CFrameError.make(error, &arena)
            if let message {
                var c = CInline.message(message, &arena)
                failed(handle, &c, &e, delegate.user_data)
            } else {
                failed(handle, nil, &e, delegate.user_data)
            }
        }
    }

    func view(_ view: InlineView, sizeChanged width: Double, height: Double, message: InlineMessage) {
        guard !released else { return }
        tap.callback("size_requested", { $0.message(message); $0.field("width", width); $0.field("height", height) }) {
            guard let requested = delegate.size_requested else { return }
            var arena = CArena()
            var c = CInline.message(message, &arena)
            requested(handle, &c, width, height, delegate.user_data)
        }
    }

    func view(_ view: InlineView, shouldBeRemoved message: InlineMessage) {
        guard !released else { return }
        tap.callback("remove", { $0.message(message) }) {
            guard let remove = delegate.remove else { return }
            var arena = CArena()
            var c = CInline.message(message, &arena)
            remove(handle, &c, delegate.user_data)
        }
    }

    func view(_ view: InlineView, render request: InlineRenderRequest) {
        guard !released else { return }
        tap.callback("render", { line in line.message(request.message); line.body("template_html", Array(request.html.utf8)); line.field("assets", request.assets.map { $0.url }); line.body("context_json", Array(request.contextMap.utf8)) }) {
            guard let render = delegate.render else { return }
            var arena = CArena()
            let assets = request.assets.map {
                frames_asset(url: arena.string($0.url), bytes: arena.bytes($0.bytes), size: $0.bytes.count)
            }
            let message = arena.array([CInline.message(request.message, &arena)])
            var c = frames_inline_content(message: message, template_html: arena.string(request.html),
                                          asset_count: assets.count, assets: arena.array(assets),
                                          context_json: arena.string(request.contextMap))
            render(handle, &c, delegate.user_data)
        }
    }

    func view(_ view: InlineView, reply: String) {
        guard !released else { return }
        tap.callback("reply", { $0.body("reply", Array(reply.utf8)) }) {
            guard let send = delegate.reply else { return }
            var arena = CArena()
            send(handle, arena.string(reply), reply.utf8.count, delegate.user_data)
        }
    }

    func release() {
        guard !released else { return }
        released = true
        delegate.free_user_data?(delegate.user_data)
    }
}

/// Turns the inline module's calls into the C inline delegate. Views
/// the engine made get their handle the first time a callback names them.
final class InlineDelegateBridge: InlineHost {
    private let delegate: frames_inline_delegate
    /// Unretained, like `HostBridge.entry`: the entry owns this bridge and
    /// empties the reference from its deinit (`entryEnded`).
    private unowned(unsafe) var engine: EngineEntry?
    private let tap: CallbackTap?
    private var released = false

    init(_ delegate: frames_inline_delegate, engine: EngineEntry) {
        self.delegate = delegate
        self.engine = engine
        tap = engine.tap(nil)
    }

    /// The entry that owns this bridge is going: nothing reaches it from
    /// here any more.
    func entryEnded() {
        engine = nil
    }

    var acceptsAvailableViews: Bool { !released && delegate.available != nil }

    private func handle(_ view: InlineView) -> OpaquePointer? {
        CInline.handle(for: view, engine: engine)
    }

    func inlineAvailable(_ view: InlineView, message: InlineMessage) {
        guard !released else { return }
        // Before the callback, also in a replay: a view the engine made gets its handle here.
        let viewHandle = handle(view)
        tap.callback("available", { $0.message(message) }) {
            guard let available = delegate.available else { return }
            var arena = CArena()
            var c = CInline.message(message, &arena)
            available(viewHandle, &c, delegate.user_data)
        }
    }

    func contextMap(for message: InlineMessage, view: InlineView) throws(FramesError) -> String? {
        guard !released else { return nil }
        let viewHandle = handle(view)
        return try tap.callback("context_required", { $0.message(message) }, answer: .contextMap) {
            () -> Result<String?, FramesError> in
            guard let context = delegate.context_required else { return .success(nil) }
            var arena = CArena()
            var c = CInline.message(message, &arena)
            guard let text = context(viewHandle, &c, delegate.user_data) else { return .success(nil) }
            guard let string = String(validatingCString: text) else {
                return .failure(.invalidArgument("context_required returned text that is not UTF-8"))
            }
            return .success(string)
        }.get()
    }

    func inlineOpenURL(_ url: String, view: InlineView, message: InlineMessage) {
        guard !released else { return }
        // Before the callback, also in a replay: a view the engine made gets its handle here.
        let viewHandle = handle(view)
        tap.callback("open_url", { $0.message(message); $0.field("url", url) }) {
            guard let open = delegate.open_url else { return }
            var arena = CArena()
            var c = CInline.message(message, &arena)
            open(viewHandle, &c, arena.string(url), delegate.user_data)
        }
    }

    func inlineOpenDeepLink(_ link: String, view: InlineView, message: InlineMessage) {
        guard !released else { return }
        // Before the callback, also in a replay: a view the engine made gets its handle here.
        let viewHandle = handle(view)
        tap.callback("open_deep_link", { $0.message(message); $0.field("link", link) }) {
            guard let open = delegate.open_deep_link else { return }
            var arena = CArena()
            var c = CInline.message(message, &arena)
            open(viewHandle, &c, arena.string(link), delegate.user_data)
        }
    }

    func inlineCustomAction(_ name: String, params: String, view: InlineView, message: InlineMessage) {
        guard !released else { return }
        // Before the callback, also in a replay: a view the engine made gets its handle here.
        let viewHandle = handle(view)
        tap.callback("custom_action", { $0.message(message); $0.field("name", name); $0.body("params", Array(params.utf8)) }) {
            guard let action = delegate.custom_action else { return }
            var arena = CArena()
            var c = CInline.message(message, &arena)
            action(viewHandle, &c, arena.string(name), arena.string(params), delegate.user_data)
        }
    }

    func inlineCustomMethod(_ name: String, params: String, callId: UInt64, view: InlineView, message: InlineMessage) {
        guard !released else { return }
        // Before the callback, also in a replay: a view the engine made gets its handle here.
        let viewHandle = handle(view)
        tap.callback("custom_method", { $0.message(message); $0.field("name", name); $0.body("params", Array(params.utf8)); $0.field("call_id", callId) }) {
            guard let method = delegate.custom_method else { return }
            var arena = CArena()
            var c = CInline.message(message, &arena)
            method(viewHandle, &c, arena.string(name), arena.string(params), callId, delegate.user_data)
        }
    }

    func inlineURLRefused(_ url: String, deepLink: Bool, reason: String, view: InlineView, message: InlineMessage) {
        guard !released else { return }
        // Before the callback, also in a replay: a view the engine made gets its handle here.
        let viewHandle = handle(view)
        tap.callback("url_refused", { $0.message(message); $0.field("url", url); $0.field("deep_link", deepLink); $0.field("reason", reason) }) {
            guard let refused = delegate.url_refused else { return }
            var arena = CArena()
            var c = CInline.message(message, &arena)
            refused(viewHandle, &c, arena.string(url), deepLink, arena.string(reason), delegate.user_data)
        }
    }

    func release() {
        guard !released else { return }
        released = true
        delegate.free_user_data?(delegate.user_data)
    }
}

extension RecordingLine {
    /// The inline message a callback is about.
    mutating func message(_ message: InlineMessage) {
        field("view_id", message.viewId)
        field("placement_id", message.placementKey)
        field("campaign_id", message.campaignId)
    }
}

extension RecordedAnswer where Answer == Result<String?, FramesError> {
    /// The context map's answer: text, null, or text that was not UTF-8.
    static var contextMap: RecordedAnswer<Result<String?, FramesError>> {
        RecordedAnswer(fallback: .success(nil), write: { line, answer in
            switch answer {
            case .success(let text): line.body("value", Array((text ?? "").utf8)); line.field("null", text == nil)
            case .failure(let error): line.field("error", error.message)
            }
        }, read: { line in
            if let message = line["error"]?.stringValue { return .failure(.invalidArgument(message)) }
            guard let isNull = try? line.bool("null"), let bytes = try? line.body("value") else { return nil }
            return .success(isNull ? nil : String(decoding: bytes, as: UTF8.self))
        })
    }
}

extension EngineEntry {
    /// Drops the inline delegate, running its free_user_data once.
    func installInlineDelegate(_ bridge: InlineDelegateBridge) {
        inlineDelegate = bridge
        engine.inline.host = bridge
    }

    func releaseInlineDelegate() {
        engine.inline.host = nil
        inlineDelegate.release()
    }
}

enum CInline {
    static func message(_ message: InlineMessage, _ arena: inout CArena) -> frames_inline_message {
        frames_inline_message(placement_id: arena.string(message.placementKey), campaign_id: arena.string(message.campaignId),
                              trigger: message.trigger.rawValue, priority: Int32(clamping: message.priority),
                              event_name: arena.string(message.eventName), view_id: arena.string(message.viewId))
    }

    /// Registers a core view under a new handle (a view the host made, or
    /// one the engine made for an event trigger).
    static func register(_ view: InlineView, engine: EngineEntry) throws(FramesError) -> InlineViewEntry {
        try engine.adopt(view) { entry in
            Handles.table.withLock { $0.views[entry.id] = entry }
            engine.viewIds.insert(entry.id)
        }
    }

    /// The handle of `view`, registering it the first time (IL-02: a view
    /// the engine made reaches the host through a callback).
    static func handle(for view: InlineView, engine: EngineEntry?) -> OpaquePointer? {
        if view.hostHandle != 0 { return Handles.pointer(view.hostHandle) }
        guard let engine else { return nil }
        return try? register(view, engine: engine).handle
    }

    /// "myapp, mailto" → ["myapp", "mailto"]; spaces around names are
    /// ignored, empty names kept so the core names them in its error.
    static func schemes(_ list: String) -> [String] {
        guard !list.isEmpty else { return [] }
        return list.split(separator: ",", omittingEmptySubsequences: false).map {
            String($0.drop { $0 == " " }.reversed().drop { $0 == " " }.reversed())
        }
    }
}
