// Decides: XC-13
import CFrames
import FramesCore

/// Every call a recording can hold, issued again through its C entry point
/// with the recorded arguments (XC-13). Each result code is ignored here on
/// purpose: the entry point records how the call ended, and the script
/// compares that with the recording.
enum ReplayCalls {
    typealias Call = (Replayer, RecordedLine) throws(FramesError) -> Void

    nonisolated(unsafe) static let table: [String: Call] = {
        var t: [String: Call] = [:]
        // A loop, not Dictionary.merge: merge rethrows an untyped error,
        // which Embedded Swift cannot carry.
        for part in [engine, appFrames, banners, inline, messages] {
            for (name, call) in part where t[name] == nil { t[name] = call }
        }
        return t
    }()

    nonisolated(unsafe) private static let engine: [String: Call] = [
        "frames_engine_free": { (r, _) throws(FramesError) in _ = frames_engine_free(r.engineHandle) },
        "frames_engine_start_session": { (r, l) throws(FramesError) in _ = frames_engine_start_session(r.engineHandle, try r.text(l, "session_id"), try l.int("now_ms")) },
        "frames_engine_set_user": { (r, l) throws(FramesError) in _ = frames_engine_set_user(r.engineHandle, try r.text(l, "user_id"), try l.int("now_ms")) },
        "frames_engine_set_app_state": { (r, l) throws(FramesError) in _ = frames_engine_set_app_state(r.engineHandle, try int32(l, "state"), try l.int("now_ms")) },
        "frames_engine_set_consent": { (r, l) throws(FramesError) in _ = frames_engine_set_consent(r.engineHandle, try l.bool("granted"), try l.int("now_ms")) },
        "frames_engine_set_trace_level": { (r, l) throws(FramesError) in _ = frames_engine_set_trace_level(r.engineHandle, try int32(l, "level")) },
        "frames_engine_export_state": { (r, l) throws(FramesError) in
            var blob: UnsafePointer<UInt8>?
            var length: UInt = 0
            _ = frames_engine_export_state(r.engineHandle, try l.int("now_ms"), try l.int("wall_clock_ms"), &blob, &length)
        },
        "frames_engine_import_state": { (r, l) throws(FramesError) in
            let blob = try l.body("blob")
            let (now, wall) = (try l.int("now_ms"), try l.int("wall_clock_ms"))
            _ = blob.withUnsafeBufferPointer { frames_engine_import_state(r.engineHandle, $0.baseAddress, UInt($0.count), now, wall) }
        },
        "frames_engine_poll_request": { (r, _) throws(FramesError) in
            var request = frames_request()
            var available = false
            _ = frames_engine_poll_request(r.engineHandle, &request, &available)
        },
        "frames_engine_complete_request": { (r, l) throws(FramesError) in
            let names = try l.strings("header_names")
            let values = try l.strings("header_values")
            guard names.count == values.count else { throw l.missing("header_values", "as many values as header_names") }
            let namePointers = names.map { r.arena.string($0) }
            let valuePointers = values.map { r.arena.string($0) }
            let body = try l.body("body")
            let (id, status, now) = (try l.uint("id"), try int32(l, "status"), try l.int("now_ms"))
            _ = body.withUnsafeBufferPointer { bytes in
                frames_engine_complete_request(r.engineHandle, id, status, namePointers, valuePointers, UInt(names.count),
                                               bytes.baseAddress, UInt(bytes.count), now)
            }
        },
        "frames_engine_fail_request": { (r, l) throws(FramesError) in _ = frames_engine_fail_request(r.engineHandle, try l.uint("id"), try r.text(l, "message"), try l.int("now_ms")) },
        "frames_engine_on_timeout": { (r, l) throws(FramesError) in _ = frames_engine_on_timeout(r.engineHandle, try l.int("now_ms")) },
    ]

