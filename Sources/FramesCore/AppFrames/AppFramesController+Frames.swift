// Decides: AF-03, AF-04, AF-05, AF-22
/// The host's calls on frames (AF-02..AF-05, AF-18, AF-22).
extension AppFramesController {
    /// A new frame: `noPlacement`, or `disabled` while App Frames cannot run
    /// (AF-02, AF-03).
    public func makeFrame() throws(FramesError) -> AppFrame {
        try services.mutate { () throws(FramesError) -> AppFrame in
            let frame = AppFrame(id: services.newObjectId(), status: isActive ? .noPlacement : .disabled)
            register(frame)
            return frame
        }
    }

    /// Forgets a frame: no callback reaches it afterwards, even one already
    /// queued (XC-03).
    public func removeFrame(_ frame: AppFrame) throws(FramesError) {
        try services.mutate { () throws(FramesError) in
            try check(frame)
            unregister(frame)
            unindex(frame)
            frame.delegate = nil
            services.cancelTimer(frame.renderTimer)
            frame.renderTimer = nil
        }
    }

    /// AF-03: binds the frame to a placement, or to none. Placement ids are
    /// compared by their exact bytes (XC-07).
    public func setPlacement(_ frame: AppFrame, _ placementId: String?, now: Milliseconds) throws(FramesError) {
        try services.mutate(now: now) { (now) throws(FramesError) in
            try check(frame)
            if let placementId { try Identifier.check(placementId, "placement id") }
            guard !placementId.isExactly(frame.placementId) else { return }
            unindex(frame)
            frame.placementId = placementId
            if let placementId {
                let entry = entry(ExactKey(placementId))
                entry.frames.append(frame)
                frame.entry = entry
            }
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
        try services.mutate(now: now) { (now) throws(FramesError) in
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
        try services.mutate { () throws(FramesError) in
            try check(frame)
            frame.isAttached = false
        }
    }

    /// AF-04: hiding never stops loading; it only blocks impressions (AF-22).
    public func setHidden(_ frame: AppFrame, _ hidden: Bool, now: Milliseconds) throws(FramesError) {
        try services.mutate(now: now) { (now) throws(FramesError) in
            try check(frame)
            frame.isHidden = hidden
            checkImpression(frame, now: now)
        }
    }

    /// The size the host laid the frame out at (AF-22 needs a non-zero height).
    public func setLaidOutSize(_ frame: AppFrame, width: Double, height: Double, now: Milliseconds) throws(FramesError) {
        try services.mutate(now: now) { (now) throws(FramesError) in
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
        try services.mutate { () throws(FramesError) in
            try check(frame)
            guard fixedHeight.isFinite, fixedHeight >= 0 else {
                throw .invalidArgument("fixed height is \(fixedHeight); it must be a finite length >= 0")
            }
            frame.heightMode = mode
            frame.fixedHeight = mode == .fixed ? fixedHeight : 0
        }
    }

    private func unindex(_ frame: AppFrame) {
        guard let entry = frame.entry else { return }
        frame.entry = nil
        entry.frames.removeAll { $0 === frame }
        if entry.isUnused { entries[entry.id] = nil }
    }
}
