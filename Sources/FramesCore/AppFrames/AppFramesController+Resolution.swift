// Decides: AF-11, AF-12, AF-16
/// The placements fetch (AF-12): one request resolves every placement for the
/// current user and session; frames share its result.
struct ResolutionState {
    /// The last selection applied for the current identity, kept while a
    /// refresh runs so frames on screen do not flicker (AF-16).
    var selection: [ExactKey: PlacementChoice]?
    /// The attempt running (in flight or waiting to retry), nil when idle.
    var attempt: Int?
    var retryTimer: TimerID?
    /// Why the last fetch failed for good, while there is no selection.
    var failure: ContentError?
    /// What the response offered each placement, with the selection: what
    /// `explain` ranks against the winner (XC-11).
    var offers: [ExactKey: PlacementOffer] = [:]

    static let idle = ResolutionState()
}

extension AppFramesController {
    /// Starts a placements fetch unless one is running.
    func startResolution(now: Milliseconds) {
        guard isActive, resolution.attempt == nil else { return }
        resolution.attempt = 1
        sendPlacementsRequest(now: now)
    }

    /// Starts a fetch when there is no selection yet and some attached frame
    /// has a placement to resolve.
    func resolveIfNeeded(now: Milliseconds) {
        guard resolution.selection == nil else { return }
        refresh(now: now)
    }

    /// AF-16: fetches again (keeping the current selection meanwhile) when
    /// some attached frame has a placement.
    func refresh(now: Milliseconds) {
        // The look at every frame comes after the cheap test that a fetch
        // could start at all: every attach asks while one is running.
        guard isActive, resolution.attempt == nil else { return }
        if frames.values.contains(where: { $0.isAttached && $0.placementId != nil }) {
            startResolution(now: now)
        }
    }

    func retryResolution(now: Milliseconds) {
        guard isActive, resolution.attempt != nil else { return }
        sendPlacementsRequest(now: now)
    }

    private func sendPlacementsRequest(now: Milliseconds) {
        enqueue(.placements, url: options.placementsURL, body: "{" + services.identityJSONFields() + "}", now: now)
    }

    func placementsArrived(_ body: [UInt8], now: Milliseconds) {
        let resolved: ResolvedPlacements
        do {
            resolved = try ResolvedPlacements(body, bucketingId: services.session.bucketingId)
        } catch {
            placementsFailed(.malformed(error.message), now: now)
            return
        }
        resolution.attempt = nil
        if resolved.sdkDisabled {
            // XC-04: the core tells every module, this one included.
            services.disableRemotely(now: now)
            return
        }
        resolution.selection = resolved.choices
        resolution.offers = resolved.offers
        resolution.failure = nil
        if services.isTracing(.info) {
            for (placement, choice) in resolved.choices.sorted(by: { $0.key.string.precedesInBytes($1.key.string) }) {
                services.trace(.info, "placement \(placement): campaign \(choice.campaignId), variant \(choice.variantId) (AF-13)")
            }
        }
        for note in resolved.notes { services.trace(.info, note) }
        for entry in entries.values {
            switch entry.content {
            case .failed?:
                // AF-11, AF-16: a fresh selection is a fresh chance: content
                // that failed downloads again (with its own retries, XC-06).
                entry.content = nil
            case let state?:
                // Cached content of a placement whose choice changed is stale.
                if resolved.choices[entry.id] != state.choice { entry.content = nil }
            case nil:
                break
            }
        }
        dropUnusedEntries()
        for frame in orderedFrames() { sync(frame, now: now) }
    }

    func placementsFailed(_ failure: RequestFailure, now: Milliseconds) {
        let attempt = resolution.attempt ?? 1
        if let delay = services.retryDelay(after: attempt, failure) {
            resolution.attempt = attempt + 1
            resolution.retryTimer = services.schedule(.retryResolution, at: now.addingClamped(delay))
            return
        }
        resolution.attempt = nil
        let error = ContentError(.resolutionFailed,
                               "the placements fetch failed after \(attempt) attempt\(attempt == 1 ? "" : "s"): \(failure.message)",
                               httpStatus: failure.httpStatus)
        guard resolution.selection == nil else { return }  // a failed refresh keeps what is shown
        resolution.failure = error
        for frame in orderedFrames() where frame.isAttached && frame.placementId != nil {
            if frame.status == .resolving || frame.status == .errorResolving { enterError(frame, error) }
        }
    }
}

/// The placements response as App Frames use it: one choice per placement
/// that has a campaign for this user (AF-13), and the remote switch (XC-04).
struct ResolvedPlacements {
    var choices: [ExactKey: PlacementChoice]
    var offers: [ExactKey: PlacementOffer]
    var sdkDisabled: Bool
    /// Why campaigns were left out, for the trace.
    var notes: [String] = []

    init(_ body: [UInt8], bucketingId: String) throws(FramesError) {
        let response = try PlacementsResponse.decode(body)
        var choices: [ExactKey: PlacementChoice] = [:]
        var offers: [ExactKey: PlacementOffer] = [:]
        choices.reserveCapacity(response.placements.count)
        offers.reserveCapacity(response.placements.count)
        for placement in response.placements {
            offers[ExactKey(placement.id)] = PlacementOffer(campaigns: placement.campaigns)
        }
        for dropped in response.dropped {
            offers[ExactKey(dropped.placementID), default: PlacementOffer(campaigns: [])].dropped.append(dropped)
        }
        for placement in response.placements {
            guard let choice = Selection.choose(from: placement, bucketingID: bucketingId) else { continue }
            choices[ExactKey(placement.id)] = PlacementChoice(
                campaignId: choice.campaign.id, variantId: choice.variant.id, content: choice.variant.content)
        }
        self.choices = choices
        self.offers = offers
        self.sdkDisabled = response.sdkDisabled
        notes = response.dropped.map { "placement \($0.placementID): campaign \($0.campaignID ?? "#\($0.index)") skipped: \($0.reason)" }
    }
}

/// What the placements response offered one placement: its campaigns as
/// decoded and the ones the decoder dropped (XC-11).
struct PlacementOffer {
    var campaigns: [Campaign]
    var dropped: [DroppedCampaign] = []
}