    nonisolated(unsafe) private static let appFrames: [String: Call] = [
        "frames_frame_new": { (r, _) throws(FramesError) in
            var frame: OpaquePointer?
            _ = frames_frame_new(r.engineHandle, &frame)
        },
        "frames_frame_free": { (r, l) throws(FramesError) in _ = frames_frame_free(try r.object(l)) },
        "frames_frame_set_delegate": { (r, l) throws(FramesError) in
            let frame = try r.object(l)
            try delegate(l, FRAMES_FRAME_DELEGATE_VERSION) { (d: UnsafePointer<frames_frame_delegate>?) in frames_frame_set_delegate(frame, d) }
        },
        "frames_frame_set_placement": { (r, l) throws(FramesError) in _ = frames_frame_set_placement(try r.object(l), try r.text(l, "placement_id"), try l.int("now_ms")) },
        "frames_frame_attach": { (r, l) throws(FramesError) in _ = frames_frame_attach(try r.object(l), try l.int("now_ms")) },
        "frames_frame_detach": { (r, l) throws(FramesError) in _ = frames_frame_detach(try r.object(l)) },
        "frames_frame_set_hidden": { (r, l) throws(FramesError) in _ = frames_frame_set_hidden(try r.object(l), try l.bool("hidden"), try l.int("now_ms")) },
        "frames_frame_set_laid_out_size": { (r, l) throws(FramesError) in
            _ = frames_frame_set_laid_out_size(try r.object(l), try l.double("width"), try l.double("height"), try l.int("now_ms"))
        },
        "frames_frame_set_height_mode": { (r, l) throws(FramesError) in _ = frames_frame_set_height_mode(try r.object(l), try int32(l, "mode"), try l.double("fixed_height")) },
        "frames_frame_report_rendered": { (r, l) throws(FramesError) in _ = frames_frame_report_rendered(try r.object(l), try l.double("height"), try l.int("now_ms")) },
        "frames_frame_report_render_failed": { (r, l) throws(FramesError) in _ = frames_frame_report_render_failed(try r.object(l), try r.text(l, "message"), try l.int("now_ms")) },
        "frames_frame_report_dismissed": { (r, l) throws(FramesError) in _ = frames_frame_report_dismissed(try r.object(l), try l.int("now_ms")) },
        "frames_frame_report_action": { (r, l) throws(FramesError) in _ = frames_frame_report_action(try r.object(l), try r.text(l, "action_id"), try l.int("now_ms")) },
    ]

