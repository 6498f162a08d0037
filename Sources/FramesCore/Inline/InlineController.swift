/// Inline in-app messages (IL-01..IL-10): views bound to placement keys, the
/// campaigns fetched for the current user, the three triggers, priority and
/// capping, content downloads and render requests, and the JS bridge. A
/// module of the engine: it owns this state and reaches the shared services
/// through `services`.
///
/// Every inline request belongs to the identity and consent it was made for:
/// a user change or a revoked consent drops the campaigns, the content and
/// the answers still due (XC-04).
public final class InlineController: EngineModule {
    let services: ModuleServices<InlineController>
    let options: InlineOptions
    let allowList: URLAllowList
    #if hasFeature(Embedded)
    // Strong in the Embedded build, which has no weak references: its only
    // host there is the C layer's bridge, which holds nothing that holds
    // this object (docs/decisions.md, "Embedded Swift").
    public var host: InlineHost? {
        didSet { if host != nil { engaged = true } }
    }
    #else
    public weak var host: InlineHost? {
        didSet { if host != nil { engaged = true } }
    }
    #endif
    /// The host uses inline messages: it made a view, tracked an event or
    /// set the global delegate. Until then the engine fetches nothing for
    /// them, so a host of App Frames or banners alone sees no inline request.
    var engaged = false

    var views: [UInt64: InlineView] = [:]
    /// View ids per placement key, in creation order.
    var viewsByKey: [ExactKey: [UInt64]] = [:]
    var fetch = InlineFetch()
    /// Checked content per content reference, for the current user.
    var loaded: [ContentReference: InlineLoadedContent] = [:]
    /// Content downloads with the App Frames checks (AF-14), each shared by
    /// the views that need it.
    let downloads: ContentDownloads<InlineWaiter, InlineController>
    /// IL-05: display times per user and campaign (durable, XC-10).
    var ledger = CappingLedger()
    /// IL-03: the views showing each (placement key, campaign) now. A
    /// display starts when the first of them shows it and ends when the last
    /// stops: capping counts displays, not views.
    var displays: [DisplayKey: Set<UInt64>] = [:]
    /// IL-07: customMethod calls not resolved yet, by call id.
    var calls: [UInt64: PendingCall] = [:]
    var nextCallId: UInt64 = 1
    /// Derived from the catalog for the triggers' hot path (`catalogChanged`):
    /// per campaign position, how many views show it now and — nil until
    /// needed again — its display times for the current user; per placement
    /// key number, its views in creation order.
    var shownCount: [Int] = []
    var capTimes: [[Milliseconds]?]?
    var keyViews: [[InlineView]] = []
    /// Events tracked while the campaigns were still being fetched.
    var pendingEvents: [String] = []
    /// Event campaigns of the current catalog triggered with nowhere to show
    /// — no view of their key took campaigns and the host takes no new
    /// views — and when, so that `explain` can say so (IL-02). Emptied with
    /// every change of catalog (`catalogChanged`).
    var unplaced: [ExactKey: Milliseconds] = [:]
    static let maxPendingEvents = 32

    enum RequestPurpose {
        case campaigns
        case download
    }

    enum TimerPurpose {
        case retryFetch
        case retryDownload
        case renderTimeout(view: UInt64, token: UInt64)
        case callDeadline(UInt64)
    }

    struct DisplayKey: Hashable {
        let key: ExactKey
        let campaign: ExactKey

        init(_ campaign: InlineCampaign) {
            key = ExactKey(campaign.placementKey)
            self.campaign = ExactKey(campaign.id)
        }
    }

    /// A customMethod call waiting for the host (IL-07).
    struct PendingCall {
        let view: UInt64
        /// The view's content when the call was made: a reply for content
        /// that has since gone is dropped.
        let token: UInt64
        /// The bridge call id the reply carries.
        let replyId: Int64
        var deadline: TimerID?
    }

    convenience init(services: ModuleServices<InlineController>, options: InlineOptions) throws(FramesError) {
    // Checked before the object exists, then a non-throwing initializer:
    // Embedded Swift 6.3.1 leaks an instance whose initializer throws
    // (docs/decisions.md, "Embedded Swift").
        let checked = try options.validated(services.options)
        self.init(services: services, checked: checked, allowList: try URLAllowList(extraSchemes: options.urlSchemes))
    }

    private init(services: ModuleServices<InlineController>, checked options: InlineOptions, allowList: URLAllowList) {
        self.options = options
        self.allowList = allowList
        self.services = services
        downloads = ContentDownloads(services: services, requests: .download, retries: .retryDownload)
        services.bind(self)
    }

    /// Content may be fetched, chosen, shown and recorded (XC-04).
    var isActive: Bool { services.session.contentAllowed }

    public var viewCount: Int { views.count }

    func orderedViews() -> [InlineView] {
        views.values.sorted { $0.id < $1.id }
    }

    func views(of key: String) -> [InlineView] {
        (viewsByKey[ExactKey(key)] ?? []).compactMap { views[$0] }
    }

    func check(_ view: InlineView) throws(FramesError) {
        guard views[view.id] === view else {
            throw FramesError(.invalidHandle, "inline view \(view.id) does not belong to this engine or was released")
        }
    }

    func record(_ name: String, _ view: InlineView, _ campaign: InlineCampaign, now: Milliseconds,
                fields: [AnalyticsField] = []) {
        services.record(name, module: "inline", now: now, location: view.placementKey, campaignId: campaign.id,
                    viewId: view.viewId, fields: fields)
    }

