// Decides: XC-08
import CFrames
import FramesCore

// Section "Results and errors" of frames.h.

@_cdecl("frames_result_str")
public func frames_result_str(_ code: frames_result) -> UnsafePointer<CChar> {
    if code == FRAMES_OK { return StaticText.ok }
    return StaticText.codes[code] ?? StaticText.unknownCode
}

@_cdecl("frames_error_last_code")
public func frames_error_last_code() -> frames_result {
    LastError.code
}

@_cdecl("frames_error_last_message")
public func frames_error_last_message() -> UnsafePointer<CChar> {
    LastError.message
}

@_cdecl("frames_error_clear")
public func frames_error_clear() {
    LastError.clear()
}