    nonisolated(unsafe) private static let banners: [String: Call] = [
        "frames_banners_set_delegate": { (r, l) throws(FramesError) in
            try delegate(l, FRAMES_BANNERS_DELEGATE_VERSION) { (d: UnsafePointer<frames_banners_delegate>?) in frames_banners_set_delegate(r.engineHandle, d) }
        },
        "frames_banners_preload": { (r, l) throws(FramesError) in _ = frames_banners_preload(r.engineHandle, try r.text(l, "placement_id"), try l.int("now_ms")) },
        "frames_banner_place_new": { (r, l) throws(FramesError) in
            var appearance = try CAppearance.read(l)
            var place: OpaquePointer?
            _ = frames_banner_place_new(r.engineHandle, try r.text(l, "placement_id"), &appearance, &place)
        },
        "frames_banner_place_free": { (r, l) throws(FramesError) in _ = frames_banner_place_free(try r.object(l)) },
        "frames_banner_place_set_delegate": { (r, l) throws(FramesError) in
            let place = try r.object(l)
            try delegate(l, FRAMES_BANNER_PLACE_DELEGATE_VERSION) { (d: UnsafePointer<frames_banner_place_delegate>?) in frames_banner_place_set_delegate(place, d) }
        },
        "frames_banner_place_attach": { (r, l) throws(FramesError) in _ = frames_banner_place_attach(try r.object(l), try l.int("now_ms")) },
        "frames_banner_place_refresh": { (r, l) throws(FramesError) in _ = frames_banner_place_refresh(try r.object(l), try l.int("now_ms")) },
        "frames_banner_place_set_container": { (r, l) throws(FramesError) in
            _ = frames_banner_place_set_container(try r.object(l), try l.double("width"), try l.bool("rtl"), try l.int("now_ms"))
        },
        "frames_banner_place_set_viewport": { (r, l) throws(FramesError) in
            let place = try r.object(l)
            let now = try l.int("now_ms")
            guard try l.bool("viewport") else { _ = frames_banner_place_set_viewport(place, nil, now); return }
            var rect = frames_rect(x: try l.double("x"), y: try l.double("y"), width: try l.double("width"), height: try l.double("height"))
            _ = frames_banner_place_set_viewport(place, &rect, now)
        },
        "frames_banner_place_set_hidden": { (r, l) throws(FramesError) in _ = frames_banner_place_set_hidden(try r.object(l), try l.bool("hidden"), try l.int("now_ms")) },
        "frames_banner_place_set_reader_shown": { (r, l) throws(FramesError) in _ = frames_banner_place_set_reader_shown(try r.object(l), try l.bool("shown"), try l.int("now_ms")) },
        "frames_banner_place_pause": { (r, l) throws(FramesError) in _ = frames_banner_place_pause(try r.object(l), try l.int("now_ms")) },
        "frames_banner_place_resume": { (r, l) throws(FramesError) in _ = frames_banner_place_resume(try r.object(l), try l.int("now_ms")) },
        "frames_banner_place_report_user_interaction": { (r, l) throws(FramesError) in _ = frames_banner_place_report_user_interaction(try r.object(l), try l.int("now_ms")) },
        "frames_banner_place_report_user_scrolled": { (r, l) throws(FramesError) in _ = frames_banner_place_report_user_scrolled(try r.object(l), try index(l), try l.int("now_ms")) },
        "frames_banner_place_report_web_context_reset": { (r, l) throws(FramesError) in
            _ = frames_banner_place_report_web_context_reset(try r.object(l), try index(l), try l.int("now_ms"))
        },
        "frames_banner_place_retry_row": { (r, l) throws(FramesError) in _ = frames_banner_place_retry_row(try r.object(l), try index(l), try l.int("now_ms")) },
        "frames_banner_place_show_next": { (r, l) throws(FramesError) in
            var out = frames_navigation()
            _ = frames_banner_place_show_next(try r.object(l), try l.int("now_ms"), &out)
        },
        "frames_banner_place_show_previous": { (r, l) throws(FramesError) in
            var out = frames_navigation()
            _ = frames_banner_place_show_previous(try r.object(l), try l.int("now_ms"), &out)
        },
        "frames_banner_place_show_banner": { (r, l) throws(FramesError) in
            var out = frames_navigation()
            _ = frames_banner_place_show_banner(try r.object(l), try index(l), try l.int("now_ms"), &out)
        },
        "frames_banner_place_report_action": { (r, l) throws(FramesError) in
            _ = frames_banner_place_report_action(try r.object(l), try index(l), try r.text(l, "target"), try l.int("now_ms"))
        },
        "frames_banner_place_report_widget_event": { (r, l) throws(FramesError) in
            _ = frames_banner_place_report_widget_event(try r.object(l), try index(l), try r.text(l, "name"), try r.text(l, "data_json"),
                                                        try l.int("now_ms"))
        },
        "frames_banner_place_report_input_requested": { (r, l) throws(FramesError) in
            _ = frames_banner_place_report_input_requested(try r.object(l), try index(l), try int32(l, "kind"), try r.text(l, "prompt"),
                                                           try l.int("now_ms"))
        },
        "frames_banner_place_report_input_finished": { (r, l) throws(FramesError) in _ = frames_banner_place_report_input_finished(try r.object(l), try l.int("now_ms")) },
    ]

