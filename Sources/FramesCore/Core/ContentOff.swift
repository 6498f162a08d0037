/// Why content is off for every module that honours consent (XC-04), as an
/// explanation's reason (XC-11): the codes are the same for every kind.
public enum ContentOff: String, Sendable, CaseIterable {
    case noConsent = "no_consent"
    case disabledRemotely = "disabled_remotely"
    /// Consent is back, but content returns only at the next session start.
    case waitingForSession = "waiting_for_session"

    /// The reason, in one sentence.
    var detail: String {
        switch self {
        case .noConsent:
            return "consent is revoked: nothing is fetched, chosen, shown or recorded until consent is granted "
                + "and a new session starts (XC-04)"
        case .disabledRemotely:
            return "a response disabled the SDK remotely: content stays off until the next session start (XC-04)"
        case .waitingForSession:
            return "consent was granted again; content comes back at the next session start (XC-04)"
        }
    }

    var reason: ExplainReason { ExplainReason(self, detail) }
}

extension Session {
    /// Why content is off now, nil while it is allowed (XC-04).
    var contentOff: ContentOff? {
        if contentAllowed { return nil }
        if !consentGranted { return .noConsent }
        return remotelyDisabled ? .disabledRemotely : .waitingForSession
    }
}
