/// The placements fetch (AF-12): one request resolves every placement for the
/// current user and session; frames share its result.
struct ResolutionState {
    /// The last selection applied for the current epoch, kept while a refresh
    /// runs so frames on screen do not flicker (AF-16).
    var selection: [String: PlacementChoice]?
    /// The attempt running (in flight or waiting to retry), nil when idle.
    var attempt: Int?
    /// Why the last fetch failed for good, while there is no selection.
    var failure: FrameError?

    static let idle = ResolutionState()
}

extension Engine {
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
        if frames.values.contains(where: { $0.isAttached && $0.placementId != nil }) {
            startResolution(now: now)
        }
    }

    func retryResolution(now: Milliseconds) {
        guard isActive, resolution.attempt != nil else { return }
        sendPlacementsRequest(now: now)
    }

    private func sendPlacementsRequest(now: Milliseconds) {
        var body = "{\"device_id\":" + JSONText.quoted(options.deviceId)
        body += ",\"session_id\":" + JSONText.quoted(sessionId)
        body += ",\"user_id\":" + (userId.map(JSONText.quoted) ?? "null")
        body += ",\"engine_version\":" + JSONText.quoted(FramesVersion.string) + "}"
        enqueue(.placements, method: "POST", url: options.placementsURL, body: Array(body.utf8),
                headers: [HTTPHeader("Content-Type", "application/json"), HTTPHeader("Accept", "application/json")],
                now: now)
    }

    func placementsArrived(_ body: [UInt8], now: Milliseconds) {
        let resolved: ResolvedPlacements
        do {
            resolved = try ResolvedPlacements(body, bucketingId: bucketingId)
        } catch {
            placementsFailed(.malformed(error.message), now: now)
            return
        }
        resolution.attempt = nil
        if resolved.sdkDisabled {
            remotelyDisabled = true
            reenableOnSessionStart = true
            disableEverything(now: now)
            return
        }
        resolution.selection = resolved.choices
        resolution.failure = nil
        // Cached content of a placement whose choice changed is stale.
        for (placementId, state) in placements where resolved.choices[placementId] != state.choice {
            placements[placementId] = nil
        }
        for frame in orderedFrames() { sync(frame, now: now) }
    }

    func placementsFailed(_ failure: RequestFailure, now: Milliseconds) {
        let attempt = resolution.attempt ?? 1
        if let delay = retryDelay(after: attempt, failure) {
            resolution.attempt = attempt + 1
            timers.schedule(.retryResolution, at: now.addingClamped(delay))
            return
        }
        resolution.attempt = nil
        let error = FrameError(.resolutionFailed,
                               "the placements fetch failed after \(attempt) attempt\(attempt == 1 ? "" : "s"): \(failure.message)",
                               httpStatus: failure.httpStatus)
        guard resolution.selection == nil else { return }  // a failed refresh keeps what is shown
        resolution.failure = error
        for frame in orderedFrames() where frame.isAttached && frame.placementId != nil {
            if frame.status == .resolving || frame.status == .errorResolving { enterError(frame, error) }
        }
    }
}

extension Milliseconds {
    func addingClamped(_ delta: Milliseconds) -> Milliseconds {
        let sum = addingReportingOverflow(delta)
        return sum.overflow ? (delta > 0 ? .max : .min) : sum.partialValue
    }
}
