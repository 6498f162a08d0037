// Decides: IL-01, IL-03, IL-06, IL-10
/// The host's calls on inline views and the event call (IL-01..IL-03,
/// IL-06, IL-10).
extension InlineController {
    /// A new view for `placementKey` (1...256 bytes, compared by its exact
    /// bytes, XC-07): detached, size 0 × 0 (IL-10: no default size), no
    /// delegate, no content.
    public func makeView(placementKey: String) throws(FramesError) -> InlineView {
        try services.mutate { () throws(FramesError) -> InlineView in
            try Identifier.check(placementKey, "placement key")
            let view = InlineView(id: services.newObjectId(), placementKey: placementKey, createdByEngine: false)
            engaged = true
            register(view)
            return view
        }
    }

    /// IL-10: unregisters the view; nothing reaches it afterwards, not even a
    /// callback already queued. A customMethod call it made may still be
    /// resolved: that succeeds and does nothing (IL-07).
    public func removeView(_ view: InlineView) throws(FramesError) {
        try services.mutate { () throws(FramesError) in
            try check(view)
            clearContent(view, status: .idle)
            unregister(view)
            view.delegate = nil
        }
    }

    /// IL-01: the view is in the host's hierarchy: automatic campaigns of
    /// its key are requested now. Attaching twice is harmless. A view its
    /// content closed takes campaigns again once attached anew.
    public func attach(_ view: InlineView, now: Milliseconds) throws(FramesError) {
        try services.mutate(now: now) { (now) throws(FramesError) in
            try check(view)
            guard !view.isAttached else { return }
            view.isAttached = true
            view.closedByContent = false
            trigger(view, .automatic, now: now)
        }
    }

    /// The view left the hierarchy: it keeps its content but events no longer
    /// update it (IL-02).
    public func detach(_ view: InlineView) throws(FramesError) {
        try services.mutate { () throws(FramesError) in
            try check(view)
            view.isAttached = false
            if view.waiting == .automatic { view.waiting = nil }
        }
    }

    /// IL-01: the on-demand trigger: the best campaign of the key that does
    /// not wait for an event. The host asks for this view by name, so one
    /// its content closed takes campaigns again.
    public func render(_ view: InlineView, now: Milliseconds) throws(FramesError) {
        try services.mutate(now: now) { (now) throws(FramesError) in
            try check(view)
            view.closedByContent = false
            trigger(view, .onDemand, now: now)
        }
    }

    /// IL-08, IL-10: the view's laid-out size in dp (finite, >= 0), what
    /// `getComponentSize()` answers.
    public func setSize(_ view: InlineView, width: Double, height: Double, now: Milliseconds) throws(FramesError) {
        try services.mutate(now: now) { (_) throws(FramesError) in
            try check(view)
            guard width.isFinite, width >= 0, height.isFinite, height >= 0 else {
                throw .invalidArgument("view size is \(width) x \(height); both must be finite lengths >= 0 (dp)")
            }
            view.width = width
            view.height = height
        }
    }

    /// IL-03, IL-06: the host drew the content and it is on screen: `loaded`
    /// (the view's first content) or `updated`, `inApp.show` for this view,
    /// and — when no other view of the key shows the campaign — one display
    /// towards its capping (IL-05). Reporting it again is harmless.
    public func contentShown(_ view: InlineView, now: Milliseconds) throws(FramesError) {
        try services.mutate(now: now) { (now) throws(FramesError) in
            try check(view)
            if view.status == .shown { return }
            guard view.status == .rendering, let campaign = view.campaign, let message = view.message else {
                throw FramesError(.invalidState, "inline view \(view.id) is \(view.status.name); only content the "
                    + "engine asked to render can be reported on screen")
            }
            services.cancelTimer(view.renderTimer)
            view.renderTimer = nil
            view.status = .shown
            if enterDisplay(view, campaign), let capping = campaign.capping {
                noteDisplay(campaign, capping: capping, now: now)
            }
            let first = !view.hasLoaded
            view.hasLoaded = true
            if first {
                post(view) { $1.view($0, didLoad: message) }
            } else {
                post(view) { $1.view($0, didUpdate: message) }
            }
            record(InlineRecordName.show, view, campaign, now: now, fields: [AnalyticsField("trigger", campaign.trigger.wireName)])
        }
    }

    /// IL-06: the host could not draw the content (`failed`, renderingFailed).
    public func renderFailed(_ view: InlineView, message: String?, now: Milliseconds) throws(FramesError) {
        try services.mutate(now: now) { (now) throws(FramesError) in
            try check(view)
            guard view.status == .rendering || view.status == .shown else {
                throw FramesError(.invalidState, "inline view \(view.id) is \(view.status.name); only content being "
                    + "rendered or shown can fail to render")
            }
            fail(view, ContentError(.renderingFailed, "the host could not render the content: \(message ?? "no reason given")"),
                 now: now)
        }
    }

    /// IL-02: a tracked event. `propertiesJSON` (a JSON object of at most 64
    /// KiB, or nil) is checked and traced; the choice does not read it.
    /// Before the campaigns have arrived, events wait for them (at most 32).
    public func trackEvent(_ name: String, propertiesJSON: String?, now: Milliseconds) throws(FramesError) {
        try services.mutate(now: now) { (now) throws(FramesError) in
            try Identifier.check(name, "event name")
            engaged = true
            if let propertiesJSON {
                if case .failure(let error) = InlineContextMap.check(propertiesJSON, what: "properties_json") { throw error }
            }
            guard isActive else {
                services.trace(.info, "inline: event \"\(name)\" ignored: content is not allowed (XC-04)")
                return
            }
            guard fetch.catalog != nil else {
                if pendingEvents.count >= Self.maxPendingEvents {
                    services.trace(.warning, "inline: event \"\(pendingEvents.removeFirst())\" dropped: more than "
                        + "\(Self.maxPendingEvents) events wait for the campaigns")
                }
                pendingEvents.append(name)
                startFetch(now: now)
                return
            }
            fireEvent(name, now: now)
        }
    }
}
