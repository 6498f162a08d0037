// Decides: AF-06, AF-07, AF-08, AF-09, AF-10, AF-11, AF-23
/// The one place that decides a frame's resting status (AF-06..AF-11), and
/// the status, render and impression mechanics around it.
extension AppFramesController {
    /// Moves an attached frame to what the engine knows about its placement.
    func sync(_ frame: AppFrame, now: Milliseconds) {
        guard isActive else {
            setStatus(frame, .disabled)
            return
        }
        guard let placementId = frame.placementId, let entry = frame.entry else {
            setStatus(frame, .noPlacement)
            return
        }
        guard frame.isAttached else { return }
        guard let selection = resolution.selection else {
            if let failure = resolution.failure, resolution.attempt == nil {
                enterError(frame, failure)
            } else if frame.status != .errorResolving {
                // A frame already in errorResolving waits there for the fetch
                // running now (AF-09); others show they are resolving.
                setStatus(frame, .resolving)
            }
            return
        }
        guard let choice = entry.choice(in: selection, version: resolutionVersion) else {
            if frame.status != .unavailable {
                services.trace(.info, "placement \(placementId): no campaign for this user (AF-08)")
            }
            forgetContent(frame)
            setStatus(frame, .unavailable)
            return
        }
        if let shown = frame.content, shown.key == choice.content, shown.campaignId.isExactly(choice.campaignId),
           shown.variantId.isExactly(choice.variantId),
           frame.status == .ready || frame.status == .rendering || frame.status == .dismissed {
            // AF-16: same selection, no flicker; keep it cached for this user.
            if entry.content == nil { entry.content = .ready(choice, shown) }
            return
        }
        switch entry.content {
        case .ready(_, let content)?:
            render(frame, content, now: now)
        case .downloading?:
            setStatus(frame, .downloading)
        case .failed(_, let error)?:
            if frame.status == error.code.status {
                frame.error = error
            } else if frame.status.isLoading || frame.status.isError {
                enterError(frame, error)
            } else {
                // A frame that was not waiting on this download retries it.
                download(choice, for: entry, frame, now: now)
            }
        case nil:
            download(choice, for: entry, frame, now: now)
        }
    }

    /// The frame shows it is downloading before the download starts: a
    /// download that fails at once (an untrusted origin) re-enters `sync`
    /// and must find the frame waiting for it.
    private func download(_ choice: PlacementChoice, for entry: PlacementEntry, _ frame: AppFrame, now: Milliseconds) {
        entry.content = .downloading(choice)
        setStatus(frame, .downloading)
        startDownload(choice.content, for: entry.id, now: now)
    }

    /// Asks the host to draw content; it answers through the template calls.
    func render(_ frame: AppFrame, _ content: LoadedContent, now: Milliseconds) {
        forgetContent(frame)
        frame.content = content
        setStatus(frame, .rendering)
        post(frame, .render(token: frame.renderToken))
        frame.renderDeadline = now.addingClamped(options.renderTimeout)
        frame.renderTimer = services.schedule(.renderTimeout(frame: frame.id), at: now.addingClamped(options.renderTimeout))
    }

    /// Drops what the frame shows or renders; a late template report for it
    /// is then recognised as stale.
    func forgetContent(_ frame: AppFrame) {
        frame.content = nil
        frame.templateHeight = nil
        frame.renderToken &+= 1
        services.cancelTimer(frame.renderTimer)
        frame.renderTimer = nil
    }

    /// AF-07: a callback on every transition and only on a transition. The
    /// error is cleared whenever the status is not an error (AF-10).
    func setStatus(_ frame: AppFrame, _ status: FrameStatus) {
        guard status != frame.status else { return }
        let previous = frame.status
        frame.status = status
        if !status.isError { frame.error = nil }
        services.trace(.debug, "frame \(frame.id): \(previous.stringValue) -> \(status.stringValue)")
        post(frame, .status(status, from: previous))
    }

    /// AF-09: entering an error status fires didFail, then didChangeStatus; a
    /// further failure on the same status only updates the error.
    func enterError(_ frame: AppFrame, _ error: ContentError) {
        let status = error.code.status
        frame.error = error
        guard frame.status != status else { return }
        let previous = frame.status
        frame.status = status
        services.trace(.warning, "frame \(frame.id): \(previous.stringValue) -> \(status.stringValue): \(error.message)")
        post(frame, .failed(error))
        post(frame, .status(status, from: previous))
    }

    /// AF-22: one impression per frame per shown content per session, once
    /// the template signalled and the frame is attached, visible and laid out
    /// with a non-zero height.
    func checkImpression(_ frame: AppFrame, now: Milliseconds) {
        guard frame.status == .ready, frame.isAttached, !frame.isHidden, frame.laidOutHeight > 0,
              let content = frame.content else { return }
        let session = services.session.id
        guard frame.impressionSession != session || frame.impressionContent != content.key else { return }
        frame.impressionSession = session
        frame.impressionContent = content.key
        frame.impressionAt = now
        record("appFrames.impression", now: now, frame: frame, content: content)
    }
}

extension ContentError.Code {
    /// The error status a frame enters with this error (AF-10).
    var status: FrameStatus {
        switch self {
        case .resolutionFailed: return .errorResolving
        case .downloadingFailed, .placementUntrusted: return .errorDownloading
        case .renderingFailed: return .errorRendering
        }
    }
}
