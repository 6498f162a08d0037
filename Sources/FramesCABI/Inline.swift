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
        // Whether `available` is set changes what the engine does (IL-02).
        let takesNewViews = delegate.map { UnsafeRawPointer($0).load(as: UInt32.self) == UInt32(FRAMES_INLINE_DELEGATE_VERSION) && $0.pointee.available != nil } ?? false
        try entry.recorded("frames_inline_set_delegate", nil, { $0.delegate(delegate, version: FRAMES_INLINE_DELEGATE_VERSION); $0.field("available", takesNewViews) }) {
            () throws(FramesError) in
            try replaceDelegate(delegate, version: FRAMES_INLINE_DELEGATE_VERSION, "frames_inline_delegate",
                                release: entry.releaseInlineDelegate,
                                install: { entry.installInlineDelegate(InlineDelegateBridge($0, engine: entry)) })
        }
    }
}

@_cdecl("frames_inline_view_new")
public func frames_inline_view_new(_ engineHandle: OpaquePointer?, _ placementId: UnsafePointer<CChar>?,
                                   _ outView: UnsafeMutablePointer<OpaquePointer?>?) -> frames_result {
    withResult { () throws(FramesError) in
        let engine = try Handles.engine(engineHandle)
        let out = try required(outView, "out_view")
        let key = try requiredText(placementId, "placement_id")
        let entry = try engine.recorded("frames_inline_view_new", nil, { $0.field("placement_id", key) }) { () throws(FramesError) in
            let view = try engine.engine.inline.makeView(placementKey: key)
            return try CInline.register(view, engine: engine)
        }
        engine.recordReturn("frames_inline_view_new") { $0.field("obj", entry.object.recordingName) }
        out.pointee = entry.handle
    }
}

@_cdecl("frames_inline_view_free")
public func frames_inline_view_free(_ handle: OpaquePointer?) -> frames_result {
    guard handle != nil else { return FRAMES_OK }
    return withResult { () throws(FramesError) in
        let entry = try Handles.inlineView(handle)
        try entry.recorded("frames_inline_view_free") { () throws(FramesError) in
            _ = Handles.table.withLock { $0.views.removeValue(forKey: entry.id) }
            entry.engine.viewIds.remove(entry.id)
            try entry.engine.engine.inline.removeView(entry.object)
            entry.releaseDelegate()
        }
    }
}

@_cdecl("frames_inline_view_set_delegate")
public func frames_inline_view_set_delegate(_ handle: OpaquePointer?,
                                            _ delegate: UnsafePointer<frames_inline_view_delegate>?) -> frames_result {
    withResult { () throws(FramesError) in
        let entry = try Handles.inlineView(handle)
        try entry.recorded("frames_inline_view_set_delegate", { $0.delegate(delegate, version: FRAMES_INLINE_VIEW_DELEGATE_VERSION) }) { () throws(FramesError) in
            try replaceDelegate(delegate, version: FRAMES_INLINE_VIEW_DELEGATE_VERSION, "frames_inline_view_delegate",
                                release: entry.releaseDelegate,
                                install: { entry.install(InlineViewDelegateBridge($0, handle: entry.handle, tap: entry.tap)) })
        }
    }
}

/// Runs `body` with the view's entry, recorded as `name` with its
/// `arguments` (XC-12): the common shape of the calls below.
private func onView(_ handle: OpaquePointer?, _ name: String, _ arguments: (inout RecordingLine) -> Void,
                    _ body: (InlineController, InlineView) throws(FramesError) -> Void) -> frames_result {
    withResult { () throws(FramesError) in
        let entry = try Handles.inlineView(handle)
        try entry.recorded(name, arguments) { () throws(FramesError) in try body(entry.engine.engine.inline, entry.object) }
    }
}

@_cdecl("frames_inline_view_attach")
public func frames_inline_view_attach(_ handle: OpaquePointer?, _ now: Int64) -> frames_result {
    onView(handle, "frames_inline_view_attach", { $0.field("now_ms", now) }) { (inline, view) throws(FramesError) in try inline.attach(view, now: now) }
}

@_cdecl("frames_inline_view_detach")
public func frames_inline_view_detach(_ handle: OpaquePointer?) -> frames_result {
    onView(handle, "frames_inline_view_detach", { _ in }) { (inline, view) throws(FramesError) in try inline.detach(view) }
}

@_cdecl("frames_inline_view_render")
public func frames_inline_view_render(_ handle: OpaquePointer?, _ now: Int64) -> frames_result {
    onView(handle, "frames_inline_view_render", { $0.field("now_ms", now) }) { (inline, view) throws(FramesError) in try inline.render(view, now: now) }
}

