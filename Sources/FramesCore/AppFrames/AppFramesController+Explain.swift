// Decides: XC-11
/// XC-11 for a frame: what it shows and why, or why nothing — read from the
/// state the frame's status was decided from (AF-02..AF-22), never stored
/// beside it, so the answer cannot disagree with the status.
extension AppFramesController {
    /// The reason codes of a frame (docs/spec.md, XC-11): the first group
    /// answers for the frame, the last for a candidate campaign.
    public enum ExplainCode: String, CaseIterable, Sendable {
        case appFramesOff = "app_frames_off"
        case noConsent = "no_consent"
        case disabledRemotely = "disabled_remotely"
        case waitingForSession = "waiting_for_session"
        case noPlacement = "no_placement"
        case detached
        case notFetched = "not_fetched"
        case fetching
        case fetchFailed = "fetch_failed"
        case noCampaign = "no_campaign"
        case downloading
        case downloadFailed = "download_failed"
        case untrusted
        case rendering
        case renderFailed = "render_failed"
        case collapsed
        case hidden
        case zeroHeight = "zero_height"
        case shown
        case dismissed
        // Candidates: the campaigns the response offered the placement.
        case chosen
        case lowerPriority = "lower_priority"
        case needsNewerEngine = "needs_newer_engine"
        case malformed
    }

    public func explain(_ frame: AppFrame, now: Milliseconds) throws(FramesError) -> Explanation {
        try check(frame)
        return explanation(frame, now: try services.explainTime(now))
    }

    /// Every frame, in creation order (the engine's snapshot).
    func explanations(now: Milliseconds) -> [Explanation] {
        orderedFrames().map { explanation($0, now: now) }
    }

    func explanation(_ frame: AppFrame, now: Milliseconds) -> Explanation {
        var showing: [Showing] = []
        if let content = frame.content, frame.status == .rendering || frame.status == .ready || frame.status == .dismissed {
            showing.append(Showing(id: content.campaignId, variantId: content.variantId, location: nil,
                                   status: frame.status.stringValue))
        }
        return Explanation(kind: "frame", object: frame.viewId, placementId: frame.placementId, now: now,
                           userId: services.session.userId, state: frame.status.stringValue, facts: facts(of: frame),
                           showing: showing, reason: reason(for: frame),
                           candidates: frame.placementId.map { candidates(for: ExactKey($0)) } ?? [])
    }

    private func facts(of frame: AppFrame) -> JSONObject {
        .facts([
            "attached": .bool(frame.isAttached),
            "hidden": .bool(frame.isHidden),
            "height_mode": .string(frame.heightMode == .fixed ? "fixed" : "intrinsic"),
            "intrinsic_height": .number(frame.intrinsicHeight),
            "laid_out_width": .number(frame.laidOutWidth),
            "laid_out_height": .number(frame.laidOutHeight),
            "placements": .string(placementsState),
            "impression_at_ms": frame.impressionAt.map(JSONValue.integer) ?? .null,
        ])
    }

    /// The shared placements fetch (AF-12), in one word.
    private var placementsState: String {
        if resolution.selection != nil { return "fetched" }
        if resolution.attempt != nil { return "fetching" }
        return resolution.failure != nil ? "failed" : "not_fetched"
    }

    /// The headline, decided in the order the engine decides the status
    /// (`sync`): what keeps App Frames off, the frame's own inputs, then
    /// its status.
    private func reason(for frame: AppFrame) -> ExplainReason {
        if !isEnabled {
            return ExplainReason(ExplainCode.appFramesOff, "App Frames are off: the host configuration does not set "
                + "Insider / App Frames Enabled to true (AF-01, AF-02)")
        }
        if let off = services.session.contentOff { return off.reason }
        guard let placementId = frame.placementId else {
            return ExplainReason(ExplainCode.noPlacement, "the frame has no placement id (AF-03)")
        }
        guard frame.isAttached else {
            return ExplainReason(ExplainCode.detached, "the frame is not attached: it follows its placement only "
                + "while attached (AF-04); it keeps its status \(frame.status.stringValue)")
        }
        switch frame.status {
        case .resolving, .disabled, .noPlacement:
            return fetchReason()
        case .errorResolving:
            let running = resolution.attempt.map { "; attempt \($0) of a new fetch is running" } ?? ""
            return ExplainReason(ExplainCode.fetchFailed, "the placements fetch failed\(running) (AF-09, AF-12)")
                .error(frame.error ?? ContentError(.resolutionFailed, "no error kept"))
        case .unavailable:
            return ExplainReason(ExplainCode.noCampaign, noCampaignDetail(placementId))
        case .downloading:
            let what = frame.content.map { "\($0.campaignId)/\($0.variantId)" } ?? chosen(placementId)
            return ExplainReason(ExplainCode.downloading, "the content of \(what) is downloading (AF-14)")
        case .errorDownloading:
            let error = frame.error ?? ContentError(.downloadingFailed, "no error kept")
            return ExplainReason(error.code == .placementUntrusted ? ExplainCode.untrusted : ExplainCode.downloadFailed,
                                 error.code == .placementUntrusted
                                     ? "the content failed its checksum or origin check (AF-14)"
                                     : "the content could not be downloaded (AF-14)").error(error)
        case .rendering:
            return ExplainReason(ExplainCode.rendering, "the host was asked to render it and has not reported the "
                + "template on screen yet (AF-10)").until(frame.renderTimer != nil ? frame.renderDeadline : nil)
        case .errorRendering:
            return ExplainReason(ExplainCode.renderFailed, "the template could not be rendered (AF-10)")
                .error(frame.error ?? ContentError(.renderingFailed, "no error kept"))
        case .dismissed:
            return ExplainReason(ExplainCode.dismissed, "the user closed it from inside the template (AF-20); it "
                + "stays dismissed until its placement's selection changes")
        case .ready:
            return readyReason(frame)
        }
    }