    nonisolated(unsafe) private static let inline: [String: Call] = [
        "frames_inline_set_delegate": { (r, l) throws(FramesError) in
            // Only whether `available` is set matters to the engine (IL-02);
            // the replay answers every callback itself.
            let available = try l.bool("available")
            try delegate(l, FRAMES_INLINE_DELEGATE_VERSION, { if available { $0.available = { _, _, _ in } } }) {
                (d: UnsafePointer<frames_inline_delegate>?) in frames_inline_set_delegate(r.engineHandle, d)
            }
        },
        "frames_inline_view_new": { (r, l) throws(FramesError) in
            var view: OpaquePointer?
            _ = frames_inline_view_new(r.engineHandle, try r.text(l, "placement_id"), &view)
        },
        "frames_inline_view_free": { (r, l) throws(FramesError) in _ = frames_inline_view_free(try r.object(l)) },
        "frames_inline_view_set_delegate": { (r, l) throws(FramesError) in
            let view = try r.object(l)
            try delegate(l, FRAMES_INLINE_VIEW_DELEGATE_VERSION) { (d: UnsafePointer<frames_inline_view_delegate>?) in frames_inline_view_set_delegate(view, d) }
        },
        "frames_inline_view_attach": { (r, l) throws(FramesError) in _ = frames_inline_view_attach(try r.object(l), try l.int("now_ms")) },
        "frames_inline_view_detach": { (r, l) throws(FramesError) in _ = frames_inline_view_detach(try r.object(l)) },
        "frames_inline_view_render": { (r, l) throws(FramesError) in _ = frames_inline_view_render(try r.object(l), try l.int("now_ms")) },
        "frames_inline_view_set_size": { (r, l) throws(FramesError) in
            _ = frames_inline_view_set_size(try r.object(l), try l.double("width"), try l.double("height"), try l.int("now_ms"))
        },
        "frames_inline_view_report_content_shown": { (r, l) throws(FramesError) in _ = frames_inline_view_report_content_shown(try r.object(l), try l.int("now_ms")) },
        "frames_inline_view_report_render_failed": { (r, l) throws(FramesError) in
            _ = frames_inline_view_report_render_failed(try r.object(l), try r.text(l, "message"), try l.int("now_ms"))
        },
        "frames_inline_view_report_bridge_message": { (r, l) throws(FramesError) in
            let message = try l.body("message")
            let (view, now) = (try r.object(l), try l.int("now_ms"))
            _ = message.withUnsafeBufferPointer { bytes in
                bytes.withMemoryRebound(to: CChar.self) {
                    frames_inline_view_report_bridge_message(view, $0.baseAddress ?? r.arena.string(""), UInt($0.count), now)
                }
            }
        },
        "frames_inline_track_event": { (r, l) throws(FramesError) in
            _ = frames_inline_track_event(r.engineHandle, try r.text(l, "name"), try r.text(l, "properties_json"), try l.int("now_ms"))
        },
        "frames_inline_call_resolve": { (r, l) throws(FramesError) in
            _ = frames_inline_call_resolve(r.engineHandle, try l.uint("call_id"), try l.bool("success"), try r.text(l, "result_json"),
                                           try l.int("now_ms"))
        },
    ]

    nonisolated(unsafe) private static let messages: [String: Call] = [
        "frames_messages_set_delegate": { (r, l) throws(FramesError) in
            try delegate(l, FRAMES_MESSAGES_DELEGATE_VERSION) { (d: UnsafePointer<frames_messages_delegate>?) in frames_messages_set_delegate(r.engineHandle, d) }
        },
        "frames_message_report_displayed": { (r, l) throws(FramesError) in
            _ = frames_message_report_displayed(r.engineHandle, try r.text(l, "message_id"), try l.int("now_ms"))
        },
        "frames_message_report_button_tapped": { (r, l) throws(FramesError) in
            _ = frames_message_report_button_tapped(r.engineHandle, try r.text(l, "message_id"), try index(l, "button_index"), try l.int("now_ms"))
        },
        "frames_message_report_dismissed": { (r, l) throws(FramesError) in
            _ = frames_message_report_dismissed(r.engineHandle, try r.text(l, "message_id"), try l.int("now_ms"))
        },
    ]

    /// A recorded frames_*_set_delegate: NULL, or an empty delegate of the
    /// recorded version (RecordingLine.delegate) — the replay answers every
    /// callback itself, so no member but `prepare`'s needs to be set.
    private static func delegate<C: ZeroInitializedStruct>(
        _ line: RecordedLine, _ known: Int32, _ prepare: (inout C) -> Void = { _ in },
        _ set: (UnsafePointer<C>?) -> frames_result
    ) throws(FramesError) {
        guard try line.bool("set") else { _ = set(nil); return }
        var d = C()
        d.version = UInt32(known)
        if line["version"] != nil {
            guard let version = UInt32(exactly: try line.uint("version")) else { throw line.missing("version", "a 32-bit version") }
            d.version = version
        }
        prepare(&d)
        _ = withUnsafePointer(to: &d) { set($0) }
    }

    private static func int32(_ line: RecordedLine, _ key: String) throws(FramesError) -> Int32 {
        guard let value = Int32(exactly: try line.int(key)) else { throw line.missing(key, "a 32-bit integer") }
        return value
    }

    private static func index(_ line: RecordedLine, _ key: String = "index") throws(FramesError) -> UInt {
        guard let value = UInt(exactly: try line.uint(key)) else { throw line.missing(key, "an index") }
        return value
    }
}
