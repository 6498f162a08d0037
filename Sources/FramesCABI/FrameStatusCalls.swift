import CFrames
import FramesCore

// Section "App Frames" of frames.h: the pure status helpers (AF-06),
// thread-safe.

@_cdecl("frames_frame_status_str")
public func frames_frame_status_str(_ status: frames_frame_status) -> UnsafePointer<CChar> {
    let index = Int(status)
    guard FrameStatus(rawValue: status) != nil, StaticText.statuses.indices.contains(index) else {
        return StaticText.unknownStatus
    }
    return StaticText.statuses[index]
}

@_cdecl("frames_frame_status_is_loading")
public func frames_frame_status_is_loading(_ status: frames_frame_status) -> Bool {
    FrameStatus(rawValue: status)?.isLoading ?? false
}

@_cdecl("frames_frame_status_is_error")
public func frames_frame_status_is_error(_ status: frames_frame_status) -> Bool {
    FrameStatus(rawValue: status)?.isError ?? false
}

@_cdecl("frames_frame_error_code_str")
public func frames_frame_error_code_str(_ code: frames_frame_error_code) -> UnsafePointer<CChar> {
    guard let value = ContentError.Code(rawValue: code) else { return StaticText.unknownStatus }
    return StaticText.errorCodes[value] ?? StaticText.unknownStatus
}
