extension Engine {
    /// A new frame: `noPlacement`, or `disabled` while App Frames cannot run
    /// (AF-02, AF-03).
    public func makeFrame() throws(FramesError) -> AppFrame {
        try mutate { () throws(FramesError) -> AppFrame in
            let frame = AppFrame(id: nextFrameId, status: isActive ? .noPlacement : .disabled)
            nextFrameId &+= 1
            frames[frame.id] = frame
            return frame
        }
    }

    /// Forgets a frame: no callback reaches it afterwards, even one already
    /// queued (XC-03).
    public func removeFrame(_ frame: AppFrame) throws(FramesError) {
        try mutate { () throws(FramesError) in
            try check(frame)
            frames[frame.id] = nil
            unindex(frame)
            frame.delegate = nil
            let id = frame.id
            timers.cancel { if case .renderTimeout(id, _) = $0 { return true } else { return false } }
        }
    }

    public var frameCount: Int { frames.count }

    /// AF-03: binds the frame to a placement, or to none.
    public func setPlacement(_ frame: AppFrame, _ placementId: String?, now: Milliseconds) throws(FramesError) {
        try mutate { () throws(FramesError) in
            try check(frame)
            if let placementId { try Identifier.check(placementId, "placement id") }
            guard placementId != frame.placementId else { return }
            unindex(frame)
            frame.placementId = placementId
            if let placementId { framesByPlacement[placementId, default: []].append(frame.id) }
            forgetContent(frame)
            guard isActive else { return }
            if placementId == nil || !frame.isAttached {
                setStatus(frame, .noPlacement)
            } else {
                sync(frame, now: now)
                resolveIfNeeded(now: now)
            }
        }
    }

    /// AF-04: attached frames follow their placement; there is no load call.
    public func attach(_ frame: AppFrame, now: Milliseconds) throws(FramesError) {
        try mutate { () throws(FramesError) in
            try check(frame)
            guard !frame.isAttached else { return }
            frame.isAttached = true
            sync(frame, now: now)
            resolveIfNeeded(now: now)
            checkImpression(frame, now: now)
        }
    }

    /// AF-04: a detached frame keeps its status and content but follows no
    /// more updates until it is attached again.
    public func detach(_ frame: AppFrame) throws(FramesError) {
        try mutate { () throws(FramesError) in
            try check(frame)
            frame.isAttached = false
        }
    }

    /// AF-04: hiding never stops loading; it only blocks impressions (AF-22).
    public func setHidden(_ frame: AppFrame, _ hidden: Bool, now: Milliseconds) throws(FramesError) {
        try mutate { () throws(FramesError) in
            try check(frame)
            frame.isHidden = hidden
            checkImpression(frame, now: now)
        }
    }

    /// The size the host laid the frame out at (AF-22 needs a non-zero height).
    public func setLaidOutSize(_ frame: AppFrame, width: Double, height: Double, now: Milliseconds) throws(FramesError) {
        try mutate { () throws(FramesError) in
            try check(frame)
            guard width.isFinite, width >= 0, height.isFinite, height >= 0 else {
                throw .invalidArgument("laid-out size is \(width) x \(height); both must be finite lengths >= 0")
            }
            frame.laidOutWidth = width
            frame.laidOutHeight = height
            checkImpression(frame, now: now)
        }
    }

    /// AF-18: intrinsic (the default) or fixed at `fixedHeight`.
    public func setHeightMode(_ frame: AppFrame, _ mode: HeightMode, fixedHeight: Double = 0) throws(FramesError) {
        try mutate { () throws(FramesError) in
            try check(frame)
            guard fixedHeight.isFinite, fixedHeight >= 0 else {
                throw .invalidArgument("fixed height is \(fixedHeight); it must be a finite length >= 0")
            }
            frame.heightMode = mode
            frame.fixedHeight = mode == .fixed ? fixedHeight : 0
        }
    }

    func check(_ frame: AppFrame) throws(FramesError) {
        guard frames[frame.id] === frame else {
            throw FramesError(.invalidHandle, "frame \(frame.id) does not belong to this engine or was freed")
        }
    }

    func orderedFrames() -> [AppFrame] {
        frames.values.sorted { $0.id < $1.id }
    }

