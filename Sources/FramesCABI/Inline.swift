import CFrames
import FramesCore

// Section "Inline messages" of frames.h.

@_cdecl("frames_inline_trigger_str")
public func frames_inline_trigger_str(_ trigger: frames_inline_trigger) -> UnsafePointer<CChar> {
    InlineText.trigger(trigger)
}

@_cdecl("frames_inline_view_status_str")
public func frames_inline_view_status_str(_ status: frames_inline_view_status) -> UnsafePointer<CChar> {
    InlineText.status(status)
}

@_cdecl("frames_inline_view_delegate_init")
public func frames_inline_view_delegate_init(_ delegate: UnsafeMutablePointer<frames_inline_view_delegate>?,
                                             _ version: UInt32) -> frames_result {
    withResult { () throws(FramesError) in
        try initialize(delegate, "delegate", version: version, is: FRAMES_INLINE_VIEW_DELEGATE_VERSION,
                       "frames_inline_view_delegate")
    }
}

@_cdecl("frames_inline_delegate_init")
public func frames_inline_delegate_init(_ delegate: UnsafeMutablePointer<frames_inline_delegate>?,
                                        _ version: UInt32) -> frames_result {
    withResult { () throws(FramesError) in
        try initialize(delegate, "delegate", version: version, is: FRAMES_INLINE_DELEGATE_VERSION,
                       "frames_inline_delegate")
    }
}

@_cdecl("frames_inline_set_delegate")
public func frames_inline_set_delegate(_ handle: OpaquePointer?, _ delegate: UnsafePointer<frames_inline_delegate>?) -> frames_result {
    withResult { () throws(FramesError) in
        let entry = try Handles.engine(handle)
        try replaceDelegate(delegate, version: FRAMES_INLINE_DELEGATE_VERSION, "frames_inline_delegate",
                            release: entry.releaseInlineDelegate,
                            install: { entry.installInlineDelegate(InlineDelegateBridge($0, engine: entry)) })
    }
}

@_cdecl("frames_inline_view_new")
public func frames_inline_view_new(_ engineHandle: OpaquePointer?, _ placementId: UnsafePointer<CChar>?,
                                   _ outView: UnsafeMutablePointer<OpaquePointer?>?) -> frames_result {
    withResult { () throws(FramesError) in
        let engine = try Handles.engine(engineHandle)
        let out = try required(outView, "out_view")
        let key = try requiredText(placementId, "placement_id")
        let view = try engine.engine.inline.makeView(placementKey: key)
        out.pointee = try CInline.register(view, engine: engine).handle
    }
}

@_cdecl("frames_inline_view_free")
public func frames_inline_view_free(_ handle: OpaquePointer?) -> frames_result {
    guard handle != nil else { return FRAMES_OK }
    return withResult { () throws(FramesError) in
        let entry = try Handles.inlineView(handle)
        _ = Handles.table.withLock { $0.views.removeValue(forKey: entry.id) }
        entry.engine.viewIds.remove(entry.id)
        try entry.engine.engine.inline.removeView(entry.object)
        entry.releaseDelegate()
    }
}

@_cdecl("frames_inline_view_set_delegate")
public func frames_inline_view_set_delegate(_ handle: OpaquePointer?,
                                            _ delegate: UnsafePointer<frames_inline_view_delegate>?) -> frames_result {
    withResult { () throws(FramesError) in
        let entry = try Handles.inlineView(handle)
        try replaceDelegate(delegate, version: FRAMES_INLINE_VIEW_DELEGATE_VERSION, "frames_inline_view_delegate",
                            release: entry.releaseDelegate,
                            install: { entry.install(InlineViewDelegateBridge($0, handle: entry.handle)) })
    }
}

/// Runs `body` with the view's entry: the common shape of the calls below.
private func onView(_ handle: OpaquePointer?, _ body: (InlineController, InlineView) throws(FramesError) -> Void) -> frames_result {
    withResult { () throws(FramesError) in
        let entry = try Handles.inlineView(handle)
        try body(entry.engine.engine.inline, entry.object)
    }
}

@_cdecl("frames_inline_view_attach")
public func frames_inline_view_attach(_ handle: OpaquePointer?, _ now: Int64) -> frames_result {
    onView(handle) { (inline, view) throws(FramesError) in try inline.attach(view, now: now) }
}

@_cdecl("frames_inline_view_detach")
public func frames_inline_view_detach(_ handle: OpaquePointer?) -> frames_result {
    onView(handle) { (inline, view) throws(FramesError) in try inline.detach(view) }
}