    private func fetchReason() -> ExplainReason {
        guard let attempt = resolution.attempt else {
            return ExplainReason(ExplainCode.notFetched, "the placements are not fetched yet (AF-12)")
        }
        let retry = resolution.retryTimer != nil ? ", waiting to retry after a transient failure (XC-06)" : ""
        return ExplainReason(ExplainCode.fetching, "the placements fetch is running, attempt \(attempt)\(retry) (AF-12)")
    }

    /// AF-22's conditions for an impression, in the order a host fixes them.
    private func readyReason(_ frame: AppFrame) -> ExplainReason {
        if frame.heightMode == .intrinsic && (frame.templateHeight ?? 0) == 0 {
            return ExplainReason(ExplainCode.collapsed, "the template reported an optimal height of 0: in intrinsic "
                + "mode the frame is 0 points tall and counts no impression (AF-18, AF-22)")
        }
        if frame.isHidden {
            return ExplainReason(ExplainCode.hidden, "rendered, but the host hid the frame: no impression while "
                + "hidden (AF-22)" + impressionNote(frame))
        }
        if frame.laidOutHeight <= 0 {
            return ExplainReason(ExplainCode.zeroHeight, "rendered, but the host laid the frame out 0 points tall: "
                + "no impression until it has height (AF-22)" + impressionNote(frame))
        }
        let shown = ExplainReason(ExplainCode.shown, "on screen: attached, visible and laid out with height; its "
            + "impression is counted once per session (AF-22)")
        return frame.impressionAt.map { shown.at($0) } ?? shown
    }

    private func impressionNote(_ frame: AppFrame) -> String {
        guard frame.impressionSession == services.session.id, let at = frame.impressionAt,
              frame.impressionContent == frame.content?.key else { return "" }
        return "; its impression this session was counted at \(at) ms"
    }

    private func chosen(_ placementId: String) -> String {
        guard let choice = resolution.selection?[ExactKey(placementId)] else { return "the chosen campaign" }
        return "\(choice.campaignId)/\(choice.variantId)"
    }

    private func noCampaignDetail(_ placementId: String) -> String {
        guard let offer = resolution.offers[ExactKey(placementId)] else {
            return "the placements response names no placement \"\(placementId)\" (AF-08)"
        }
        if offer.campaigns.isEmpty && offer.dropped.isEmpty {
            return "the placements response lists no campaign for it (AF-08)"
        }
        return "none of the campaigns offered can be shown on this engine; see the candidates (AF-08, XC-09)"
    }

    /// The campaigns the response offered the placement, in AF-13's order,
    /// then the ones the decoder dropped.
    private func candidates(for key: ExactKey) -> [Candidate] {
        guard resolution.selection != nil, let offer = resolution.offers[key] else { return [] }
        var winner: Campaign?
        var out: [Candidate] = []
        for campaign in offer.campaigns.sorted(by: Selection.ranksBefore) {
            var facts = [
                JSONMember(key: "priority", value: .string(campaign.priority.wireName)),
                JSONMember(key: "created_at", value: .integer(campaign.createdAt)),
                JSONMember(key: "min_engine_version", value: .optional(campaign.minEngineVersion?.description)),
                JSONMember(key: "variants", value: .array(campaign.variants.map {
                    .object(JSONObject(unique: [JSONMember(key: "id", value: .string($0.id)),
                                                JSONMember(key: "weight", value: .integer(Int64($0.weight)))]))
                })),
            ]
            let reason: ExplainReason
            if !Selection.isSupported(campaign, by: .engine), let needed = campaign.minEngineVersion {
                reason = ExplainReason(ExplainCode.needsNewerEngine, "it needs engine \(needed); this is "
                    + "\(SemanticVersion.engine) (XC-09)").needs(needed)
            } else if let first = winner {
                reason = ExplainReason(ExplainCode.lowerPriority, "\(first.id) ranks first (priority "
                    + "\(first.priority.wireName), created \(first.createdAt)); only the first is shown (AF-13)")
                    .than(first.id)
            } else {
                winner = campaign
                reason = chosenReason(campaign, &facts)
            }
            out.append(Candidate(id: campaign.id, facts: JSONObject(unique: facts), reason: reason))
        }
        for dropped in offer.dropped {
            out.append(Candidate(id: dropped.campaignID ?? "#\(dropped.index)",
                                 facts: .facts(["index": .integer(Int64(dropped.index))]),
                                 reason: ExplainReason(ExplainCode.malformed, "the placements response's campaign "
                                     + "was dropped: \(dropped.reason)")))
        }
        return out
    }

    /// AF-13's bucketing, shown: which bucket this user falls in and the
    /// variant it picks.
    private func chosenReason(_ campaign: Campaign, _ facts: inout [JSONMember]) -> ExplainReason {
        let user = services.session.bucketingId
        let total = campaign.totalWeight
        let variant = Selection.variant(of: campaign, bucketingID: user)
        let bucket = total > 0 ? Selection.bucketHash(bucketingID: user, campaignID: campaign.id) % UInt64(total) : 0
        facts.append(JSONMember(key: "variant_id", value: .optional(variant?.id)))
        facts.append(JSONMember(key: "bucket", value: .integer(Int64(truncatingIfNeeded: bucket))))
        facts.append(JSONMember(key: "total_weight", value: .integer(Int64(total))))
        return ExplainReason(ExplainCode.chosen, "it ranks first (AF-13); bucketing puts \""
            + "\(user)\" in bucket \(bucket) of \(total): variant \(variant?.id ?? "none")")
    }
}
