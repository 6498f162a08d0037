// Decides: XC-11
/// XC-11 for the whole engine: one snapshot of every object the four
/// modules hold — every frame, every banner place, every inline placement
/// with a view or a campaign, every message the engine knows — each in the
/// shape of its own explanation, under the engine's facts (session, user,
/// app state, consent). Like every explanation it is a reading: nothing is
/// entered, picked up, delivered or recorded.
extension Engine {
    /// The reason codes of the engine's snapshot (docs/spec.md, XC-11).
    public enum ExplainCode: String, CaseIterable, Sendable {
        case contentAllowed = "content_allowed"
        case noConsent = "no_consent"
        case disabledRemotely = "disabled_remotely"
        case waitingForSession = "waiting_for_session"
    }

    public func explain(now: Milliseconds) throws(FramesError) -> Explanation {
        let now = try core.explainTime(now)
        let session = core.session
        let appState: String
        switch session.appState {
        case .active: appState = "active"
        case .inactive: appState = "inactive"
        case .background: appState = "background"
        }
        let facts = JSONObject.facts([
            "engine_version": .string(SemanticVersion.engine.description),
            "session_id": .string(session.id),
            "device_id": .string(session.deviceId),
            "app_state": .string(appState),
            "consent_granted": .bool(session.consentGranted),
            "remotely_disabled": .bool(session.remotelyDisabled),
            "app_frames_enabled": .bool(appFrames.isEnabled),
            "next_deadline_ms": core.nextDeadline.map(JSONValue.integer) ?? .null,
        ])
        let reason = session.contentOff?.reason
            ?? ExplainReason(ExplainCode.contentAllowed, "content may be fetched, chosen, shown and recorded (XC-04)")
        let objects = appFrames.explanations(now: now) + banners.explanations(now: now)
            + inline.explanations(now: now) + messages.explanations(now: now)
        return Explanation(kind: Explanation.engineKind, object: "engine", placementId: nil, now: now,
                           userId: session.userId, state: appState, facts: facts, showing: [], reason: reason,
                           candidates: [], objects: objects)
    }

    /// The explanation of the object named `name` — the names explanations
    /// and recordings give: `engine`, `frame-<id>`, `banner_place-<id>`,
    /// `inline:<placement id>`, `message:<message id>` (what a replay
    /// explains, XC-13). An inline placement or a message is explained even
    /// when the engine does not know it; a frame or place must be live.
    public func explain(object name: String, now: Milliseconds) throws(FramesError) -> Explanation {
        if name == Explanation.engineKind { return try explain(now: now) }
        if let key = name.dropPrefix("inline:") { return try inline.explain(placementKey: key, now: now) }
        if let id = name.dropPrefix("message:") { return try messages.explain(messageId: id, now: now) }
        if let id = name.dropPrefix("frame-").flatMap(UInt64.init), let frame = appFrames.frames[id] {
            return try appFrames.explain(frame, now: now)
        }
        if let id = name.dropPrefix("banner_place-").flatMap(UInt64.init), let place = banners.places[id] {
            return try banners.explain(place, now: now)
        }
        throw .invalidArgument("\(name) names no object of this engine: engine, frame-<id> or banner_place-<id> of "
            + "a live object, inline:<placement id>, message:<message id>")
    }
}

private extension String {
    /// The rest after `prefix`, nil without it.
    func dropPrefix(_ prefix: String) -> String? {
        hasPrefix(prefix) ? String(dropFirst(prefix.count)) : nil
    }
}