    /// The frames showing `placementIds`, in creation order like every
    /// other pass over frames.
    func frames(of placementIds: [String]) -> [AppFrame] {
        placementIds.flatMap { framesByPlacement[$0] ?? [] }.sorted().compactMap { frames[$0] }
    }

    private func unindex(_ frame: AppFrame) {
        guard let old = frame.placementId else { return }
        framesByPlacement[old]?.removeAll { $0 == frame.id }
        if framesByPlacement[old]?.isEmpty == true { framesByPlacement[old] = nil }
    }

    /// Moves an attached frame to what the engine knows about its placement:
    /// the one place that decides a frame's resting status.
    func sync(_ frame: AppFrame, now: Milliseconds) {
        guard isActive else {
            setStatus(frame, .disabled)
            return
        }
        guard let placementId = frame.placementId else {
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
        guard let choice = selection[placementId] else {
            forgetContent(frame)
            setStatus(frame, .unavailable)
            return
        }
        if let shown = frame.content, shown.key == choice.content, shown.campaignId == choice.campaignId,
           shown.variantId == choice.variantId,
           frame.status == .ready || frame.status == .rendering || frame.status == .dismissed {
            // AF-16: same selection, no flicker; keep it cached for this user.
            if placements[placementId] == nil { placements[placementId] = .ready(choice, shown) }
            return
        }
        switch placements[placementId] {
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
                download(choice, for: placementId, frame, now: now)
            }
        case nil:
            download(choice, for: placementId, frame, now: now)
        }
    }

    /// The frame shows it is downloading before the download starts: a
    /// download that fails at once (an untrusted origin) re-enters `sync`
    /// and must find the frame waiting for it.
    private func download(_ choice: PlacementChoice, for placementId: String, _ frame: AppFrame, now: Milliseconds) {
        placements[placementId] = .downloading(choice)
        setStatus(frame, .downloading)
        startDownload(choice.content, for: placementId, now: now)
    }

    /// Asks the host to draw content; it answers through the template calls.
    func render(_ frame: AppFrame, _ content: LoadedContent, now: Milliseconds) {
        frame.content = content
        frame.templateHeight = nil
        frame.renderToken &+= 1
        let id = frame.id
        timers.cancel { if case .renderTimeout(id, _) = $0 { return true } else { return false } }
        setStatus(frame, .rendering)
        post(.render(frame: frame.id, token: frame.renderToken))
        timers.schedule(.renderTimeout(frame: frame.id, token: frame.renderToken),
                        at: now.addingClamped(options.renderTimeout))
    }

    func forgetContent(_ frame: AppFrame) {
        frame.content = nil
        frame.templateHeight = nil
        frame.renderToken &+= 1
        let id = frame.id
        timers.cancel { if case .renderTimeout(id, _) = $0 { return true } else { return false } }
    }

    /// AF-07: a callback on every transition and only on a transition. The
    /// error is cleared whenever the status is not an error (AF-10).
    func setStatus(_ frame: AppFrame, _ status: FrameStatus) {
        guard status != frame.status else { return }
        let previous = frame.status
        frame.status = status
        if !status.isError { frame.error = nil }
        post(.statusChanged(frame: frame.id, to: status, from: previous))
    }

    /// AF-09: entering an error status fires didFail, then didChangeStatus; a
    /// further failure on the same status only updates the error.
    func enterError(_ frame: AppFrame, _ error: FrameError) {
        let status = error.code.status
        frame.error = error
        guard frame.status != status else { return }
        let previous = frame.status
        frame.status = status
        post(.failed(frame: frame.id, error))
        post(.statusChanged(frame: frame.id, to: status, from: previous))
    }

    /// AF-22: one impression per frame per shown content per session, once
    /// the template signalled and the frame is attached, visible and laid out
    /// with a non-zero height.
    func checkImpression(_ frame: AppFrame, now: Milliseconds) {
        guard frame.status == .ready, frame.isAttached, !frame.isHidden, frame.laidOutHeight > 0,
              let content = frame.content else { return }
        guard frame.impressionSession != sessionId || frame.impressionContent != content.key else { return }
        frame.impressionSession = sessionId
        frame.impressionContent = content.key
        record("appFrames.impression", now: now, frame: frame, content: content)
    }
}
