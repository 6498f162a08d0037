/// `explain`: for a placement key, every campaign the engine knows and why it
/// is or is not shown now, as JSON — what a host developer or a marketer
/// reads when "my message does not show". docs/wire-format.md §9 has the
/// shape. Read-only: it changes nothing and records nothing.
extension InlineController {
    /// The reasons, as stable strings.
    public enum ExplainReason: String, CaseIterable, Sendable {
        case shown
        case eligible
        case lowerPriority = "lower_priority"
        case capped
        case triggerNotMet = "trigger_not_met"
        case noView = "no_view"
        case outsideWindow = "outside_window"
        case needsNewerEngine = "needs_newer_engine"
        case noConsent = "no_consent"
        case otherUser = "other_user"
        case notFetched = "not_fetched"
    }

    public func explain(placementKey: String, now: Milliseconds) throws(FramesError) -> String {
        try services.mutate(now: now) { (now) throws(FramesError) -> String in
            try Identifier.check(placementKey, "placement key")
            return explanation(placementKey, now: now)
        }
    }

    private func explanation(_ key: String, now: Milliseconds) -> String {
        let viewsOfKey = views(of: key)
        let state: String
        var blanket: (ExplainReason, String)?
        var catalog = fetch.catalog
        if !isActive {
            state = "no_consent"
            blanket = (.noConsent, "consent is revoked or the SDK was disabled remotely; nothing is chosen until the next session start")
            catalog = fetch.catalog ?? fetch.stale
        } else if let current = fetch.catalog {
            state = "fetched"
            catalog = current
        } else {
            state = fetch.attempt != nil ? "fetching" : (fetch.failure != nil ? "failed" : "not_fetched")
            catalog = fetch.stale
            if let stale = fetch.stale, !stale.userId.isExactly(services.session.userId) {
                blanket = (.otherUser, "fetched for " + (stale.userId.map { "user \"\($0)\"" } ?? "nobody logged in")
                    + "; the campaigns of " + (services.session.userId.map { "user \"\($0)\"" } ?? "nobody logged in")
                    + " are not fetched yet")
            } else {
                blanket = (.notFetched, "the campaigns are not fetched yet")
            }
        }
        var out = "{\"placement_key\":" + JSONText.quoted(key)
        out += ",\"now_ms\":\(now)"
        out += ",\"user_id\":" + (services.session.userId.map(JSONText.quoted) ?? "null")
        out += ",\"campaigns_state\":" + JSONText.quoted(state)
        if let failure = fetch.failure, fetch.catalog == nil { out += ",\"fetch_error\":" + JSONText.quoted(failure.message) }
        out += ",\"views\":[" + viewsOfKey.map { view in
            "{\"view_id\":" + JSONText.quoted(view.viewId) + ",\"attached\":\(view.isAttached)"
                + ",\"closed_by_content\":\(view.closedByContent)"
                + ",\"status\":" + JSONText.quoted(view.status.name)
                + ",\"campaign_id\":" + (view.campaign.map { JSONText.quoted($0.id) } ?? "null") + "}"
        }.joined(separator: ",") + "]"
        let campaigns = catalog?.campaigns(for: key) ?? []
        out += ",\"campaigns\":[" + campaigns.map { campaign in
            let (reason, fields) = blanket.map { ($0.0, ",\"detail\":" + JSONText.quoted($0.1)) }
                ?? explain(campaign, in: catalog, views: viewsOfKey, now: now)
            return describe(campaign) + ",\"reason\":" + JSONText.quoted(reason.rawValue) + fields + "}"
        }.joined(separator: ",") + "]}"
        return out
    }

    private func describe(_ c: InlineCampaign) -> String {
        var out = "{\"id\":" + JSONText.quoted(c.id) + ",\"priority\":\(c.priority)"
        out += ",\"trigger\":" + JSONText.quoted(c.trigger.wireName)
        out += ",\"event\":" + (c.eventName.map(JSONText.quoted) ?? "null")
        if let capping = c.capping {
            out += ",\"capping\":{\"max_displays\":\(capping.maxDisplays),\"period_ms\":"
                + (capping.periodMs.map { String($0) } ?? "null") + "}"
        }
        return out
    }

