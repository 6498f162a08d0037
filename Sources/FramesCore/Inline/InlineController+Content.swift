/// Content downloads with the App Frames checks (AF-14: the document's
/// SHA-256, https origins, asset sizes and checksums), render requests, and
/// what happens to a view's content afterwards (IL-06).
struct InlineLoadedContent {
    let html: String
    let assets: [LoadedAsset]
}

/// One content download shared by every view that needs it.
struct InlineDownload {
    var attempt = 1
    /// Views waiting for it: (view, its token when it started waiting).
    var waiting: [(view: UInt64, token: UInt64)] = []
    var document: ContentDocument?
    var assets: [LoadedAsset?] = []
    var retryTimer: TimerID?
}

extension InlineController {
    func requestContent(_ key: ContentReference, for view: InlineView, now: Milliseconds) {
        if downloads[key] != nil {
            downloads[key]?.waiting.append((view.id, view.token))
            return
        }
        var job = InlineDownload()
        job.waiting.append((view.id, view.token))
        downloads[key] = job
        if let failure = ContentCheck.origin(of: key.url, allowInsecureHTTP: core.options.allowInsecureHTTP) {
            downloadFailed(key, .content(failure), now: now)
            return
        }
        enqueue(.document(key), url: key.url, now: now)
    }

    func retryDownload(_ key: ContentReference, now: Milliseconds) {
        guard let job = downloads[key] else { return }
        guard let document = job.document else {
            enqueue(.document(key), url: key.url, now: now)
            return
        }
        let pending = Set(requests.values.compactMap { purpose -> Int? in
            if case .asset(key, let index) = purpose { return index }
            return nil
        })
        for index in job.assets.indices where job.assets[index] == nil && !pending.contains(index) {
            if let asset = document.assets[safe: index] { enqueue(.asset(key, index: index), url: asset.url, now: now) }
        }
    }

    func documentArrived(_ key: ContentReference, body: [UInt8], now: Milliseconds) {
        guard downloads[key] != nil else { return }
        if let failure = ContentCheck.integrity(of: body, expectedSHA256: key.sha256, url: key.url) {
            downloadFailed(key, .content(failure), now: now)
            return
        }
        let document: ContentDocument
        do {
            document = try ContentDocument.decode(body)
        } catch {
            downloadFailed(key, .malformed(error.message), now: now)
            return
        }
        for asset in document.assets {
            if let failure = ContentCheck.assetSize(asset.size, url: asset.url)
                ?? ContentCheck.origin(of: asset.url, allowInsecureHTTP: core.options.allowInsecureHTTP) {
                downloadFailed(key, .content(failure), now: now)
                return
            }
        }
        downloads[key]?.document = document
        downloads[key]?.assets = Array(repeating: nil, count: document.assets.count)
        for (index, asset) in document.assets.enumerated() {
            enqueue(.asset(key, index: index), url: asset.url, now: now)
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
        guard let job = downloads[key], let document = job.document else { return }
        var assets: [LoadedAsset] = []
        for asset in job.assets {
            guard let asset else { return }
            assets.append(asset)
        }
        downloads[key] = nil
        let content = InlineLoadedContent(html: document.html, assets: assets)
        loaded[key] = content
        for (id, token) in job.waiting {
            guard let view = views[id], view.token == token, view.status == .processing else { continue }
            render(view, content, now: now)
        }
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
        let code: FrameError.Code
        if case .content(let check) = failure, check.kind == .placementUntrusted { code = .placementUntrusted } else {
            code = .downloadingFailed
        }
        let error = FrameError(code, "downloading \(key.url) failed: \(failure.message)", httpStatus: failure.httpStatus)
        for (id, token) in job.waiting {
            guard let view = views[id], view.token == token, view.status == .processing else { continue }
            fail(view, error, now: now)
        }
    }

    /// Asks the view's host to draw the content, with the context the global
    /// delegate gives for this message (IL-07); the host answers with
    /// `contentShown` or `renderFailed`, or the render timeout fails it.
    func render(_ view: InlineView, _ content: InlineLoadedContent, now: Milliseconds) {
        view.status = .rendering
        let id = view.id
        let token = view.token
        core.post { [weak self] in
            // A render superseded before delivery is not asked for.
            guard let self, let view = self.views[id], view.token == token, view.status == .rendering,
                  let message = view.message, let delegate = view.delegate else { return }
            let context: String
            do throws(FramesError) {
                context = try InlineContext.check(try self.host?.inlineContext(for: message, view: view),
                                                  what: "contextRequired's answer").get()
            } catch {
                self.fail(view, FrameError(.renderingFailed, error.message), now: self.core.now)
                return
            }
            delegate.view(view, render: InlineRenderRequest(message: message, html: content.html, assets: content.assets,
                                                            context: context))
        }
        view.renderTimer = schedule(.renderTimeout(view: view.id, token: view.token),
                                    at: now.addingClamped(options.renderTimeout))
    }

    /// The view's content failed (IL-06): it shows nothing and says why.
    func fail(_ view: InlineView, _ error: FrameError, now: Milliseconds) {
        let message = view.message
        core.trace(.warning, "inline: \(view.viewId): \(error.message)")
        clearContent(view, status: .failed)
        post(view) { $1.view($0, didFail: error, message: message) }
    }

    /// The engine takes back what a view shows (consent revoked, another
    /// user): the host is asked to remove it; nothing is recorded.
    func withdraw(_ view: InlineView) {
        guard let message = view.message else {
            if view.status == .failed { view.status = .idle }
            return
        }
        clearContent(view, status: .idle)
        post(view) { $1.view($0, shouldBeRemoved: message) }
    }

    /// Forgets the view's campaign: its display ends (IL-03), late reports
    /// and replies for it become stale.
    func clearContent(_ view: InlineView, status: InlineViewStatus) {
        if view.status == .shown, let campaign = view.campaign { leaveDisplay(view, campaign) }
        cancelTimer(view.renderTimer)
        view.renderTimer = nil
        view.campaign = nil
        view.token &+= 1
        view.status = status
    }
}

/// The per-message context a host gives for rendering (IL-07): a JSON
/// object of at most 64 KiB.
enum InlineContext {
    static let maxBytes = 65_536

    /// The text, "{}" for nil, or why it is refused (`what` names it).
    static func check(_ text: String?, what: String) -> Result<String, FramesError> {
        guard let text else { return .success("{}") }
        let bytes = Array(text.utf8)
        do {
            let value = try JSONParser(limits: PayloadLimits(maxBytes: maxBytes, maxDepth: 32, maxStringBytes: maxBytes,
                                                             maxElements: 10_000)).parse(bytes)
            guard value.objectValue != nil else {
                return .failure(.invalidArgument("\(what) is \(value.kindName); it must be a JSON object"))
            }
            return .success(text)
        } catch {
            return .failure(FramesError(error.code, "\(what) is not a JSON object: \(error.message)"))
        }
    }
}