@_cdecl("frames_inline_view_render")
public func frames_inline_view_render(_ handle: OpaquePointer?, _ now: Int64) -> frames_result {
    onView(handle) { (inline, view) throws(FramesError) in try inline.render(view, now: now) }
}

@_cdecl("frames_inline_view_set_size")
public func frames_inline_view_set_size(_ handle: OpaquePointer?, _ width: Double, _ height: Double, _ now: Int64) -> frames_result {
    onView(handle) { (inline, view) throws(FramesError) in try inline.setSize(view, width: width, height: height, now: now) }
}

@_cdecl("frames_inline_view_report_content_shown")
public func frames_inline_view_report_content_shown(_ handle: OpaquePointer?, _ now: Int64) -> frames_result {
    onView(handle) { (inline, view) throws(FramesError) in try inline.contentShown(view, now: now) }
}

@_cdecl("frames_inline_view_report_render_failed")
public func frames_inline_view_report_render_failed(_ handle: OpaquePointer?, _ message: UnsafePointer<CChar>?, _ now: Int64) -> frames_result {
    onView(handle) { (inline, view) throws(FramesError) in
        try inline.renderFailed(view, message: text(message, "message"), now: now)
    }
}

@_cdecl("frames_inline_view_report_bridge_message")
public func frames_inline_view_report_bridge_message(_ handle: OpaquePointer?, _ message: UnsafePointer<CChar>?,
                                                     _ messageLength: UInt, _ now: Int64) -> frames_result {
    onView(handle) { (inline, view) throws(FramesError) in
        let length = try elementCount(messageLength, "message_len", elementSize: 1)
        // Over the limit: refused before anything is copied.
        guard length <= BridgeMessage.maxBytes else {
            throw .invalidArgument("bridge message: \(length) bytes exceeds the limit of \(BridgeMessage.maxBytes) bytes")
        }
        if length > 0 { _ = try required(message, "message") }
        let bytes = message.map { pointer in
            Array(UnsafeRawBufferPointer(start: UnsafeRawPointer(pointer), count: length))
        } ?? []
        try inline.handleMessage(view, bytes, now: now)
    }
}

@_cdecl("frames_inline_view_get_status")
public func frames_inline_view_get_status(_ handle: OpaquePointer?,
                                          _ outStatus: UnsafeMutablePointer<frames_inline_view_status>?) -> frames_result {
    onView(handle) { (_, view) throws(FramesError) in
        try required(outStatus, "out_status").pointee = view.status.rawValue
    }
}

@_cdecl("frames_inline_track_event")
public func frames_inline_track_event(_ handle: OpaquePointer?, _ name: UnsafePointer<CChar>?,
                                      _ properties: UnsafePointer<CChar>?, _ now: Int64) -> frames_result {
    withResult { () throws(FramesError) in
        let entry = try Handles.engine(handle)
        try entry.engine.inline.trackEvent(requiredText(name, "name"), propertiesJSON: text(properties, "properties_json"),
                                           now: now)
    }
}

@_cdecl("frames_inline_call_resolve")
public func frames_inline_call_resolve(_ handle: OpaquePointer?, _ callId: UInt64, _ success: Bool,
                                       _ result: UnsafePointer<CChar>?, _ now: Int64) -> frames_result {
    withResult { () throws(FramesError) in
        let entry = try Handles.engine(handle)
        try entry.engine.inline.resolveCall(callId, success: success, result: text(result, "result_json"), now: now)
    }
}

/// The static names of the inline enumerations.
enum InlineText {
    // Immutable after first use, so sharing between threads is safe.
    nonisolated(unsafe) private static let unknown = StaticText.unknownStatus
    nonisolated(unsafe) private static let triggers: [Int32: UnsafePointer<CChar>] = Dictionary(
        uniqueKeysWithValues: InlineTrigger.allCases.map { ($0.rawValue, StaticText.make($0.wireName)) })
    nonisolated(unsafe) private static let statuses: [Int32: UnsafePointer<CChar>] = Dictionary(
        uniqueKeysWithValues: InlineViewStatus.allCases.map { ($0.rawValue, StaticText.make($0.name)) })

    static func trigger(_ value: Int32) -> UnsafePointer<CChar> { triggers[value] ?? unknown }
    static func status(_ value: Int32) -> UnsafePointer<CChar> { statuses[value] ?? unknown }
}