    /// The reason for one campaign of a usable catalog, in this order: on
    /// screen; not displayable at all now (engine, window, capping); its
    /// trigger; its competitors.
    private func explain(_ c: InlineCampaign, in catalog: InlineCatalog?, views: [InlineView], now: Milliseconds)
        -> (ExplainReason, String) {
        guard let catalog else { return (.notFetched, "") }
        let showing = views.filter { $0.campaign?.id.isExactly(c.id) == true }
        if !showing.isEmpty {
            return (.shown, ",\"views\":[" + showing.map { JSONText.quoted($0.viewId) }.joined(separator: ",") + "]"
                + ",\"detail\":" + JSONText.quoted(showing.map { "\($0.status.name) in \($0.viewId)" }.joined(separator: ", ")))
        }
        switch catalog.position(of: c).map({ eligibility(at: $0, in: catalog, now: now) }) ?? .eligible {
        case .needsNewerEngine(let version):
            return (.needsNewerEngine, ",\"min_engine_version\":" + JSONText.quoted(version.description)
                + ",\"detail\":" + JSONText.quoted("needs engine \(version); this is \(SemanticVersion.engine)"))
        case .notStarted(let start):
            return (.outsideWindow, ",\"starts_at_ms\":\(start),\"detail\":" + JSONText.quoted("its window opens at \(start) ms"))
        case .ended(let end):
            return (.outsideWindow, ",\"ended_at_ms\":\(end),\"detail\":" + JSONText.quoted("its window closed at \(end) ms"))
        case .capped(let until):
            let displays = c.capping.map { ledger.displays(services.session.userId, c.id, capping: $0, now: now) } ?? 0
            return (.capped, ",\"displays\":\(displays),\"until_ms\":" + (until == .max ? "null" : String(until))
                + ",\"detail\":" + JSONText.quoted(until == .max ? "its lifetime limit is reached" : "capped until \(until) ms"))
        case .eligible:
            break
        }
        // Who would beat it when its trigger comes: the best eligible campaign
        // its trigger admits, or a strictly better one already on screen.
        let admits: (InlineCampaign) -> Bool
        switch c.trigger {
        case .automatic: admits = { $0.trigger == .automatic }
        case .onDemand: admits = { $0.trigger != .event }
        case .event: admits = { $0.eventName.isExactly(c.eventName) }
        }
        if let best = bestCampaign(in: catalog, for: c.placementKey, now: now, where: admits), !best.id.isExactly(c.id) {
            return (.lowerPriority, ",\"than\":" + JSONText.quoted(best.id)
                + ",\"detail\":" + JSONText.quoted("\(best.id) has priority \(best.priority), higher than \(c.priority)"))
        }
        if let shown = views.compactMap(\.campaign).filter({ $0.priority <= c.priority }).min(by: { $0.precedes($1) }) {
            return (.lowerPriority, ",\"than\":" + JSONText.quoted(shown.id)
                + ",\"detail\":" + JSONText.quoted("\(shown.id) is on screen with priority \(shown.priority); only a strictly higher priority replaces it"))
        }
        if c.trigger == .event, !views.contains(where: \.takesCampaigns), host?.acceptsAvailableViews != true {
            let dropped = unplaced[ExactKey(c.id)]
            return (.noView, (dropped.map { ",\"dropped_at_ms\":\($0)" } ?? "") + ",\"detail\":" + JSONText.quoted(
                "eligible, but no view of the key takes campaigns (none attached, or closed by its content) and the host "
                + "takes no new views (no available listener): "
                + (dropped.map { "\"\(c.eventName ?? "")\" triggered it at \($0) ms with nowhere to show it" }
                    ?? "when \"\(c.eventName ?? "")\" is tracked it has nowhere to show")))
        }
        switch c.trigger {
        case .automatic where !views.contains(where: \.takesCampaigns):
            return (.triggerNotMet, ",\"detail\":" + JSONText.quoted("automatic: shows when a view of the key is attached; none is, or its content closed it"))
        case .onDemand:
            return (.triggerNotMet, ",\"detail\":" + JSONText.quoted("on demand: shows when the host calls render() on a view of the key"))
        case .event:
            return (.triggerNotMet, ",\"detail\":" + JSONText.quoted("event: shows when the host tracks \"\(c.eventName ?? "")\""))
        case .automatic:
            return (.eligible, ",\"detail\":" + JSONText.quoted("eligible; shows at the next trigger"))
        }
    }
}
