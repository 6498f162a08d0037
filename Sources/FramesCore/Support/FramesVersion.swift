// Decides: XC-09
/// The library's semantic version (XC-09). Must equal FRAMES_VERSION_* in
/// include/frames.h; a test compares them.
public enum FramesVersion {
    public static let major: UInt32 = 1
    public static let minor: UInt32 = 1
    public static let patch: UInt32 = 0
    public static var number: UInt32 { major * 1_000_000 + minor * 1_000 + patch }
    public static var string: String { "\(major).\(minor).\(patch)" }
}
