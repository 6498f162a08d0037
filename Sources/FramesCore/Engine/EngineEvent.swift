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
    case preloaded(placeId: String, Result<[Banner], FrameError>)
    case place(UInt64, PlaceEvent)
}

/// A callback a banner place owes its delegate (BN-15..BN-17).
enum PlaceEvent {
    case didUpdate(isContent: Bool, count: Int, listHeight: Double)
    case bannersLoaded
    case render(row: Int, generation: Int)
    case rowFailed(row: Int, FrameError)
    case show(row: Int)
    case playback(row: Int, playing: Bool, fromStart: Bool)
    case didScroll(Int)
    case onAction(String)
    case widgetEvent(row: Int, name: String, data: String?)
    case inputRequested(row: Int, kind: InputKind, prompt: String)
}
