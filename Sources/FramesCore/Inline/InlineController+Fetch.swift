/// Fetching the inline campaigns: a POST to `inline_url` carrying who asks
/// (like every fetch), at the first need, at session start, after an
/// identity change and on coming back to the foreground (at most once per
/// refresh interval). docs/wire-format.md §7 has the document.
extension InlineController {
    /// Starts a fetch unless one is running or content is not allowed.
    func startFetch(now: Milliseconds) {
        guard isActive, fetch.attempt == nil else { return }
        fetch.attempt = 1
        fetch.startedAt = now
        sendFetch(now: now)
    }

    func sendFetch(now: Milliseconds) {
        guard isActive, fetch.attempt != nil else { return }
        enqueue(.campaigns, url: options.campaignsURL, body: "{" + services.identityJSONFields() + "}", now: now)
    }

    func campaignsArrived(_ body: [UInt8], now: Milliseconds) {
        let document: InlineCampaignsDocument
        do {
            document = try InlineCampaignsDocument.decode(body)
        } catch {
            campaignsFailed(.malformed(error.message), now: now)
            return
        }
        fetch.attempt = nil
        if document.sdkDisabled {
            services.trace(.info, "inline: the campaigns answer says the SDK is disabled (XC-04)")
            services.disableRemotely(now: now)
            return
        }
        let catalog = InlineCatalog(document, userId: services.session.userId, now: now)
        fetch.catalog = catalog
        fetch.stale = nil
        fetch.failure = nil
        catalogChanged()
        services.trace(.info, "inline: \(document.campaigns.count) campaigns for \(catalog.byKey.count) placement keys")
        // Content no campaign refers to any more is not kept.
        let used = Set(document.campaigns.map { $0.content })
        loaded = loaded.filter { used.contains($0.key) }
        // Views waiting for the campaigns, and attached views (a refresh may
        // bring a campaign of strictly higher priority, IL-04).
        for view in orderedViews() {
            if let waiting = view.waiting {
                view.waiting = nil
                trigger(view, waiting, now: now)
            } else if view.takesCampaigns {
                trigger(view, .automatic, now: now)
            }
        }
        let events = pendingEvents
        pendingEvents.removeAll()
        for event in events { fireEvent(event, now: now) }
    }

    func campaignsFailed(_ failure: RequestFailure, now: Milliseconds) {
        let attempt = fetch.attempt ?? 1
        if let delay = services.retryDelay(after: attempt, failure) {
            fetch.attempt = attempt + 1
            fetch.retryTimer = services.schedule(.retryFetch, at: now.addingClamped(delay))
            return
        }
        fetch.attempt = nil
        let error = ContentError(.resolutionFailed,
                               "the inline campaigns fetch failed after \(attempt) attempt\(attempt == 1 ? "" : "s"): "
                                   + failure.message, httpStatus: failure.httpStatus)
        services.trace(.warning, "inline: \(error.message)")
        if !pendingEvents.isEmpty {
            services.trace(.info, "inline: \(pendingEvents.count) events tracked before the campaigns arrived are dropped")
            pendingEvents.removeAll()
        }
        // A failed refresh keeps the campaigns the engine has.
        guard fetch.catalog == nil else { return }
        fetch.failure = error
        for view in orderedViews() where view.waiting != nil {
            view.waiting = nil
            view.status = .failed
            post(view) { $1.view($0, didFail: error, message: nil) }
        }
    }
}
