/// What a view tells its host (IL-06), plus the two requests only the view's
/// host can serve: draw content, and pass a reply into the web view (IL-08).
/// Every method runs synchronously on the owner thread after the state
/// change (XC-03).
public protocol InlineViewDelegate: AnyObject {
    /// The engine started processing a campaign for this view.
    func viewDidStartProcessing(_ view: InlineView)
    /// The view's first content is on screen.
    func view(_ view: InlineView, didLoad message: InlineMessage)
    /// Another campaign's content is on screen.
    func view(_ view: InlineView, didUpdate message: InlineMessage)
    /// The content could not be downloaded or drawn (`message` is the
    /// campaign it was for, nil when the campaigns could not be fetched).
    func view(_ view: InlineView, didFail error: ContentError, message: InlineMessage?)
    /// Content asked for another size; the host owns the layout.
    func view(_ view: InlineView, sizeChanged width: Double, height: Double, message: InlineMessage)
    /// Content asked to be removed (close, closeAndTrigger), or the engine
    /// withdrew it (consent revoked, another user).
    func view(_ view: InlineView, shouldBeRemoved message: InlineMessage)
    /// Draw this content in the view, then report `contentShown` or
    /// `renderFailed`.
    func view(_ view: InlineView, render request: InlineRenderRequest)
    /// Pass this JSON text to the bridge script in the view's web view.
    func view(_ view: InlineView, reply: String)
}

extension InlineViewDelegate {
    public func viewDidStartProcessing(_ view: InlineView) {}
    public func view(_ view: InlineView, didLoad message: InlineMessage) {}
    public func view(_ view: InlineView, didUpdate message: InlineMessage) {}
    public func view(_ view: InlineView, didFail error: ContentError, message: InlineMessage?) {}
    public func view(_ view: InlineView, sizeChanged width: Double, height: Double, message: InlineMessage) {}
    public func view(_ view: InlineView, shouldBeRemoved message: InlineMessage) {}
    public func view(_ view: InlineView, render request: InlineRenderRequest) {}
    public func view(_ view: InlineView, reply: String) {}
}
