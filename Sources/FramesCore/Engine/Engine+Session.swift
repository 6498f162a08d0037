extension Engine {
    /// XC-04: a new session. Re-resolves when consent came back or the remote
    /// disable may have lifted (AF-17); frames on screen count another
    /// impression (AF-22).
    public func startSession(id: String?, now: Milliseconds) throws(FramesError) {
        try mutate { () throws(FramesError) in
            if let id { try Identifier.check(id, "session id") }
            sessionCounter += 1
            sessionId = id ?? "session-\(sessionCounter)"
            if reenableOnSessionStart && consentGranted {
                reenableOnSessionStart = false
                remotelyDisabled = false
                resolution = .idle
                for frame in orderedFrames() { sync(frame, now: now) }
                resolveIfNeeded(now: now)
            }
            for frame in orderedFrames() { checkImpression(frame, now: now) }
        }
    }

    /// XC-04, AF-16: login (an id) or logout (nil). Drops the previous user's
    /// cache and every answer still due for them, then re-resolves; frames on
    /// screen stay until the new selection says otherwise.
    public func setUser(_ id: String?, now: Milliseconds) throws(FramesError) {
        try mutate { () throws(FramesError) in
            if let id { try Identifier.check(id, "user id") }
            guard id != userId else { return }
            userId = id
            dropIdentityState()
            guard isActive else { return }
            for frame in orderedFrames() where frame.isAttached && frame.placementId != nil {
                if frame.status.isLoading { setStatus(frame, .resolving) }
            }
            resolveIfNeeded(now: now)
        }
    }

    /// XC-04, AF-16: coming back from the background refreshes placements.
    public func setAppState(_ state: AppState, now: Milliseconds) throws(FramesError) {
        try mutate { () throws(FramesError) in
            appState = state
            let wasBackgrounded = backgrounded
            switch state {
            case .background: backgrounded = true
            case .inactive: break
            case .active:
                backgrounded = false
                if wasBackgrounded { refresh(now: now) }
            }
            bannersFollowAppState(state, cameBack: wasBackgrounded && state != .background, now: now)
        }
    }

    /// XC-04, AF-17: revoking disables every frame at once; granting again
    /// waits for the next session start.
    public func setConsent(_ granted: Bool, now: Milliseconds) throws(FramesError) {
        try mutate { () throws(FramesError) in
            guard granted != consentGranted else { return }
            consentGranted = granted
            if granted {
                reenableOnSessionStart = true
            } else {
                disableEverything(now: now)
            }
        }
    }

    /// AF-16: forget everything that belonged to the previous identity.
    func dropIdentityState() {
        epoch &+= 1
        cancelAppFramesRequests()
        downloads.removeAll()
        placements.removeAll()
        resolution = .idle
        timers.cancel { timer in
            switch timer {
            case .retryResolution, .retryDownload: return true
            case .renderTimeout, .retryBannerRequest, .bannerTick: return false
            }
        }
    }

    /// AF-17: cancel in-flight work, drop selection and cache, and move every
    /// frame to disabled with nothing left on screen.
    func disableEverything(now: Milliseconds) {
        dropIdentityState()
        timers.cancel { if case .renderTimeout = $0 { return true } else { return false } }
        for frame in orderedFrames() {
            frame.content = nil
            frame.templateHeight = nil
            frame.renderToken &+= 1
            setStatus(frame, .disabled)
        }
    }
}

/// Ids the host passes in (placements, users, sessions): short, non-empty
/// text, so analytics and requests stay bounded.
enum Identifier {
    static let maxBytes = 256

    static func check(_ value: String, _ what: String) throws(FramesError) {
        let length = value.utf8.count
        guard length > 0, length <= maxBytes else {
            throw .invalidArgument("\(what) is \(length) bytes long; it must be 1...\(maxBytes) bytes")
        }
    }
}