    /// Queues a delegate callback; skipped if the view is released before
    /// delivery (IL-10, XC-03) or its delegate went away.
    func post(_ view: InlineView, _ call: @escaping (InlineView, InlineViewDelegate) -> Void) {
        let id = view.id
        services.post { controller in
            guard let view = controller.views[id], let delegate = view.delegate else { return }
            call(view, delegate)
        }
    }

    /// Queues a call to the global delegate about a view; skipped if the view
    /// is released before delivery.
    func postHost(_ view: InlineView, _ call: @escaping (InlineHost, InlineView) -> Void) {
        let id = view.id
        services.post { controller in
            guard let view = controller.views[id], let host = controller.host else { return }
            call(host, view)
        }
    }

    func enqueue(_ purpose: RequestPurpose, url: String, body: String? = nil, now: Milliseconds) {
        if let body {
            services.enqueueJSON(purpose, url: url, body: body, boundToIdentity: true, now: now)
        } else {
            services.enqueue(purpose, method: "GET", url: url, boundToIdentity: true, now: now)
        }
    }

    // MARK: EngineModule

    func requestFinished(_ id: RequestID, for purpose: RequestPurpose, _ result: Result<[UInt8], RequestFailure>,
                         now: Milliseconds) {
        switch (purpose, result) {
        case (.campaigns, .success(let body)): campaignsArrived(body, now: now)
        case (.campaigns, .failure(let failure)): campaignsFailed(failure, now: now)
        case (.download, _):
            if let outcome = downloads.finished(id, result, now: now) { downloadFinished(outcome, now: now) }
        }
    }

    func timerFired(_ id: TimerID, for purpose: TimerPurpose, now: Milliseconds) {
        switch purpose {
        case .retryDownload:
            downloads.timerFired(id, now: now)
        case .retryFetch:
            fetch.retryTimer = nil
            sendFetch(now: now)
        case .renderTimeout(let viewId, let token):
            guard let view = views[viewId], view.token == token, view.status == .rendering else { return }
            view.renderTimer = nil
            fail(view, ContentError(.renderingFailed,
                                  "the host did not report the content on screen within the render timeout of "
                                      + "\(options.renderTimeout) ms"), now: now)
        case .callDeadline(let callId):
            callTimedOut(callId, now: now)
        }
    }

    /// A new session fetches the campaigns again (and after consent came
    /// back, for the first time since).
    public func sessionStarted(now: Milliseconds) {
        guard engaged else { return }
        startFetch(now: now)
    }

    /// XC-04: the previous user's campaigns, content and answers go; so does
    /// what views show of them. The new user's campaigns are fetched.
    public func identityChanged(now: Milliseconds) {
        capTimes = nil
        suspend(keeping: fetch.catalog ?? fetch.stale)
        guard isActive, engaged else { return }
        startFetch(now: now)
    }

    /// Coming back to the foreground refreshes the campaigns, at most once
    /// per refresh interval.
    public func appStateChanged(to state: AppState, wasBackgrounded: Bool, now: Milliseconds) {
        guard state == .active, wasBackgrounded, isActive, engaged else { return }
        if let started = fetch.startedAt, now.addingClamped(-started) < options.refreshInterval {
            services.trace(.debug, "inline: foreground, campaigns fetched \(now.addingClamped(-started)) ms ago; "
                + "not fetched again before \(options.refreshInterval) ms")
            return
        }
        startFetch(now: now)
    }

    /// XC-04: consent revoked or the SDK disabled remotely → nothing is
    /// fetched, chosen, shown or recorded; back at the next session start.
    public func contentAllowedChanged(now: Milliseconds) {
        guard !isActive else { return }
        suspend(keeping: fetch.catalog ?? fetch.stale)
    }

    public func engineClosed() {
        for view in views.values { view.delegate = nil }
        views.removeAll()
        viewsByKey.removeAll()
        fetch = InlineFetch()
        loaded.removeAll()
        downloads.reset()
        displays.removeAll()
        calls.removeAll()
        pendingEvents.removeAll()
        unplaced.removeAll()
        host = nil
    }

    /// Drops everything bound to the identity or consent: campaigns (kept
    /// aside only so `explain` can say why nothing shows), content, fetches,
    /// pending events and triggers; every view's content is withdrawn.
    func suspend(keeping stale: InlineCatalog?) {
        services.cancelTimer(fetch.retryTimer)
        fetch = InlineFetch()
        fetch.stale = stale
        catalogChanged()
        loaded.removeAll()
        downloads.reset()
        services.forgetRequests()
        pendingEvents.removeAll()
        for view in orderedViews() {
            view.waiting = nil
            withdraw(view)
        }
    }
}

/// The campaigns fetch (one document per user and session).
struct InlineFetch {
    /// The current user's campaigns; nil until fetched.
    var catalog: InlineCatalog?
    /// Campaigns no longer usable — another user's, or fetched before
    /// consent was revoked — kept only for `explain`.
    var stale: InlineCatalog?
    /// The attempt running (in flight or waiting to retry), nil when idle.
    var attempt: Int?
    var retryTimer: TimerID?
    /// When the last fetch started (the foreground refresh interval).
    var startedAt: Milliseconds?
    /// Why the last fetch failed for good, while there is no catalog.
    var failure: ContentError?
}
