/// Why a request was made; decides where its answer goes.
enum RequestPurpose: Hashable {
    case placements
    case contentDocument(ContentReference)
    case asset(ContentReference, index: Int)
    /// A place's list (nil: a preload of `placeId`).
    case bannerList(place: UInt64?, placeId: String, generation: Int)
    case bannerContent(place: UInt64, row: Int, generation: Int)

    /// App Frames requests belong to an identity and a consent (AF-16,
    /// AF-17); banner requests do not.
    var isAppFrames: Bool {
        switch self {
        case .placements, .contentDocument, .asset: return true
        case .bannerList, .bannerContent: return false
        }
    }
}

struct InFlightRequest {
    let purpose: RequestPurpose
    /// Results of a request from an older epoch are dropped (AF-16, AF-17).
    let epoch: UInt64
    let deadline: Milliseconds
}

extension Engine {
    /// The next request for the host to perform, or nil when none is waiting.
    /// The request is in flight from now until it is completed, failed or
    /// times out at its deadline.
    public func pollRequest() throws(FramesError) -> OutgoingRequest? {
        try mutate { () throws(FramesError) -> OutgoingRequest? in
            while queueHead < queued.count {
                let request = queued[queueHead]
                queueHead += 1
                if queueHead == queued.count {
                    queued.removeAll(keepingCapacity: true)
                    queueHead = 0
                }
                // Cancelled while queued (consent revoked, identity changed).
                if inFlight[request.id] != nil { return request }
            }
            return nil
        }
    }

    /// How many requests wait to be polled.
    public var queuedRequestCount: Int {
        queued[queueHead...].filter { inFlight[$0.id] != nil }.count
    }

    /// The host's answer to request `id`.
    public func completeRequest(_ id: UInt64, response: HTTPResponse, now: Milliseconds) throws(FramesError) {
        try mutate { () throws(FramesError) in
            let request = try takeInFlight(id)
            guard !request.purpose.isAppFrames || request.epoch == epoch else { return }
            if (200...299).contains(response.status) {
                handleSuccess(request.purpose, body: response.body, now: now)
            } else {
                handleFailure(request.purpose, .http(status: response.status, retryAfter: response.retryAfter), now: now)
            }
        }
    }

    /// The host could not perform request `id` (DNS, connection, TLS...).
    public func failRequest(_ id: UInt64, message: String, now: Milliseconds) throws(FramesError) {
        try mutate { () throws(FramesError) in
            let request = try takeInFlight(id)
            guard !request.purpose.isAppFrames || request.epoch == epoch else { return }
            handleFailure(request.purpose, .transport(message), now: now)
        }
    }

    /// When the host must call `onTimeout` next, or nil when nothing is timed.
    public var nextDeadline: Milliseconds? {
        let requestDeadline = inFlight.values.map(\.deadline).min()
        switch (timers.nextDeadline, requestDeadline) {
        case (nil, nil): return nil
        case (let t?, nil): return t
        case (nil, let r?): return r
        case (let t?, let r?): return min(t, r)
        }
    }

    /// Fires every timer and request timeout due at `now`.
    public func onTimeout(now: Milliseconds) throws(FramesError) {
        try mutate { () throws(FramesError) in
            let expired = inFlight.filter { $0.value.deadline <= now }.sorted { $0.key < $1.key }
            for (id, request) in expired {
                inFlight[id] = nil
                if !request.purpose.isAppFrames || request.epoch == epoch {
                    handleFailure(request.purpose, .timeout, now: now)
                }
            }
            for timer in timers.takeDue(at: now) {
                fire(timer, now: now)
            }
        }
    }

    func enqueue(_ purpose: RequestPurpose, method: String, url: String, body: [UInt8] = [],
                 headers: [HTTPHeader] = [], now: Milliseconds) {
        let id = nextRequestId
        nextRequestId &+= 1
        let deadline = now.addingReportingOverflow(options.requestTimeout)
        let request = OutgoingRequest(id: id, method: method, url: url, headers: headers, body: body,
                                      deadline: deadline.overflow ? .max : deadline.partialValue)
        queued.append(request)
        inFlight[id] = InFlightRequest(purpose: purpose, epoch: epoch, deadline: request.deadline)
    }

    /// Forgets every App Frames request: late answers are then "not in
    /// flight". Banner requests go on.
    func cancelAppFramesRequests() {
        inFlight = inFlight.filter { !$0.value.purpose.isAppFrames }
    }

    private func takeInFlight(_ id: UInt64) throws(FramesError) -> InFlightRequest {
        guard let request = inFlight.removeValue(forKey: id) else {
            throw FramesError(.notFound, "request \(id) is not in flight (never issued, already answered, "
                + "timed out or cancelled); its answer is ignored")
        }
        return request
    }

    private func handleSuccess(_ purpose: RequestPurpose, body: [UInt8], now: Milliseconds) {
        switch purpose {
        case .placements: placementsArrived(body, now: now)
        case .contentDocument(let key): contentDocumentArrived(key, body: body, now: now)
        case .asset(let key, let index): assetArrived(key, index: index, body: body, now: now)
        case .bannerList(let place, let placeId, let generation):
            bannerListArrived(place: place, placeId: placeId, generation: generation, body: body, now: now)
        case .bannerContent(let place, let row, let generation):
            bannerContentArrived(place: place, row: row, generation: generation, body: body, now: now)
        }
    }

    private func handleFailure(_ purpose: RequestPurpose, _ failure: RequestFailure, now: Milliseconds) {
        switch purpose {
        case .placements: placementsFailed(failure, now: now)
        case .contentDocument(let key), .asset(let key, _): downloadFailed(key, failure, now: now)
        case .bannerList(let place, let placeId, let generation):
            bannerListFailed(place: place, placeId: placeId, generation: generation, failure, now: now)
        case .bannerContent(let place, let row, let generation):
            bannerContentFailed(place: place, row: row, generation: generation, failure, now: now)
        }
    }

    private func fire(_ timer: TimerKind, now: Milliseconds) {
        switch timer {
        case .retryResolution: retryResolution(now: now)
        case .retryDownload(let key): retryDownload(key, now: now)
        case .renderTimeout(let id, let token): renderTimedOut(frameId: id, token: token, now: now)
        case .retryBannerRequest(let purpose): resendBannerRequest(purpose, now: now)
        case .bannerTick(let place): bannerTick(placeObjectId: place, now: now)
        }
    }

    /// The delay before the next attempt after `attempt` failed, or nil when
    /// the failure is final (permanent, or attempts exhausted).
    func retryDelay(after attempt: Int, _ failure: RequestFailure) -> Milliseconds? {
        guard failure.isTransient else { return nil }
        return options.retry.delay(afterAttempt: attempt, retryAfter: failure.retryAfter, random: &random)
    }
}
