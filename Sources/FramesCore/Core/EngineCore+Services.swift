// Decides: XC-05
/// What `ModuleServices` asks of the core for its module: the services
/// themselves, kept here beside the state they touch.
extension EngineCore {
    /// New services for a module of type `Module`, which binds them to
    /// itself (`ModuleServices.bind`).
    func services<Module: EngineModule>(for type: Module.Type = Module.self) -> ModuleServices<Module> {
        ModuleServices(core: self)
    }

    /// Hands a request to the host; its answer comes back to `route`.
    func enqueue(_ route: ModuleRoute, method: String, url: String, headers: [HTTPHeader] = [],
                 body: [UInt8] = [], boundToIdentity: Bool, now: Milliseconds) -> RequestID {
        let id = requests.enqueue(method: method, url: url, headers: headers, body: body,
                                  deadline: now.addingClamped(options.requestTimeout), owner: route.routeKey,
                                  boundToIdentity: boundToIdentity)
        trace(.debug, "request \(id.value): \(method) \(url) queued (\(body.count) body bytes)")
        return id
    }

    /// Queues a callback to the host; it runs after the current state change
    /// has settled, in posting order across all modules (XC-03).
    func post(_ deliver: @escaping () -> Void) {
        guard !isClosed else { return }
        outbox.post(deliver)
    }

    /// Queues the delivery of `route`'s oldest callback value, in posting
    /// order with every other callback (XC-03); false once the engine is
    /// closed (the route then keeps nothing).
    func postNext(of route: ModuleRoute) -> Bool {
        guard !isClosed else { return false }
        outbox.postNext(of: route.routeKey)
        return true
    }

    /// Records an analytics event for the host's sink (XC-05), stamped with
    /// the session and user.
    func record(_ name: String, module: String, now: Milliseconds, location: String?, campaignId: String? = nil,
                variantId: String? = nil, viewId: String? = nil, fields: consuming AnalyticsRecord.Fields = .list([])) {
        guard !isClosed else { return }
        outbox.postRecord(name: name, time: now, sessionId: session.id, userId: session.userId, module: module,
                          location: location, campaignId: campaignId, variantId: variantId, viewId: viewId,
                          fields: fields)
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
