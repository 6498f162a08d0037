// Decides: IL-06
/// A view's content (IL-06): downloaded with the App Frames checks (AF-14,
/// `ContentDownloads`), then the render request, and what happens to it
/// afterwards — failed, withdrawn, cleared.
struct InlineLoadedContent {
    let html: String
    let assets: [LoadedAsset]
}

/// A view waiting for content, as it was when it started waiting: a newer
/// token means it moved on and the arrival is not for it.
struct InlineWaiter: Hashable {
    let view: UInt64
    let token: UInt64
}

extension InlineController {
    func requestContent(_ key: ContentReference, for view: InlineView, now: Milliseconds) {
        let waiter = InlineWaiter(view: view.id, token: view.token)
        if let outcome = downloads.start(key, for: waiter, now: now) { downloadFinished(outcome, now: now) }
    }

    /// Renders the content in the views still waiting for it, or fails them.
    func downloadFinished(_ outcome: ContentDownloads<InlineWaiter, InlineController>.Outcome, now: Milliseconds) {
        switch outcome {
        case .ready(let key, let document, let assets, let waiting):
            let content = InlineLoadedContent(html: document.html, assets: assets)
            loaded[key] = content
            for view in stillWaiting(waiting) { render(view, content, now: now) }
        case .failed(_, let error, let waiting):
            for view in stillWaiting(waiting) { fail(view, error, now: now) }
        }
    }

    private func stillWaiting(_ waiting: [InlineWaiter]) -> [InlineView] {
        waiting.compactMap { waiter in
            guard let view = views[waiter.view], view.token == waiter.token, view.status == .processing else {
                return nil
            }
            return view
        }
    }

    /// Asks the view's host to draw the content, with the context the global
    /// delegate gives for this message (IL-07); the host answers with
    /// `contentShown` or `renderFailed`, or the render timeout fails it.
    func render(_ view: InlineView, _ content: InlineLoadedContent, now: Milliseconds) {
        view.status = .rendering
        let id = view.id
        let token = view.token
        services.post { controller in
            // A render superseded before delivery is not asked for.
            guard let view = controller.views[id], view.token == token, view.status == .rendering,
                  let message = view.message, let delegate = view.delegate else { return }
            let context: String
            do throws(FramesError) {
                context = try InlineContextMap.check(try controller.host?.contextMap(for: message, view: view),
                                                  what: "contextRequired's answer").get()
            } catch {
                controller.fail(view, ContentError(.renderingFailed, error.message), now: controller.services.now)
                return
            }
            delegate.view(view, render: InlineRenderRequest(message: message, html: content.html, assets: content.assets,
                                                            contextMap: context))
        }
        view.renderTimer = services.schedule(.renderTimeout(view: view.id, token: view.token),
                                    at: now.addingClamped(options.renderTimeout))
    }

    /// The view's content failed (IL-06): it shows nothing and says why.
    func fail(_ view: InlineView, _ error: ContentError, now: Milliseconds) {
        let message = view.message
        services.trace(.warning, "inline: \(view.viewId): \(error.message)")
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
        services.cancelTimer(view.renderTimer)
        view.renderTimer = nil
        view.campaign = nil
        view.token &+= 1
        view.status = status
    }
}

/// The per-message context a host gives for rendering (IL-07): a JSON
/// object of at most 64 KiB.
enum InlineContextMap {
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
