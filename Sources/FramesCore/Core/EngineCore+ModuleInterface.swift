/// The narrow interface modules use (see `EngineModule`): everything a
// Decides: XC-05
/// module may ask of the core, and nothing else.
extension EngineCore {
    /// Hands a request to the host; its answer comes back to `module`'s
    /// `requestFinished`. A request bound to the identity is cancelled when
    /// the user or consent changes (its late answer is "not in flight").
    func enqueue(_ module: EngineModule, method: String, url: String, headers: [HTTPHeader] = [],
                 body: [UInt8] = [], boundToIdentity: Bool, now: Milliseconds) -> RequestID {
        let id = requests.enqueue(method: method, url: url, headers: headers, body: body,
                                  deadline: now.addingClamped(options.requestTimeout), owner: ObjectIdentifier(module),
                                  boundToIdentity: boundToIdentity)
        trace(.debug, "request \(id.value): \(method) \(url) queued (\(body.count) body bytes)")
        return id
    }

    /// A JSON POST: the shape of every fetch the modules make.
    func enqueueJSON(_ module: EngineModule, url: String, body: String, boundToIdentity: Bool,
                     now: Milliseconds) -> RequestID {
        enqueue(module, method: "POST", url: url,
                headers: [HTTPHeader("Content-Type", "application/json"), HTTPHeader("Accept", "application/json")],
                body: Array(body.utf8), boundToIdentity: boundToIdentity, now: now)
    }

    /// Forgets a request: its answer will be "not in flight".
    func cancelRequest(_ id: RequestID) {
        requests.cancel(id)
    }

    /// `module.timerFired(id)` runs at the first `onTimeout` at or after
    /// `deadline`.
    func schedule(_ module: EngineModule, at deadline: Milliseconds) -> TimerID {
        timers.schedule(at: deadline, owner: ObjectIdentifier(module))
    }

    func cancelTimer(_ id: TimerID?) {
        timers.cancel(id)
    }

    /// Queues a callback to the host; it runs after the current state change
    /// has settled, in posting order across all modules (XC-03).
    func post(_ deliver: @escaping () -> Void) {
        guard !isClosed else { return }
        outbox.post(deliver)
    }

    /// Records an analytics event for the host's sink (XC-05), stamped with
    /// the session and user.
    func record(_ name: String, module: String, now: Milliseconds, location: String?, campaignId: String? = nil,
                variantId: String? = nil, viewId: String? = nil, fields: [AnalyticsField] = []) {
        let record = AnalyticsRecord(name: name, time: now, sessionId: session.id, userId: session.userId,
                                     module: module, location: location, campaignId: campaignId,
                                     variantId: variantId, viewId: viewId, fields: fields)
        post { [weak self] in self?.host?.record(record) }
    }

    /// The wait before the attempt after `attempt` failed, or nil when the
    /// failure is final: permanent, or attempts exhausted (XC-06).
    func retryDelay(after attempt: Int, _ failure: RequestFailure) -> Milliseconds? {
        guard failure.isTransient else {
            trace(.warning, "\(failure.message): permanent, not retried")
            return nil
        }
        guard let delay = options.retry.delay(afterAttempt: attempt, retryAfter: failure.retryAfter, random: &random) else {
            trace(.warning, "\(failure.message): attempt \(attempt) of \(options.retry.maxAttempts) failed, no retry left")
            return nil
        }
        trace(.info, "\(failure.message): attempt \(attempt) failed, next in \(delay) ms (XC-06)")
        return delay
    }

    /// An id unique among the engine's objects, never reused: also the
    /// analytics view id's number.
    func newObjectId() -> UInt64 {
        let id = nextObjectId
        nextObjectId &+= 1
        return id
    }

    /// The common fields of every request body: who asks, in which session,
    /// with which engine.
    func identityJSONFields() -> String {
        "\"device_id\":" + JSONText.quoted(session.deviceId)
            + ",\"session_id\":" + JSONText.quoted(session.id)
            + ",\"user_id\":" + (session.userId.map(JSONText.quoted) ?? "null")
            + ",\"engine_version\":" + JSONText.quoted(FramesVersion.string)
    }
}