@_cdecl("frames_inline_view_set_size")
public func frames_inline_view_set_size(_ handle: OpaquePointer?, _ width: Double, _ height: Double, _ now: Int64) -> frames_result {
    onView(handle, "frames_inline_view_set_size", { $0.field("width", width); $0.field("height", height); $0.field("now_ms", now) }) { (inline, view) throws(FramesError) in try inline.setSize(view, width: width, height: height, now: now) }
}

@_cdecl("frames_inline_view_report_content_shown")
public func frames_inline_view_report_content_shown(_ handle: OpaquePointer?, _ now: Int64) -> frames_result {
    onView(handle, "frames_inline_view_report_content_shown", { $0.field("now_ms", now) }) { (inline, view) throws(FramesError) in try inline.contentShown(view, now: now) }
}

@_cdecl("frames_inline_view_report_render_failed")
public func frames_inline_view_report_render_failed(_ handle: OpaquePointer?, _ message: UnsafePointer<CChar>?, _ now: Int64) -> frames_result {
    onView(handle, "frames_inline_view_report_render_failed", { $0.field("message", message.flatMap { String(validatingCString: $0) }); $0.field("now_ms", now) }) { (inline, view) throws(FramesError) in
        try inline.renderFailed(view, message: text(message, "message"), now: now)
    }
}

@_cdecl("frames_inline_view_report_bridge_message")
public func frames_inline_view_report_bridge_message(_ handle: OpaquePointer?, _ message: UnsafePointer<CChar>?,
                                                     _ messageLength: UInt, _ now: Int64) -> frames_result {
    withResult { () throws(FramesError) in
        let entry = try Handles.inlineView(handle)
        // The bytes are checked before the call is recorded: a refused
        // length or a NULL message changes nothing, and the recording holds
        // the bytes a replay hands in again (XC-12, XC-13).
        let length = try elementCount(messageLength, "message_len", elementSize: 1)
        // Over the limit: refused before anything is copied.
        guard length <= BridgeMessage.maxBytes else {
            throw .invalidArgument("bridge message: \(length) bytes exceeds the limit of \(BridgeMessage.maxBytes) bytes")
        }
        if length > 0 { _ = try required(message, "message") }
        let bytes = message.map { Array(copyingBytes: $0, count: length) } ?? []
        try entry.recorded("frames_inline_view_report_bridge_message", { $0.body("message", bytes); $0.field("now_ms", now) }) {
            () throws(FramesError) in try entry.engine.engine.inline.handleMessage(entry.object, bytes, now: now)
        }
    }
}

@_cdecl("frames_inline_view_get_status")
public func frames_inline_view_get_status(_ handle: OpaquePointer?,
                                          _ outStatus: UnsafeMutablePointer<frames_inline_view_status>?) -> frames_result {
    withResult { () throws(FramesError) in
        let entry = try Handles.inlineView(handle)
        try required(outStatus, "out_status").pointee = entry.object.status.rawValue
    }
}

@_cdecl("frames_inline_track_event")
public func frames_inline_track_event(_ handle: OpaquePointer?, _ name: UnsafePointer<CChar>?,
                                      _ properties: UnsafePointer<CChar>?, _ now: Int64) -> frames_result {
    withResult { () throws(FramesError) in
        let entry = try Handles.engine(handle)
        let event = try requiredText(name, "name")
        let json = try text(properties, "properties_json")
        try entry.recorded("frames_inline_track_event", nil, { $0.field("name", event); $0.field("properties_json", json); $0.field("now_ms", now) }) {
            () throws(FramesError) in
            try entry.engine.inline.trackEvent(event, propertiesJSON: json, now: now)
        }
    }
}

@_cdecl("frames_inline_call_resolve")
public func frames_inline_call_resolve(_ handle: OpaquePointer?, _ callId: UInt64, _ success: Bool,
                                       _ result: UnsafePointer<CChar>?, _ now: Int64) -> frames_result {
    withResult { () throws(FramesError) in
        let entry = try Handles.engine(handle)
        let json = try text(result, "result_json")
        try entry.recorded("frames_inline_call_resolve", nil, { line in
            line.field("call_id", callId); line.field("success", success); line.field("result_json", json); line.field("now_ms", now)
        }) { () throws(FramesError) in
            try entry.engine.inline.resolveCall(callId, success: success, result: json, now: now)
        }
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
