import CFrames
import FramesCore

// Section "App Frames" of frames.h: frames, their inputs and their state.

@_cdecl("frames_app_frames_get_enabled")
public func frames_app_frames_get_enabled(_ handle: OpaquePointer?, _ outEnabled: UnsafeMutablePointer<Bool>?) -> frames_result {
    withResult { () throws(FramesError) in
        let entry = try Handles.engine(handle)
        try required(outEnabled, "out_enabled").pointee = entry.engine.appFrames.isEnabled
    }
}

@_cdecl("frames_frame_delegate_init")
public func frames_frame_delegate_init(_ delegate: UnsafeMutablePointer<frames_frame_delegate>?, _ version: UInt32) -> frames_result {
    withResult { () throws(FramesError) in
        try initialize(delegate, "delegate", version: version, is: FRAMES_FRAME_DELEGATE_VERSION, "frames_frame_delegate")
    }
}

@_cdecl("frames_frame_new")
public func frames_frame_new(_ engineHandle: OpaquePointer?, _ outFrame: UnsafeMutablePointer<OpaquePointer?>?) -> frames_result {
    withResult { () throws(FramesError) in
        let engine = try Handles.engine(engineHandle)
        let out = try required(outFrame, "out_frame")
        let entry: FrameEntry = try engine.recorded("frames_frame_new") { () throws(FramesError) in
            let frame = try engine.engine.appFrames.makeFrame()
            return try engine.adopt(frame) { entry in
                Handles.table.withLock { $0.frames[entry.id] = entry }
                engine.frameIds.insert(entry.id)
            }
        }
        engine.recordReturn("frames_frame_new") { $0.field("obj", entry.frame.recordingName) }
        out.pointee = entry.handle
    }
}

@_cdecl("frames_frame_free")
public func frames_frame_free(_ handle: OpaquePointer?) -> frames_result {
    guard handle != nil else { return FRAMES_OK }
    return withResult { () throws(FramesError) in
        let entry = try Handles.frame(handle)
        try entry.recorded("frames_frame_free") { () throws(FramesError) in
            _ = Handles.table.withLock { $0.frames.removeValue(forKey: entry.id) }
            entry.engine.frameIds.remove(entry.id)
            try entry.engine.engine.appFrames.removeFrame(entry.frame)
            entry.releaseDelegate()
        }
    }
}

@_cdecl("frames_frame_set_delegate")
public func frames_frame_set_delegate(_ handle: OpaquePointer?, _ delegate: UnsafePointer<frames_frame_delegate>?) -> frames_result {
    withResult { () throws(FramesError) in
        let entry = try Handles.frame(handle)
        try entry.recorded("frames_frame_set_delegate", { $0.field("set", delegate != nil) }) { () throws(FramesError) in
            try replaceDelegate(delegate, version: FRAMES_FRAME_DELEGATE_VERSION, "frames_frame_delegate",
                                release: entry.releaseDelegate,
                                install: { entry.install(FrameDelegateBridge($0, handle: entry.handle, tap: entry.tap)) })
        }
    }
}

@_cdecl("frames_frame_set_placement")
public func frames_frame_set_placement(_ handle: OpaquePointer?, _ placementId: UnsafePointer<CChar>?, _ now: Int64) -> frames_result {
    withResult { () throws(FramesError) in
        let entry = try Handles.frame(handle)
        let placement = try text(placementId, "placement_id")
        try entry.recorded("frames_frame_set_placement", { $0.field("placement_id", placement); $0.field("now_ms", now) }) {
            () throws(FramesError) in
            try entry.engine.engine.appFrames.setPlacement(entry.frame, placement, now: now)
        }
    }
}

@_cdecl("frames_frame_attach")
public func frames_frame_attach(_ handle: OpaquePointer?, _ now: Int64) -> frames_result {
    withResult { () throws(FramesError) in
        let entry = try Handles.frame(handle)
        try entry.recorded("frames_frame_attach", { $0.field("now_ms", now) }) { () throws(FramesError) in
            try entry.engine.engine.appFrames.attach(entry.frame, now: now)
        }
    }
}

@_cdecl("frames_frame_detach")
public func frames_frame_detach(_ handle: OpaquePointer?) -> frames_result {
    withResult { () throws(FramesError) in
        let entry = try Handles.frame(handle)
        try entry.recorded("frames_frame_detach") { () throws(FramesError) in
            try entry.engine.engine.appFrames.detach(entry.frame)
        }
    }
}

@_cdecl("frames_frame_set_hidden")
public func frames_frame_set_hidden(_ handle: OpaquePointer?, _ hidden: Bool, _ now: Int64) -> frames_result {
    withResult { () throws(FramesError) in
        let entry = try Handles.frame(handle)
        try entry.recorded("frames_frame_set_hidden", { $0.field("hidden", hidden); $0.field("now_ms", now) }) {
            () throws(FramesError) in
            try entry.engine.engine.appFrames.setHidden(entry.frame, hidden, now: now)
        }
    }
}

@_cdecl("frames_frame_set_laid_out_size")
public func frames_frame_set_laid_out_size(_ handle: OpaquePointer?, _ width: Double, _ height: Double, _ now: Int64) -> frames_result {
    withResult { () throws(FramesError) in
        let entry = try Handles.frame(handle)
        try entry.recorded("frames_frame_set_laid_out_size", { $0.field("width", width); $0.field("height", height); $0.field("now_ms", now) }) {
            () throws(FramesError) in
            try entry.engine.engine.appFrames.setLaidOutSize(entry.frame, width: width, height: height, now: now)
        }
    }
}

