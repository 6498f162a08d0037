// Decides: IL-01, IL-02, IL-04, IL-05
/// The three triggers (IL-01, IL-02) and the choice they make (IL-04,
/// IL-05): the highest-priority eligible campaign wins, and a view showing a
/// campaign takes another only of strictly higher priority.
extension InlineController {
    /// IL-01: an attach (`.automatic`: automatic campaigns) or a `render()`
    /// (`.onDemand`: on-demand and automatic campaigns — everything that
    /// does not wait for an event). Without campaigns yet, the trigger waits
    /// for them.
    func trigger(_ view: InlineView, _ kind: InlineTrigger, now: Milliseconds) {
        guard isActive else {
            services.trace(.debug, "inline: \(view.viewId): no trigger without consent (XC-04)")
            return
        }
        guard let catalog = fetch.catalog else {
            // A render() outranks an attach: it also admits on-demand campaigns.
            if view.waiting != .onDemand { view.waiting = kind }
            startFetch(now: now)
            return
        }
        let admits: (InlineCampaign) -> Bool = kind == .onDemand
            ? { $0.trigger != .event }
            : { $0.trigger == .automatic }
        guard let best = bestCampaign(in: catalog, for: view.placementKey, now: now, where: admits) else {
            services.trace(.info, "inline: \(view.viewId) (\(view.placementKey)): no eligible \(kind == .onDemand ? "automatic or on-demand" : "automatic") campaign")
            return
        }
        offer(best, to: view, now: now)
    }

    /// IL-02: `name` triggers, per placement key, its best eligible event
    /// campaign: every attached view of the key is offered it (no global
    /// call); with none attached the engine makes a view and hands it to the
    /// host's `available`, once.
    func fireEvent(_ name: String, now: Milliseconds) {
        guard let catalog = fetch.catalog else { return }
        guard let groups = catalog.byEvent[ExactKey(name)] else {
            services.trace(.debug, "inline: event \"\(name)\" triggers no campaign")
            return
        }
        for group in groups {
            var chosen: InlineCampaign?
            for position in group.positions {
                let eligibility = self.eligibility(at: position, in: catalog, now: now)
                if eligibility.isEligible {
                    chosen = catalog.campaigns[safe: position]
                    break
                }
                services.trace(.info, "inline: event \"\(name)\": campaign \(catalog.campaigns[safe: position]?.id ?? "?") "
                    + "skipped: \(describe(eligibility))")
            }
            guard let campaign = chosen else { continue }
            var attached = false
            for view in keyViews[safe: group.keyIndex] ?? [] where view.takesCampaigns {
                attached = true
                offer(campaign, to: view, now: now)
            }
            if !attached { deliverNewView(for: campaign, now: now) }
        }
    }

    /// IL-02: a view made by the engine, handed to `available` before
    /// anything else is said about it.
    private func deliverNewView(for campaign: InlineCampaign, now: Milliseconds) {
        guard let host, host.acceptsAvailableViews else {
            unplaced[ExactKey(campaign.id)] = now
            services.trace(.info, "inline: campaign \(campaign.id) is eligible for \(campaign.placementKey) but not shown: no "
                + "view of the key is attached and the host takes no new views (no available listener, IL-02)")
            return
        }
        unplaced[ExactKey(campaign.id)] = nil
        let view = InlineView(id: services.newObjectId(), placementKey: campaign.placementKey, createdByEngine: true)
        register(view)
        let message = InlineMessage(campaign, viewId: view.viewId)
        services.trace(.info, "inline: campaign \(campaign.id): new \(view.viewId) for \(campaign.placementKey) handed to available (IL-02)")
        postHost(view) { host, view in host.inlineAvailable(view, message: message) }
        assign(campaign, to: view, now: now)
    }

    /// IL-04: the first eligible campaign of `key` in priority order.
    func bestCampaign(in catalog: InlineCatalog, for key: String, now: Milliseconds,
                      where admits: (InlineCampaign) -> Bool) -> InlineCampaign? {
        for position in catalog.byKey[ExactKey(key)] ?? [] {
            guard let campaign = catalog.campaigns[safe: position], admits(campaign) else { continue }
            if eligibility(at: position, in: catalog, now: now).isEligible { return campaign }
        }
        return nil
    }

    /// IL-05, XC-09: engine version, window and capping. A campaign on
    /// screen in a view of its key is eligible for more views of that key:
    /// they share its display.
    func eligibility(at position: Int, in catalog: InlineCatalog, now: Milliseconds) -> InlineEligibility {
        guard let campaign = catalog.campaigns[safe: position] else { return .ended(now) }
        if let needed = campaign.minEngineVersion, needed > Self.engineVersion { return .needsNewerEngine(needed) }
        let window = catalog.window(at: position)
        if let start = window.start, now < start { return .notStarted(start) }
        if let end = window.end, now >= end { return .ended(end) }
        if let capping = campaign.capping, shownCount[safe: position] == 0,
           let times = displayTimes(at: position, in: catalog),
           let until = CappingLedger.cappedUntil(times, capping, now: now) {
            return .capped(until: until)
        }
        return .eligible
    }

    static let engineVersion = SemanticVersion.engine

