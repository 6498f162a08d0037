// Decides: XC-11
/// XC-11 for an inline placement: for a placement key, the campaigns its
/// views show and every campaign the engine knows for it with why it is or
/// is not shown now — what a host developer or a marketer reads when "my
/// message does not show". The reasons come from the eligibility and
/// priority functions the triggers use (IL-01..IL-05).
extension InlineController {
    /// The reason codes of an inline placement and of its campaigns
    /// (docs/spec.md, XC-11).
    public enum ExplainCode: String, CaseIterable, Sendable {
        case shown
        case eligible
        case lowerPriority = "lower_priority"
        case capped
        case triggerNotMet = "trigger_not_met"
        case noView = "no_view"
        case outsideWindow = "outside_window"
        case needsNewerEngine = "needs_newer_engine"
        case noConsent = "no_consent"
        case disabledRemotely = "disabled_remotely"
        case waitingForSession = "waiting_for_session"
        case otherUser = "other_user"
        case notFetched = "not_fetched"
        // The placement's headline only.
        case fetching
        case fetchFailed = "fetch_failed"
        case noCampaign = "no_campaign"
    }

    public func explain(placementKey: String, now: Milliseconds) throws(FramesError) -> Explanation {
        let now = try services.explainTime(now)
        try Identifier.check(placementKey, "placement key")
        return explanation(placementKey, now: now)
    }

    /// Every key that has a view or a campaign the engine knows, in byte
    /// order (the engine's snapshot).
    func explanations(now: Milliseconds) -> [Explanation] {
        var keys = Set(viewsByKey.keys)
        if let catalog = fetch.catalog ?? fetch.stale { keys.formUnion(catalog.byKey.keys) }
        return keys.map { $0.string }.sorted { $0.utf8.lexicographicallyPrecedes($1.utf8) }
            .map { explanation($0, now: now) }
    }

    func explanation(_ key: String, now: Milliseconds) -> Explanation {
        let viewsOfKey = views(of: key)
        let catalog = fetch.catalog ?? fetch.stale
        let blanket = blanketReason()
        let campaigns = catalog?.campaigns(for: key) ?? []
        let candidates = campaigns.map { campaign in
            Candidate(id: campaign.id, facts: facts(of: campaign, now: now),
                      reason: blanket.map(candidateReason) ?? reason(for: campaign, in: catalog, views: viewsOfKey, now: now))
        }
        let showing = viewsOfKey.compactMap { view in
            view.campaign.map { Showing(id: $0.id, variantId: nil, location: view.viewId, status: view.status.name) }
        }
        let headline: ExplainReason
        if !showing.isEmpty {
            headline = ExplainReason(ExplainCode.shown, showing.map { "\($0.id) \($0.status) in \($0.location ?? "")" }
                .joined(separator: ", "))
        } else if let blanket {
            headline = blanket
        } else if let first = candidates.first {
            headline = first.reason
        } else {
            headline = ExplainReason(ExplainCode.noCampaign, "the campaigns fetched for this user have none for "
                + "\"\(key)\" (IL-01)")
        }
        let views = viewsOfKey.map { view -> JSONValue in
            .object(.facts(["view_id": .string(view.viewId), "attached": .bool(view.isAttached),
                            "closed_by_content": .bool(view.closedByContent), "status": .string(view.status.name),
                            "campaign_id": .optional(view.campaign?.id)]))
        }
        return Explanation(kind: "inline_placement", object: "inline:\(key)", placementId: key, now: now,
                           userId: services.session.userId, state: campaignsState, facts: .facts(["views": .array(views)]),
                           showing: showing, reason: headline, candidates: candidates)
    }

    /// The campaigns' state in one word.
    private var campaignsState: String {
        if let off = services.session.contentOff { return off.rawValue }
        if fetch.catalog != nil { return "fetched" }
        if fetch.attempt != nil { return "fetching" }
        return fetch.failure != nil ? "failed" : "not_fetched"
    }

    /// Why no campaign of the key can be chosen now, whatever it is: content
    /// off, or no usable campaigns for this user.
    private func blanketReason() -> ExplainReason? {
        if let off = services.session.contentOff {
            return ExplainReason(off, off.detail + "; nothing is chosen until then")
        }
        guard fetch.catalog == nil else { return nil }
        if let stale = fetch.stale, !stale.userId.isExactly(services.session.userId) {
            return ExplainReason(ExplainCode.otherUser, "fetched for " + (stale.userId.map { "user \"\($0)\"" } ?? "nobody logged in")
                + "; the campaigns of " + (services.session.userId.map { "user \"\($0)\"" } ?? "nobody logged in")
                + " are not fetched yet").user(stale.userId)
        }
        if let attempt = fetch.attempt {
            return ExplainReason(ExplainCode.fetching, "the campaigns fetch is running, attempt \(attempt)")
        }
        if let failure = fetch.failure {
            return ExplainReason(ExplainCode.fetchFailed, "the campaigns fetch failed; the next session start or "
                + "foreground fetches again").error(failure)
        }
        return ExplainReason(ExplainCode.notFetched, "the campaigns are not fetched yet")
    }

