/// What a frame tells its host (AF-07..AF-10, AF-19..AF-21). Every method
/// runs synchronously on the owner thread inside the engine call that caused
/// it, and may call back into the engine (XC-03).
public protocol AppFrameDelegate: AnyObject {
    func frame(_ frame: AppFrame, didChangeStatusTo status: FrameStatus, from previous: FrameStatus)
    func frame(_ frame: AppFrame, didFail error: ContentError)
    func frame(_ frame: AppFrame, didRequestHeightChange optimalHeight: Double)
    func frameDidRequestDismiss(_ frame: AppFrame)
    /// `customData` is the action's custom object as JSON text, never empty.
    func frame(_ frame: AppFrame, didTriggerAction customData: String)
}

extension AppFrameDelegate {
    public func frame(_ frame: AppFrame, didChangeStatusTo status: FrameStatus, from previous: FrameStatus) {}
    public func frame(_ frame: AppFrame, didFail error: ContentError) {}
    public func frame(_ frame: AppFrame, didRequestHeightChange optimalHeight: Double) {}
    public func frameDidRequestDismiss(_ frame: AppFrame) {}
    public func frame(_ frame: AppFrame, didTriggerAction customData: String) {}
}
