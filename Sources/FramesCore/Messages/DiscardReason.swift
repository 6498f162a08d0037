/// Why a message that arrived was never presented (IM-03, IM-04). Every
/// message that reaches the owner thread ends either presented or
/// discarded with one of these, recorded as `messages.discard` with
/// `reason` (while content is allowed, XC-04) and traced.
public enum DiscardReason: String, Sendable, CaseIterable {
    /// A newer message replaced it while it waited (or it was older than
    /// the one already waiting).
    case superseded
    /// It arrived 6 hours or more before it could be shown.
    case expired
    /// Its id is in the shown-once ledger.
    case alreadyShown = "already_shown"
    /// Sent at or before the oldest message the ledger had to forget: it
    /// may have been shown (`ShownLedger`).
    case tooOld = "too_old"
    /// The same id is already waiting or on screen.
    case duplicate
    /// The user logged out while it waited.
    case logout
    /// Another user logged in while it waited.
    case userChanged = "user_changed"
    /// It names a user who is not the one logged in.
    case otherUser = "other_user"
    /// Consent was revoked or the SDK disabled remotely (XC-04).
    case consent
    /// Its content reference could not be fetched or failed its checks.
    case contentFailed = "content_failed"
}
