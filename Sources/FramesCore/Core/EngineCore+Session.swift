// Decides: XC-04
/// Session, identity, app state and consent (XC-04): host inputs the core
/// keeps and tells every module about.
extension EngineCore {
    /// A new session. After consent came back (or a remote disable), this is
    /// when modules that honour consent come back on.
    public func startSession(id: String?, now: Milliseconds) throws(FramesError) {
        try mutate(now: now) { (now) throws(FramesError) in
            if let id { try Identifier.check(id, "session id") }
            sessionCounter += 1
            session.id = id ?? "session-\(sessionCounter)"
            if session.suspendedUntilSessionStart && session.consentGranted {
                session.suspendedUntilSessionStart = false
                session.remotelyDisabled = false
                eachModule { $0.contentAllowedChanged(now: now) }
            }
            eachModule { $0.sessionStarted(now: now) }
        }
    }

    /// Login (an id) or logout (nil). Answers still due for the previous
    /// identity are dropped before the modules hear of the change.
    public func setUser(_ id: String?, now: Milliseconds) throws(FramesError) {
        try mutate(now: now) { (now) throws(FramesError) in
            if let id { try Identifier.check(id, "user id") }
            guard !id.isExactly(session.userId) else { return }
            session.userId = id
            invalidateIdentity()
            eachModule { $0.identityChanged(now: now) }
        }
    }

    public func setAppState(_ state: AppState, now: Milliseconds) throws(FramesError) {
        try mutate(now: now) { (now) throws(FramesError) in
            session.appState = state
            let wasBackgrounded = backgrounded
            switch state {
            case .background: backgrounded = true
            case .inactive: break
            case .active: backgrounded = false
            }
            eachModule { $0.appStateChanged(to: state, wasBackgrounded: wasBackgrounded, now: now) }
        }
    }

    /// Revoking stops content at once; granting again waits for the next
    /// session start (`Session.suspendedUntilSessionStart`).
    public func setConsent(_ granted: Bool, now: Milliseconds) throws(FramesError) {
        try mutate(now: now) { (now) throws(FramesError) in
            guard granted != session.consentGranted else { return }
            let wasAllowed = session.contentAllowed
            session.consentGranted = granted
            if !granted {
                session.suspendedUntilSessionStart = true
                invalidateIdentity()
            }
            if wasAllowed != session.contentAllowed { eachModule { $0.contentAllowedChanged(now: now) } }
        }
    }

    /// XC-04: a response said the SDK is disabled. Like a revoked consent,
    /// content stays off until the next session start.
    public func disableRemotely(now: Milliseconds) {
        let wasAllowed = session.contentAllowed
        session.remotelyDisabled = true
        session.suspendedUntilSessionStart = true
        invalidateIdentity()
        if wasAllowed { eachModule { $0.contentAllowedChanged(now: now) } }
    }

    /// Answers to identity-bound requests must no longer count: identity
    /// change, consent revoked, remote disable (XC-04). Cancelling them in
    /// the queue drops whatever the host completes them with later.
    private func invalidateIdentity() {
        requests.cancelIdentityBound()
    }
}
