// Decides: AF-18, AF-19, AF-20, AF-21, AF-22
/// What the host reports from the template it renders (AF-10, AF-18..AF-22).
extension AppFramesController {
    /// The template signalled its content is on screen with an optimal
    /// height; later calls report a new optimal height (AF-19).
    public func templateRendered(_ frame: AppFrame, height: Double, now: Milliseconds) throws(FramesError) {
        try services.mutate(now: now) { (now) throws(FramesError) in
            try check(frame)
            guard height.isFinite, height >= 0 else {
                throw .invalidArgument("template height is \(height); it must be a finite length >= 0")
            }
            switch frame.status {
            case .rendering:
                services.cancelTimer(frame.renderTimer)
                frame.renderTimer = nil
                frame.templateHeight = height
                setStatus(frame, .ready)
                post(frame, .height(height))
                checkImpression(frame, now: now)
            case .ready:
                guard height != frame.templateHeight else { return }
                frame.templateHeight = height
                post(frame, .height(height))
            default:
                throw wrongState(frame, "report a rendered template")
            }
        }
    }

    /// The host could not render the template (AF-10 renderingFailed). A nil
    /// message stands for "no reason given".
    public func templateFailed(_ frame: AppFrame, message: String?, now: Milliseconds) throws(FramesError) {
        try services.mutate(now: now) { (now) throws(FramesError) in
            try check(frame)
            guard frame.status == .rendering || frame.status == .ready else {
                throw wrongState(frame, "report a render failure")
            }
            services.cancelTimer(frame.renderTimer)
            frame.renderTimer = nil
            enterError(frame, ContentError(.renderingFailed, "the host could not render the template: \(message ?? "no reason given")"))
        }
    }

    /// AF-20: the user closed the content from inside the template.
    public func templateDismissed(_ frame: AppFrame, now: Milliseconds) throws(FramesError) {
        try services.mutate(now: now) { (now) throws(FramesError) in
            try check(frame)
            guard frame.status == .ready, let content = frame.content else {
                throw wrongState(frame, "dismiss")
            }
            setStatus(frame, .dismissed)
            post(frame, .dismiss)
            record("appFrames.dismiss", now: now, frame: frame, content: content)
        }
    }

    /// AF-21: the user triggered action `actionId` of the content: its own
    /// navigation first, then the click record, then the custom data if any.
    public func templateAction(_ frame: AppFrame, actionId: String, now: Milliseconds) throws(FramesError) {
        try services.mutate(now: now) { (now) throws(FramesError) in
            try check(frame)
            guard frame.status == .ready, let content = frame.content else {
                throw wrongState(frame, "trigger an action")
            }
            guard let action = content.action(actionId) else {
                throw .invalidArgument("the content on frame \(frame.id) has no action \"\(actionId)\"")
            }
            if let link = action.deepLink {
                services.post { controller in _ = controller.host?.openURL(link) }
            }
            var fields = [AnalyticsField("action_id", action.id)]
            if let link = action.deepLink { fields.append(AnalyticsField("deep_link", link)) }
            record("appFrames.click", now: now, frame: frame, content: content, fields: fields)
            if action.hasCustomData {
                let customData = JSONText.text(action.customData)
                post(frame, .action(customData: customData))
            }
        }
    }

    func renderTimedOut(_ frame: AppFrame, now: Milliseconds) {
        guard frame.status == .rendering else { return }
        enterError(frame, ContentError(.renderingFailed,
                                     "the template did not signal within the render timeout of \(options.renderTimeout) ms"))
    }

    private func wrongState(_ frame: AppFrame, _ what: String) -> FramesError {
        FramesError(.invalidState, "frame \(frame.id) is \(frame.status.stringValue); it cannot \(what) now")
    }
}
