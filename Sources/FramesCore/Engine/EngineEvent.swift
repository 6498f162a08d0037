/// A callback the engine owes the host, queued while state changes and
/// delivered afterwards (XC-03).
enum EngineEvent {
    case statusChanged(frame: UInt64, to: FrameStatus, from: FrameStatus)
    case failed(frame: UInt64, FrameError)
    case heightChange(frame: UInt64, Double)
    case dismissRequested(frame: UInt64)
    case action(frame: UInt64, customData: String)
    case render(frame: UInt64, token: UInt64)
    case openURL(String)
    case analytics(AnalyticsRecord)
}