@_cdecl("frames_frame_set_height_mode")
public func frames_frame_set_height_mode(_ handle: OpaquePointer?, _ mode: frames_height_mode, _ fixedHeight: Double) -> frames_result {
    withResult { () throws(FramesError) in
        let entry = try Handles.frame(handle)
        try entry.recorded("frames_frame_set_height_mode", { $0.field("mode", Int64(mode)); $0.field("fixed_height", fixedHeight) }) {
            () throws(FramesError) in
            guard let heightMode = HeightMode(rawValue: mode) else {
                throw .invalidArgument("mode is \(mode); it must be FRAMES_HEIGHT_MODE_INTRINSIC (0) or FRAMES_HEIGHT_MODE_FIXED (1)")
            }
            try entry.engine.engine.appFrames.setHeightMode(entry.frame, heightMode, fixedHeight: fixedHeight)
        }
    }
}

@_cdecl("frames_frame_get_status")
public func frames_frame_get_status(_ handle: OpaquePointer?, _ outStatus: UnsafeMutablePointer<frames_frame_status>?) -> frames_result {
    withResult { () throws(FramesError) in
        let entry = try Handles.frame(handle)
        try required(outStatus, "out_status").pointee = entry.frame.status.rawValue
    }
}

@_cdecl("frames_frame_get_error")
public func frames_frame_get_error(
    _ handle: OpaquePointer?, _ outError: UnsafeMutablePointer<frames_frame_error>?, _ outHasError: UnsafeMutablePointer<Bool>?
) -> frames_result {
    withResult { () throws(FramesError) in
        let entry = try Handles.frame(handle)
        let out = try required(outError, "out_error")
        let has = try required(outHasError, "out_has_error")
        guard let error = entry.frame.error else {
            has.pointee = false
            return
        }
        out.pointee = try entry.engine.lend { CFrameError.make(error, &$0) }
        has.pointee = true
    }
}

@_cdecl("frames_frame_get_intrinsic_height")
public func frames_frame_get_intrinsic_height(_ handle: OpaquePointer?, _ outHeight: UnsafeMutablePointer<Double>?) -> frames_result {
    withResult { () throws(FramesError) in
        let entry = try Handles.frame(handle)
        try required(outHeight, "out_height").pointee = entry.frame.intrinsicHeight
    }
}

@_cdecl("frames_frame_report_rendered")
public func frames_frame_report_rendered(_ handle: OpaquePointer?, _ height: Double, _ now: Int64) -> frames_result {
    withResult { () throws(FramesError) in
        let entry = try Handles.frame(handle)
        try entry.recorded("frames_frame_report_rendered", { $0.field("height", height); $0.field("now_ms", now) }) {
            () throws(FramesError) in
            try entry.engine.engine.appFrames.templateRendered(entry.frame, height: height, now: now)
        }
    }
}

@_cdecl("frames_frame_report_render_failed")
public func frames_frame_report_render_failed(_ handle: OpaquePointer?, _ message: UnsafePointer<CChar>?, _ now: Int64) -> frames_result {
    withResult { () throws(FramesError) in
        let entry = try Handles.frame(handle)
        let reason = try text(message, "message")
        try entry.recorded("frames_frame_report_render_failed", { $0.field("message", reason); $0.field("now_ms", now) }) {
            () throws(FramesError) in
            try entry.engine.engine.appFrames.templateFailed(entry.frame, message: reason, now: now)
        }
    }
}

@_cdecl("frames_frame_report_dismissed")
public func frames_frame_report_dismissed(_ handle: OpaquePointer?, _ now: Int64) -> frames_result {
    withResult { () throws(FramesError) in
        let entry = try Handles.frame(handle)
        try entry.recorded("frames_frame_report_dismissed", { $0.field("now_ms", now) }) { () throws(FramesError) in
            try entry.engine.engine.appFrames.templateDismissed(entry.frame, now: now)
        }
    }
}

@_cdecl("frames_frame_report_action")
public func frames_frame_report_action(_ handle: OpaquePointer?, _ actionId: UnsafePointer<CChar>?, _ now: Int64) -> frames_result {
    withResult { () throws(FramesError) in
        let entry = try Handles.frame(handle)
        let action = try requiredText(actionId, "action_id")
        try entry.recorded("frames_frame_report_action", { $0.field("action_id", action); $0.field("now_ms", now) }) {
            () throws(FramesError) in
            try entry.engine.engine.appFrames.templateAction(entry.frame, actionId: action, now: now)
        }
    }
}

@_cdecl("frames_frame_get_placement_id")
public func frames_frame_get_placement_id(
    _ handle: OpaquePointer?, _ buffer: UnsafeMutablePointer<CChar>?, _ capacity: UInt, _ outLength: UnsafeMutablePointer<UInt>?
) -> frames_result {
    withResult { () throws(FramesError) in
        let entry = try Handles.frame(handle)
        let length = try required(outLength, "out_length")
        try copyText(entry.frame.placementId ?? "", into: buffer, capacity: capacity, length: length, "placement id")
    }
}