    /// The current user's display times of the campaign at `position`,
    /// from the cache that `capTimes` keeps per catalog (built on first use
    /// after a change of catalog, user or ledger).
    private func displayTimes(at position: Int, in catalog: InlineCatalog) -> [Milliseconds]? {
        if capTimes == nil {
            let user = services.session.userId
            capTimes = catalog.campaigns.map { $0.capping == nil ? nil : ledger.times(user, $0.id) }
        }
        return capTimes?[safe: position] ?? nil
    }

    func describe(_ eligibility: InlineEligibility) -> String {
        switch eligibility {
        case .eligible: return "eligible"
        case .needsNewerEngine(let version): return "needs engine \(version) or newer (XC-09)"
        case .notStarted(let start): return "its window opens at \(start) ms"
        case .ended(let end): return "its window closed at \(end) ms"
        case .capped(let until): return until == .max ? "capped for good (IL-05)" : "capped until \(until) ms (IL-05)"
        }
    }

    /// IL-04: a view showing (or loading) a campaign takes `campaign` only if
    /// it has strictly higher priority; the same campaign changes nothing.
    func offer(_ campaign: InlineCampaign, to view: InlineView, now: Milliseconds) {
        if let current = view.campaign {
            if current.id.isExactly(campaign.id) { return }
            guard campaign.priority < current.priority else {
                services.trace(.info, "inline: \(view.viewId) keeps \(current.id) (priority \(current.priority)); "
                    + "\(campaign.id) (priority \(campaign.priority)) is not strictly higher (IL-04)")
                return
            }
        }
        assign(campaign, to: view, now: now)
    }

    /// The view starts processing `campaign`: its content from the cache,
    /// or downloaded.
    func assign(_ campaign: InlineCampaign, to view: InlineView, now: Milliseconds) {
        services.trace(.info, "inline: \(view.viewId) (\(view.placementKey)): campaign \(campaign.id), priority \(campaign.priority) (IL-04)")
        clearContent(view, status: .processing)
        view.campaign = campaign
        post(view) { $1.viewDidStartProcessing($0) }
        if let content = loaded[campaign.content] {
            render(view, content, now: now)
        } else {
            requestContent(campaign.content, for: view, now: now)
        }
    }

    func register(_ view: InlineView) {
        views[view.id] = view
        let key = ExactKey(view.placementKey)
        viewsByKey[key, default: []].append(view.id)
        if let number = fetch.catalog?.keyIndex[key], keyViews.indices.contains(number) { keyViews[number].append(view) }
    }

    func unregister(_ view: InlineView) {
        views[view.id] = nil
        let key = ExactKey(view.placementKey)
        viewsByKey[key]?.removeAll { $0 == view.id }
        if viewsByKey[key]?.isEmpty == true { viewsByKey[key] = nil }
        if let number = fetch.catalog?.keyIndex[key], keyViews.indices.contains(number) {
            keyViews[number].removeAll { $0 === view }
        }
    }

    /// Rebuilds what the triggers derive from the catalog (`shownCount`,
    /// `keyViews`) and forgets what `unplaced` said of the old one; the
    /// display times are rebuilt on their next use.
    func catalogChanged() {
        capTimes = nil
        unplaced.removeAll()
        guard let catalog = fetch.catalog else {
            shownCount = []
            keyViews = []
            return
        }
        shownCount = Array(repeating: 0, count: catalog.campaigns.count)
        for (key, viewIds) in displays {
            guard let position = catalog.idIndex[key.campaign], let campaign = catalog.campaigns[safe: position],
                  ExactKey(campaign.placementKey) == key.key else { continue }
            shownCount[position] = viewIds.count
        }
        keyViews = Array(repeating: [], count: catalog.keyIndex.count)
        for view in orderedViews() {
            if let number = catalog.keyIndex[ExactKey(view.placementKey)] { keyViews[number].append(view) }
        }
    }

    /// IL-03: `view` shows `campaign`: a display starts when no other view
    /// of its key showed it; returns whether one did.
    func enterDisplay(_ view: InlineView, _ campaign: InlineCampaign) -> Bool {
        let key = DisplayKey(campaign)
        let starts = displays[key] == nil
        displays[key, default: []].insert(view.id)
        if let position = fetch.catalog?.position(of: campaign), shownCount.indices.contains(position) {
            shownCount[position] += 1
        }
        return starts
    }

    func leaveDisplay(_ view: InlineView, _ campaign: InlineCampaign) {
        let key = DisplayKey(campaign)
        guard displays[key]?.remove(view.id) != nil else { return }
        if displays[key]?.isEmpty == true { displays[key] = nil }
        if let position = fetch.catalog?.position(of: campaign), shownCount.indices.contains(position) {
            shownCount[position] = max(0, shownCount[position] - 1)
        }
    }

    /// A display of `campaign` was noted in the ledger: the cached times follow.
    func noteDisplay(_ campaign: InlineCampaign, capping: InlineCapping, now: Milliseconds) {
        ledger.note(services.session.userId, campaign.id, capping: capping, at: now)
        if capTimes != nil, let position = fetch.catalog?.position(of: campaign), capTimes?.indices.contains(position) == true {
            capTimes?[position] = ledger.times(services.session.userId, campaign.id)
        }
        services.stateChanged()
    }
}
