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
            core.trace(.debug, "inline: \(view.viewId): no trigger without consent (XC-04)")
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
            core.trace(.info, "inline: \(view.viewId) (\(view.placementKey)): no eligible \(kind == .onDemand ? "automatic or on-demand" : "automatic") campaign")
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
        guard let positions = catalog.byEvent[ExactKey(name)] else {
            core.trace(.debug, "inline: event \"\(name)\" triggers no campaign")
            return
        }
        var decided = Set<ExactKey>()
        for position in positions {
            guard let campaign = catalog.campaigns[safe: position] else { continue }
            let key = ExactKey(campaign.placementKey)
            guard !decided.contains(key) else { continue }
            let eligibility = self.eligibility(of: campaign, in: catalog, now: now)
            guard eligibility.isEligible else {
                core.trace(.info, "inline: event \"\(name)\": campaign \(campaign.id) skipped: \(describe(eligibility))")
                continue
            }
            decided.insert(key)
            let attached = views(of: campaign.placementKey).filter(\.isAttached)
            if attached.isEmpty {
                deliverNewView(for: campaign, now: now)
            } else {
                for view in attached { offer(campaign, to: view, now: now) }
            }
        }
    }

    /// IL-02: a view made by the engine, handed to `available` before
    /// anything else is said about it.
    private func deliverNewView(for campaign: InlineCampaign, now: Milliseconds) {
        guard let host, host.acceptsAvailableViews else {
            core.trace(.info, "inline: campaign \(campaign.id) triggered for \(campaign.placementKey) with no attached "
                + "view, and the host takes no views (no available callback)")
            return
        }
        let view = InlineView(id: core.newObjectId(), placementKey: campaign.placementKey, createdByEngine: true)
        register(view)
        let message = InlineMessage(campaign, viewId: view.viewId)
        core.trace(.info, "inline: campaign \(campaign.id): new \(view.viewId) for \(campaign.placementKey) handed to available (IL-02)")
        postHost(view) { host, view in host.inlineAvailable(view, message: message) }
        assign(campaign, to: view, now: now)
    }

    /// IL-04: the first eligible campaign of `key` in priority order.
    func bestCampaign(in catalog: InlineCatalog, for key: String, now: Milliseconds,
                      where admits: (InlineCampaign) -> Bool) -> InlineCampaign? {
        for position in catalog.byKey[ExactKey(key)] ?? [] {
            guard let campaign = catalog.campaigns[safe: position], admits(campaign) else { continue }
            if eligibility(of: campaign, in: catalog, now: now).isEligible { return campaign }
        }
        return nil
    }

    /// IL-05, XC-09: engine version, window and capping. A campaign on
    /// screen in a view of its key is eligible for more views of that key:
    /// they share its display.
    func eligibility(of campaign: InlineCampaign, in catalog: InlineCatalog, now: Milliseconds) -> InlineEligibility {
        if let needed = campaign.minEngineVersion, needed > SemanticVersion.engine { return .needsNewerEngine(needed) }
        let window = catalog.window(of: campaign)
        if let start = window.start, now < start { return .notStarted(start) }
        if let end = window.end, now >= end { return .ended(end) }
        if let capping = campaign.capping, displays[DisplayKey(campaign)] == nil,
           let until = ledger.cappedUntil(core.session.userId, campaign.id, capping: capping, now: now) {
            return .capped(until: until)
        }
        return .eligible
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
                core.trace(.info, "inline: \(view.viewId) keeps \(current.id) (priority \(current.priority)); "
                    + "\(campaign.id) (priority \(campaign.priority)) is not strictly higher (IL-04)")
                return
            }
        }
        assign(campaign, to: view, now: now)
    }

    /// The view starts processing `campaign`: its content from the cache,
    /// or downloaded.
    func assign(_ campaign: InlineCampaign, to view: InlineView, now: Milliseconds) {
        core.trace(.info, "inline: \(view.viewId) (\(view.placementKey)): campaign \(campaign.id), priority \(campaign.priority) (IL-04)")
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
        viewsByKey[ExactKey(view.placementKey), default: []].append(view.id)
    }
}
