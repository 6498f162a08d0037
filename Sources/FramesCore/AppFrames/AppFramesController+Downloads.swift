/// What the engine knows of one placement's content for the current user
/// (AF-14, AF-15).
enum PlacementContent {
    case downloading(PlacementChoice)
    case ready(PlacementChoice, LoadedContent)
    case failed(PlacementChoice, FrameError)

    var choice: PlacementChoice {
        switch self {
        case .downloading(let choice), .ready(let choice, _), .failed(let choice, _): return choice
        }
    }
}

/// One content download shared by every placement that chose it: the
/// content document, then its assets (AF-14).
struct DownloadJob {
    var attempt = 1
    /// The placements waiting for it: an arrival touches only these.
    var waiting: Set<ExactKey> = []
    var document: ContentDocument?
    var assets: [LoadedAsset?] = []
    /// The pending retry; it re-sends whatever is missing.
    var retryTimer: TimerID?
}

extension AppFramesController {
    func startDownload(_ key: ContentReference, for placementId: ExactKey, now: Milliseconds) {
        guard downloads[key] == nil else {
            downloads[key]?.waiting.insert(placementId)
            return
        }
        var job = DownloadJob()
        job.waiting.insert(placementId)
        downloads[key] = job
        if let failure = ContentCheck.origin(of: key.url, allowInsecureHTTP: core.options.allowInsecureHTTP) {
            downloadFailed(key, .content(failure), now: now)
            return
        }
        enqueue(.contentDocument(key), url: key.url, now: now)
    }

    /// Sends again whatever the job still misses and has not in flight.
    func retryDownload(_ key: ContentReference, now: Milliseconds) {
        guard let job = downloads[key] else { return }
        guard let info = job.document else {
            enqueue(.contentDocument(key), url: key.url, now: now)
            return
        }
        let pending = Set(requests.values.compactMap { purpose -> Int? in
            if case .asset(key, let index) = purpose { return index }
            return nil
        })
        for index in job.assets.indices where job.assets[index] == nil && !pending.contains(index) {
            enqueue(.asset(key, index: index), url: info.assets[index].url, now: now)
        }
    }

    func contentDocumentArrived(_ key: ContentReference, body: [UInt8], now: Milliseconds) {
        guard downloads[key] != nil else { return }
        if let failure = ContentCheck.integrity(of: body, expectedSHA256: key.sha256, url: key.url) {
            downloadFailed(key, .content(failure), now: now)
            return
        }
        let info: ContentDocument
        do {
            info = try ContentDocument.decode(body)
        } catch {
            downloadFailed(key, .malformed(error.message), now: now)
            return
        }
        for asset in info.assets {
            if let failure = ContentCheck.assetSize(asset.size, url: asset.url)
                ?? ContentCheck.origin(of: asset.url, allowInsecureHTTP: core.options.allowInsecureHTTP) {
                downloadFailed(key, .content(failure), now: now)
                return
            }
        }
        downloads[key]?.document = info
        downloads[key]?.assets = Array(repeating: nil, count: info.assets.count)
        for index in info.assets.indices {
            enqueue(.asset(key, index: index), url: info.assets[index].url, now: now)
        }
        finishIfComplete(key, now: now)
    }

    func assetArrived(_ key: ContentReference, index: Int, body: [UInt8], now: Milliseconds) {
        guard let job = downloads[key], let declared = job.document?.assets[safe: index],
              job.assets.indices.contains(index) else { return }
        if let failure = ContentCheck.downloadedAsset(declared, body: body) {
            downloadFailed(key, .content(failure), now: now)
            return
        }
        downloads[key]?.assets[index] = LoadedAsset(url: declared.url, bytes: body)
        finishIfComplete(key, now: now)
    }

    private func finishIfComplete(_ key: ContentReference, now: Milliseconds) {
        guard let job = downloads[key], let info = job.document else { return }
        var assets: [LoadedAsset] = []
        for asset in job.assets {
            guard let asset else { return }
            assets.append(asset)
        }
        downloads[key] = nil
        var ready: [ExactKey] = []
        for placementId in job.waiting.sorted(by: { $0.string.utf8.lexicographicallyPrecedes($1.string.utf8) }) {
            guard case .downloading(let choice)? = placements[placementId], choice.content == key else { continue }
            let content = LoadedContent(key: key, placementId: placementId.string, campaignId: choice.campaignId,
                                        variantId: choice.variantId, template: info.html, assets: assets,
                                        actions: info.actions)
            placements[placementId] = .ready(choice, content)
            ready.append(placementId)
        }
        for frame in frames(of: ready) { sync(frame, now: now) }
    }

    func downloadFailed(_ key: ContentReference, _ failure: RequestFailure, now: Milliseconds) {
        guard var job = downloads[key] else { return }
        // Parallel asset requests may fail together: one retry covers them.
        if job.retryTimer != nil && failure.isTransient { return }
        if let delay = core.retryDelay(after: job.attempt, failure) {
            job.attempt += 1
            job.retryTimer = schedule(.retryDownload(key), at: now.addingClamped(delay))
            downloads[key] = job
            return
        }
        downloads[key] = nil
        cancelTimer(job.retryTimer)
        // Other requests of this job may still be in flight; their answers
        // now find no job and are ignored.
        let code: FrameError.Code
        if case .content(let check) = failure, check.kind == .placementUntrusted {
            code = .placementUntrusted
        } else {
            code = .downloadingFailed
        }
        let error = FrameError(code, "downloading \(key.url) failed: \(failure.message)", httpStatus: failure.httpStatus)
        var failed: [ExactKey] = []
        for placementId in job.waiting.sorted(by: { $0.string.utf8.lexicographicallyPrecedes($1.string.utf8) }) {
            guard case .downloading(let choice)? = placements[placementId], choice.content == key else { continue }
            placements[placementId] = .failed(choice, error)
            failed.append(placementId)
        }
        for frame in frames(of: failed) { sync(frame, now: now) }
    }
}
