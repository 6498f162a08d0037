import CFrames
import FramesCore

// XC-11 in frames.h: every object's explanation, one JSON shape
// (docs/wire-format.md §9). Thin shims: the core decides the answer; here
// the handles are checked and the text is lent until the next call on the
// engine.

@_cdecl("frames_frame_explain")
public func frames_frame_explain(
    _ handle: OpaquePointer?, _ now: Int64,
    _ outJSON: UnsafeMutablePointer<UnsafePointer<CChar>?>?, _ outLength: UnsafeMutablePointer<UInt>?
) -> frames_result {
    withResult { () throws(FramesError) in
        let entry = try Handles.frame(handle)
        try lendExplanation(entry.engine, outJSON, outLength) { () throws(FramesError) in
            try entry.engine.engine.appFrames.explain(entry.frame, now: now)
        }
    }
}

@_cdecl("frames_banner_place_explain")
public func frames_banner_place_explain(
    _ handle: OpaquePointer?, _ now: Int64,
    _ outJSON: UnsafeMutablePointer<UnsafePointer<CChar>?>?, _ outLength: UnsafeMutablePointer<UInt>?
) -> frames_result {
    withResult { () throws(FramesError) in
        let entry = try Handles.place(handle)
        try lendExplanation(entry.engine, outJSON, outLength) { () throws(FramesError) in
            try entry.engine.engine.banners.explain(entry.place, now: now)
        }
    }
}

@_cdecl("frames_inline_explain")
public func frames_inline_explain(
    _ handle: OpaquePointer?, _ placementId: UnsafePointer<CChar>?, _ now: Int64,
    _ outJSON: UnsafeMutablePointer<UnsafePointer<CChar>?>?, _ outLength: UnsafeMutablePointer<UInt>?
) -> frames_result {
    explainNamed(handle, placementId, "placement_id", outJSON, outLength) { (engine, key) throws(FramesError) in
        try engine.inline.explain(placementKey: key, now: now)
    }
}

@_cdecl("frames_message_explain")
public func frames_message_explain(
    _ handle: OpaquePointer?, _ messageId: UnsafePointer<CChar>?, _ now: Int64,
    _ outJSON: UnsafeMutablePointer<UnsafePointer<CChar>?>?, _ outLength: UnsafeMutablePointer<UInt>?
) -> frames_result {
    explainNamed(handle, messageId, "message_id", outJSON, outLength) { (engine, id) throws(FramesError) in
        try engine.messages.explain(messageId: id, now: now)
    }
}

@_cdecl("frames_engine_explain")
public func frames_engine_explain(
    _ handle: OpaquePointer?, _ now: Int64,
    _ outJSON: UnsafeMutablePointer<UnsafePointer<CChar>?>?, _ outLength: UnsafeMutablePointer<UInt>?
) -> frames_result {
    withResult { () throws(FramesError) in
        let entry = try Handles.engine(handle)
        try lendExplanation(entry, outJSON, outLength) { () throws(FramesError) in
            try entry.engine.explain(now: now)
        }
    }
}

/// An object of the engine named by a text parameter (`what`): the handle,
/// then the text, then the explanation lent.
private func explainNamed(
    _ handle: OpaquePointer?, _ name: UnsafePointer<CChar>?, _ what: String,
    _ outJSON: UnsafeMutablePointer<UnsafePointer<CChar>?>?, _ outLength: UnsafeMutablePointer<UInt>?,
    _ explain: (Engine, String) throws(FramesError) -> Explanation
) -> frames_result {
    withResult { () throws(FramesError) in
        let entry = try Handles.engine(handle)
        let text = try requiredText(name, what)
        try lendExplanation(entry, outJSON, outLength) { () throws(FramesError) in try explain(entry.engine, text) }
    }
}

/// Checks the out-pointers before anything is asked, then lends the
/// explanation's text: nothing is written unless the whole call succeeds.
private func lendExplanation(
    _ engine: EngineEntry, _ outJSON: UnsafeMutablePointer<UnsafePointer<CChar>?>?,
    _ outLength: UnsafeMutablePointer<UInt>?, _ explain: () throws(FramesError) -> Explanation
) throws(FramesError) {
    let jsonOut = try required(outJSON, "out_json")
    let lengthOut = try required(outLength, "out_len")
    let json = try explain().json
    jsonOut.pointee = try engine.lend { $0.string(json) }
    lengthOut.pointee = UInt(json.utf8.count)
}
