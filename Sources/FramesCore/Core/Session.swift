// Decides: XC-04
/// What every module reads of the host's situation (XC-04): the session,
/// who is logged in, the app's state and whether content may be fetched,
/// chosen and recorded at all.
public struct Session: Equatable, Sendable {
    public internal(set) var id: String
    public internal(set) var userId: String?
    /// The stable per-install id the host configured; the identity while
    /// nobody is logged in.
    public let deviceId: String
    public internal(set) var appState = AppState.active
    public internal(set) var consentGranted = true
    /// A response said the SDK is disabled remotely (XC-04).
    public internal(set) var remotelyDisabled = false
    /// Consent was revoked or the SDK disabled remotely: modules that honour
    /// consent stay off until the next session start, even once consent is
    /// granted again — the one moment the identity a request needs is known
    /// to be settled.
    public internal(set) var suspendedUntilSessionStart = false

    init(id: String, deviceId: String) {
        self.id = id
        self.deviceId = deviceId
    }

    /// Content may be fetched, chosen, shown and recorded.
    public var contentAllowed: Bool { consentGranted && !suspendedUntilSessionStart }

    /// The identity deterministic bucketing uses: the user, else the device.
    public var bucketingId: String { userId ?? deviceId }
}
