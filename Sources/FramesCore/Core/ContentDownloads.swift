// Decides: AF-14
/// Content downloads with the checks of AF-14, for every module that shows
/// downloaded content (IL-06 downloads the same way): one job per content
/// reference however many wait for it — the content document (its SHA-256,
/// an https origin), then every asset it declares (size, origin, checksum),
/// in parallel. A transient failure is retried with the engine's backoff
/// (XC-06), one retry sending whatever is still missing; when the retries
/// run out the job fails for everyone waiting.
///
/// The module that owns it gives it a request purpose and a timer purpose of
/// its own, forwards the answers and timers made for them, and acts on the
/// outcome. Every request belongs to the identity and
/// consent it was made for (XC-04): `reset` drops what the core cancelled.
final class ContentDownloads<Waiter: Hashable, Module: EngineModule> {
    enum Outcome {
        /// Every part arrived and passed its checks.
        case ready(ContentReference, ContentDocument, [LoadedAsset], waiting: [Waiter])
        case failed(ContentReference, ContentError, waiting: [Waiter])
    }

    private struct Job {
        var attempt = 1
        /// In the order they started waiting.
        var waiting: [Waiter] = []
        var waitingSet: Set<Waiter> = []
        var document: ContentDocument?
        var assets: [LoadedAsset?] = []
        /// The pending retry; it re-sends whatever is missing.
        var retryTimer: TimerID?
    }

    private enum Part: Equatable {
        case document
        case asset(Int)
    }

    private let services: ModuleServices<Module>
    /// What the module calls this helper's requests and retry timers.
    private let requestPurpose: Module.RequestPurpose
    private let retryPurpose: Module.TimerPurpose
    private var jobs: [ContentReference: Job] = [:]
    private var requests: [RequestID: (key: ContentReference, part: Part)] = [:]
    private var timers: [TimerID: ContentReference] = [:]

    init(services: ModuleServices<Module>, requests: Module.RequestPurpose, retries: Module.TimerPurpose) {
        self.services = services
        self.requestPurpose = requests
        self.retryPurpose = retries
    }

    var isEmpty: Bool { jobs.isEmpty }

    /// `waiter` needs `key`: it joins the job for it, or a new one starts.
    /// The outcome, when there is one at once (an insecure document URL).
    func start(_ key: ContentReference, for waiter: Waiter, now: Milliseconds) -> Outcome? {
        if jobs[key] != nil {
            if jobs[key]?.waitingSet.insert(waiter).inserted == true { jobs[key]?.waiting.append(waiter) }
            return nil
        }
        var job = Job()
        job.waiting.append(waiter)
        job.waitingSet.insert(waiter)
        jobs[key] = job
        if let failure = ContentCheck.origin(of: key.url, allowInsecureHTTP: services.options.allowInsecureHTTP) {
            return fail(key, .content(failure), now: now)
        }
        send(.document, of: key, url: key.url, now: now)
        return nil
    }

    /// The answer to one of its requests.
    func finished(_ id: RequestID, _ result: Result<[UInt8], RequestFailure>, now: Milliseconds) -> Outcome? {
        guard let request = requests.removeValue(forKey: id) else { return nil }
        let key = request.key
        switch (request.part, result) {
        case (.document, .success(let body)): return documentArrived(key, body: body, now: now)
        case (.asset(let index), .success(let body)): return assetArrived(key, index: index, body: body, now: now)
        case (_, .failure(let failure)): return fail(key, failure, now: now)
        }
    }

    /// A retry is due: sends again whatever the job still misses and has
    /// not in flight.
    func timerFired(_ id: TimerID, now: Milliseconds) {
        guard let key = timers.removeValue(forKey: id), let job = jobs[key] else { return }
        jobs[key]?.retryTimer = nil
        guard let document = job.document else {
            send(.document, of: key, url: key.url, now: now)
            return
        }
        var inFlight = Set<Int>()
        for (pendingKey, part) in requests.values where pendingKey == key {
            if case .asset(let index) = part { inFlight.insert(index) }
        }
        for index in job.assets.indices where job.assets[index] == nil && !inFlight.contains(index) {
            if let asset = document.assets[safe: index] { send(.asset(index), of: key, url: asset.url, now: now) }
        }
    }