    /// A blanket reason as each campaign's: fetching and failed are the
    /// placement's story; to a campaign they mean it is not fetched.
    private func candidateReason(_ blanket: ExplainReason) -> ExplainReason {
        switch ExplainCode(rawValue: blanket.code) {
        case .fetching?, .fetchFailed?:
            return ExplainReason(ExplainCode.notFetched, "the campaigns for this user are not fetched yet")
        default:
            return blanket
        }
    }

    private func facts(of c: InlineCampaign, now: Milliseconds) -> JSONObject {
        var facts = [JSONMember(key: "priority", value: .integer(Int64(c.priority))),
                     JSONMember(key: "trigger", value: .string(c.trigger.wireName)),
                     JSONMember(key: "event", value: .optional(c.eventName))]
        if let capping = c.capping {
            facts.append(JSONMember(key: "capping", value: .object(.facts([
                "max_displays": .integer(Int64(capping.maxDisplays)),
                "period_ms": capping.periodMs.map(JSONValue.integer) ?? .null]))))
            facts.append(JSONMember(key: "displays", value: .integer(Int64(
                ledger.displays(services.session.userId, c.id, capping: capping, now: now)))))
        } else {
            facts.append(JSONMember(key: "capping", value: .null))
        }
        return JSONObject(unique: facts)
    }

    /// The reason for one campaign of a usable catalog, in this order: on
    /// screen; not displayable at all now (engine, window, capping); its
    /// trigger; its competitors.
    private func reason(for c: InlineCampaign, in catalog: InlineCatalog?, views: [InlineView], now: Milliseconds)
        -> ExplainReason {
        guard let catalog else { return ExplainReason(ExplainCode.notFetched, "the campaigns are not fetched yet") }
        let showing = views.filter { $0.campaign?.id.isExactly(c.id) == true }
        if !showing.isEmpty {
            return ExplainReason(ExplainCode.shown, showing.map { "\($0.status.name) in \($0.viewId)" }.joined(separator: ", "))
        }
        switch catalog.position(of: c).map({ eligibility(at: $0, in: catalog, now: now) }) ?? .eligible {
        case .needsNewerEngine(let version):
            return ExplainReason(ExplainCode.needsNewerEngine, "needs engine \(version); this is \(SemanticVersion.engine)")
                .needs(version)
        case .notStarted(let start):
            return ExplainReason(ExplainCode.outsideWindow, "its window opens at \(start) ms").until(start)
        case .ended(let end):
            return ExplainReason(ExplainCode.outsideWindow, "its window closed at \(end) ms").at(end)
        case .capped(let until):
            return ExplainReason(ExplainCode.capped, until == .max ? "its lifetime limit is reached" : "capped until \(until) ms")
                .until(until == .max ? nil : until)
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
            return ExplainReason(ExplainCode.lowerPriority, "\(best.id) has priority \(best.priority), higher than \(c.priority)")
                .than(best.id)
        }
        if let shown = views.compactMap({ $0.campaign }).filter({ $0.priority <= c.priority }).min(by: { $0.precedes($1) }) {
            return ExplainReason(ExplainCode.lowerPriority, "\(shown.id) is on screen with priority \(shown.priority); "
                + "only a strictly higher priority replaces it").than(shown.id)
        }
        if c.trigger == .event, !views.contains(where: { $0.takesCampaigns }), host?.acceptsAvailableViews != true {
            let dropped = unplaced[ExactKey(c.id)]
            let reason = ExplainReason(ExplainCode.noView,
                "eligible, but no view of the key takes campaigns (none attached, or closed by its content) and the host "
                + "takes no new views (no available listener): "
                + (dropped.map { "\"\(c.eventName ?? "")\" triggered it at \($0) ms with nowhere to show it" }
                    ?? "when \"\(c.eventName ?? "")\" is tracked it has nowhere to show"))
            return dropped.map { reason.at($0) } ?? reason
        }
        switch c.trigger {
        case .automatic where !views.contains(where: { $0.takesCampaigns }):
            return ExplainReason(ExplainCode.triggerNotMet, "automatic: shows when a view of the key is attached; none is, "
                + "or its content closed it")
        case .onDemand:
            return ExplainReason(ExplainCode.triggerNotMet, "on demand: shows when the host calls render() on a view of the key")
        case .event:
            return ExplainReason(ExplainCode.triggerNotMet, "event: shows when the host tracks \"\(c.eventName ?? "")\"")
        case .automatic:
            return ExplainReason(ExplainCode.eligible, "eligible; shows at the next trigger")
        }
    }
}
