// Decides: IL-07
/// The host's global inline delegate (IL-02, IL-07): views the engine made
/// for event triggers, per-message context, and what content asks the host
/// to do. Set once per engine. Every method runs synchronously on the owner
/// thread after the state change (XC-03).
public protocol InlineHost: AnyObject {
    /// Whether the host takes views the engine makes for event triggers;
    /// when false none is made (nobody could embed it).
    var acceptsAvailableViews: Bool { get }
    /// IL-02: an event triggered a campaign for a key with no attached view:
    /// embed this view (it is the host's to release).
    func inlineAvailable(_ view: InlineView, message: InlineMessage)
    /// IL-07: per-message values for rendering, as JSON object text (nil:
    /// none). Throwing, or text that is not a JSON object, fails the render.
    func contextMap(for message: InlineMessage, view: InlineView) throws(FramesError) -> String?
    /// IL-08: content asked to open a URL that passed the allow-list.
    func inlineOpenURL(_ url: String, view: InlineView, message: InlineMessage)
    /// IL-08: content asked to open a deep link that passed the allow-list.
    func inlineOpenDeepLink(_ link: String, view: InlineView, message: InlineMessage)
    /// IL-07: `handleCustomAction(name, params)`; params is JSON object text.
    func inlineCustomAction(_ name: String, params: String, view: InlineView, message: InlineMessage)
    /// IL-07: `customMethod(name, params)`: resolve `callId` exactly once
    /// (`InlineController.resolveCall`).
    func inlineCustomMethod(_ name: String, params: String, callId: UInt64, view: InlineView, message: InlineMessage)
    /// IL-08: content asked to open something the allow-list refused; it was
    /// not opened.
    func inlineURLRefused(_ url: String, deepLink: Bool, reason: String, view: InlineView, message: InlineMessage)
}

extension InlineHost {
    public var acceptsAvailableViews: Bool { true }
    public func inlineAvailable(_ view: InlineView, message: InlineMessage) {}
    public func contextMap(for message: InlineMessage, view: InlineView) throws(FramesError) -> String? { nil }
    public func inlineOpenURL(_ url: String, view: InlineView, message: InlineMessage) {}
    public func inlineOpenDeepLink(_ link: String, view: InlineView, message: InlineMessage) {}
    public func inlineCustomAction(_ name: String, params: String, view: InlineView, message: InlineMessage) {}
    public func inlineCustomMethod(_ name: String, params: String, callId: UInt64, view: InlineView, message: InlineMessage) {}
    public func inlineURLRefused(_ url: String, deepLink: Bool, reason: String, view: InlineView, message: InlineMessage) {}
}