    /// Drops every job, its retry and the requests still due (the core has
    /// cancelled the identity-bound ones, or the engine is closing).
    func reset() {
        for id in timers.keys { services.cancelTimer(id) }
        jobs.removeAll()
        requests.removeAll()
        timers.removeAll()
    }

    private func send(_ part: Part, of key: ContentReference, url: String, now: Milliseconds) {
        let id = services.enqueue(requestPurpose, method: "GET", url: url, boundToIdentity: true, now: now)
        requests[id] = (key, part)
    }

    private func documentArrived(_ key: ContentReference, body: [UInt8], now: Milliseconds) -> Outcome? {
        guard jobs[key] != nil else { return nil }
        if let failure = ContentCheck.integrity(of: body, expectedSHA256: key.sha256, url: key.url) {
            return fail(key, .content(failure), now: now)
        }
        let document: ContentDocument
        do {
            document = try ContentDocument.decode(body)
        } catch {
            return fail(key, .malformed(error.message), now: now)
        }
        for asset in document.assets {
            if let failure = ContentCheck.assetSize(asset.size, url: asset.url)
                ?? ContentCheck.origin(of: asset.url, allowInsecureHTTP: services.options.allowInsecureHTTP) {
                return fail(key, .content(failure), now: now)
            }
        }
        jobs[key]?.document = document
        jobs[key]?.assets = Array(repeating: nil, count: document.assets.count)
        for (index, asset) in document.assets.enumerated() { send(.asset(index), of: key, url: asset.url, now: now) }
        return finishIfComplete(key)
    }

    private func assetArrived(_ key: ContentReference, index: Int, body: [UInt8], now: Milliseconds) -> Outcome? {
        guard let job = jobs[key], let declared = job.document?.assets[safe: index],
              job.assets.indices.contains(index) else { return nil }
        if let failure = ContentCheck.downloadedAsset(declared, body: body) {
            return fail(key, .content(failure), now: now)
        }
        jobs[key]?.assets[index] = LoadedAsset(url: declared.url, bytes: body)
        return finishIfComplete(key)
    }

    private func finishIfComplete(_ key: ContentReference) -> Outcome? {
        guard let job = jobs[key], let document = job.document else { return nil }
        var assets: [LoadedAsset] = []
        assets.reserveCapacity(job.assets.count)
        for asset in job.assets {
            guard let asset else { return nil }
            assets.append(asset)
        }
        jobs[key] = nil
        return .ready(key, document, assets, waiting: job.waiting)
    }

    private func fail(_ key: ContentReference, _ failure: RequestFailure, now: Milliseconds) -> Outcome? {
        guard var job = jobs[key] else { return nil }
        // Parallel asset requests may fail together: one retry covers them.
        if job.retryTimer != nil && failure.isTransient { return nil }
        if let delay = services.retryDelay(after: job.attempt, failure) {
            job.attempt += 1
            let id = services.schedule(retryPurpose, at: now.addingClamped(delay))
            timers[id] = key
            job.retryTimer = id
            jobs[key] = job
            return nil
        }
        jobs[key] = nil
        if let id = job.retryTimer {
            services.cancelTimer(id)
            timers[id] = nil
        }
        // Other requests of this job may still be in flight; their answers
        // now find no job and are ignored.
        let code: ContentError.Code
        if case .content(let check) = failure, check.kind == .placementUntrusted {
            code = .placementUntrusted
        } else {
            code = .downloadingFailed
        }
        let error = ContentError(code, "downloading \(key.url) failed: \(failure.message)", httpStatus: failure.httpStatus)
        return .failed(key, error, waiting: job.waiting)
    }
}
