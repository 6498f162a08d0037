import CFrames
import FramesCore

// Section "Versions" of frames.h.

@_cdecl("frames_version_number")
public func frames_version_number() -> UInt32 {
    FramesVersion.number
}

@_cdecl("frames_version_string")
public func frames_version_string() -> UnsafePointer<CChar> {
    StaticText.version
}
