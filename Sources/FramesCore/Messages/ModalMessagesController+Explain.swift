// Decides: XC-11
/// XC-11 for a modal message, by id: on screen, waiting and why, handed in
/// and not picked up yet, or how it ended — discarded (with the
/// `DiscardReason`), refused at hand-in, or presented and closed — from the
/// engine's state, the shown-once ledger and the bounded memory of recent
/// outcomes (`MessageOutcomes`).
extension ModalMessagesController {
    /// The reason codes of a message (docs/spec.md, XC-11).
    public enum ExplainCode: String, CaseIterable, Sendable {
        case presented
        case appNotActive = "app_not_active"
        case anotherOnScreen = "another_on_screen"
        case contentLoading = "content_loading"
        case waiting
        case handedIn = "handed_in"
        case shownBefore = "shown_before"
        case unknown
        // Discarded: the `DiscardReason` codes, as analytics records them.
        case superseded
        case expired
        case alreadyShown = "already_shown"
        case tooOld = "too_old"
        case logout
        case userChanged = "user_changed"
        case otherUser = "other_user"
        case consent
        case contentFailed = "content_failed"
        // Refused when handed in.
        case needsNewerEngine = "needs_newer_engine"
        case malformed
    }

    public func explain(messageId: String, now: Milliseconds) throws(FramesError) -> Explanation {
        let now = try services.explainTime(now)
        try Identifier.check(messageId, "message id")
        return explanation(messageId, now: now, inbox: inbox?.peek())
    }

    /// Every message the engine knows: handed in, waiting, on screen, the
    /// recent outcomes, then the rest of the ledger (the engine's snapshot).
    func explanations(now: Milliseconds) -> [Explanation] {
        let peeked = inbox?.peek()
        var ids: [String] = []
        var seen = Set<ExactKey>()
        func add(_ id: String) { if seen.insert(ExactKey(id)).inserted { ids.append(id) } }
        peeked?.arrivals.forEach { add($0.message.id) }
        peeked?.refusals.forEach { add($0.id) }
        pending.map { add($0.arrival.message.id) }
        onScreen.map { add($0.arrival.message.id) }
        outcomes.outcomes.reversed().forEach { add($0.id) }
        ledger.ordered.reversed().forEach { add($0.id) }
        return ids.map { explanation($0, now: now, inbox: peeked) }
    }

    private func explanation(_ id: String, now: Milliseconds,
                             inbox peeked: (arrivals: [ArrivedMessage], refusals: [InboxRefusal])?) -> Explanation {
        let (state, arrival, showing, reason) = describe(id, now: now, peeked)
        let message = arrival?.message ?? outcomes.last(id)?.message
        let content: JSONValue
        switch message?.source {
        case .inline?: content = .string("inline")
        case .reference?: content = .string("reference")
        case nil: content = .null
        }
        let facts = JSONObject.facts([
            "sent_at": message.map { .integer($0.sentAt) } ?? .null,
            "arrived_at_ms": (arrival?.arrivedAt ?? outcomes.last(id)?.arrivedAt).map(JSONValue.integer) ?? .null,
            "campaign_id": .optional(message?.campaignId),
            "variant_id": .optional(message?.variantId),
            "addressed_to": .optional(message?.userId),
            "content": content,
            "displayed": onScreen.flatMap { $0.arrival.message.id.isExactly(id) ? JSONValue.bool($0.displayed) : nil } ?? .null,
        ])
        return Explanation(kind: "message", object: "message:\(id)", placementId: nil, now: now,
                           userId: services.session.userId, state: state, facts: facts, showing: showing,
                           reason: reason, candidates: [])
    }

    /// The message's state word, what is known of it, what it shows, and why.
    private func describe(_ id: String, now: Milliseconds, _ peeked: (arrivals: [ArrivedMessage], refusals: [InboxRefusal])?)
        -> (String, ArrivedMessage?, [Showing], ExplainReason) {
        if let shown = onScreen, shown.arrival.message.id.isExactly(id) {
            let at = ledger.presentedAt(id)
            let reason = ExplainReason(ExplainCode.presented, "on screen as \(shown.viewId); "
                + (shown.displayed ? "the host confirmed it displayed (IM-05)" : "the host has not confirmed it displayed yet (IM-05)"))
            return ("on_screen", shown.arrival,
                    [Showing(id: id, variantId: shown.arrival.message.variantId, location: shown.viewId,
                             status: shown.displayed ? "displayed" : "presented")],
                    at.map { reason.at($0) } ?? reason)
        }
        if let waiting = pending, waiting.arrival.message.id.isExactly(id) {
            return ("waiting", waiting.arrival, [], waitingReason(waiting))
        }
        if let arrival = peeked?.arrivals.last(where: { $0.message.id.isExactly(id) }) {
            return ("handed_in", arrival, [], ExplainReason(ExplainCode.handedIn, "handed in at \(arrival.arrivedAt) ms; "
                + "the owner thread picks it up at its next call into the engine (IM-01)").at(arrival.arrivedAt))
        }
        if let refused = peeked?.refusals.last(where: { $0.id.isExactly(id) }) {
            return ("refused", nil, [], refusalReason(refused.refusal.result, refused.refusal.message).at(refused.arrivedAt))
        }
        if let outcome = outcomes.last(id) {
            return ended(outcome)
        }
        if let at = ledger.presentedAt(id) {
            return ("shown", nil, [], ExplainReason(ExplainCode.shownBefore, "presented at \(at) ms; each message is "
                + "presented at most once (IM-03)").at(at))
        }
        return ("unknown", nil, [], ExplainReason(ExplainCode.unknown, "the engine never received this message, or "
            + "has forgotten it: it remembers the last \(MessageOutcomes.capacity) outcomes and the ledger's "
            + "\(ShownLedger.capacity) presented ids"))
    }

    /// Why the waiting message is not on screen yet, in the order
    /// `presentIfPossible` checks.
    private func waitingReason(_ waiting: PendingMessage) -> ExplainReason {
        let expires = waiting.arrival.arrivedAt.addingClamped(Self.holdLimit)
        if services.session.appState != .active {
            return ExplainReason(ExplainCode.appNotActive, "the app is not active; the newest message waits for the "
                + "next activation, at most 6 hours after it arrived (IM-03)").until(expires)
        }
        if let shown = onScreen {
            return ExplainReason(ExplainCode.anotherOnScreen, "\(shown.arrival.message.id) is on screen; one message "
                + "at a time (IM-04)").than(shown.arrival.message.id).until(expires)
        }
        if waiting.content == nil {
            return ExplainReason(ExplainCode.contentLoading, "its content_ref is downloading, attempt "
                + "\(waiting.contentAttempt) (IM-05, XC-06)").until(expires)
        }
        return ExplainReason(ExplainCode.waiting, "it is presented, or discarded, at the next call into the engine")
            .until(expires)
    }

    private func refusalReason(_ result: NotificationResult, _ message: String) -> ExplainReason {
        result == .needsNewerEngine
            ? ExplainReason(ExplainCode.needsNewerEngine, "refused when handed in: \(message)")
            : ExplainReason(ExplainCode.malformed, "refused when handed in: \(message) (IM-01)")
    }

    private func ended(_ outcome: MessageOutcomes.Outcome) -> (String, ArrivedMessage?, [Showing], ExplainReason) {
        switch outcome.ending {
        case .refused(let result, let message):
            return ("refused", nil, [], refusalReason(result, message).at(outcome.at))
        case .closed(let how):
            let at = ledger.presentedAt(outcome.id)
            return ("shown", nil, [], ExplainReason(ExplainCode.shownBefore, "presented"
                + (at.map { " at \($0) ms" } ?? "") + ", then \(how) at \(outcome.at) ms; each message is presented "
                + "at most once (IM-03)").at(at ?? outcome.at))
        case .discarded(let discard):
            var reason = ExplainReason(code(of: discard), "discarded at \(outcome.at) ms: " + discardDetail(discard))
            if let newer = outcome.supersededBy { reason = reason.supersededBy(newer) }
            if discard == .otherUser || discard == .logout || discard == .userChanged { reason = reason.user(outcome.userId) }
            return ("discarded", nil, [], reason.at(outcome.at))
        }
    }

    private func code(of reason: DiscardReason) -> ExplainCode {
        switch reason {
        case .superseded: return .superseded
        case .expired: return .expired
        case .alreadyShown: return .alreadyShown
        case .tooOld: return .tooOld
        // Never noted (`discard`): the message it duplicates answers.
        case .duplicate: return .unknown
        case .logout: return .logout
        case .userChanged: return .userChanged
        case .otherUser: return .otherUser
        case .consent: return .consent
        case .contentFailed: return .contentFailed
        }
    }

    private func discardDetail(_ reason: DiscardReason) -> String {
        switch reason {
        case .superseded: return "a newer message replaced it while it waited (IM-03, IM-04)"
        case .expired: return "it arrived 6 hours or more before it could be shown (IM-03)"
        case .alreadyShown: return "its id was presented before (IM-03)"
        case .tooOld: return "sent before the oldest message the ledger had to forget: it may have been shown (IM-03)"
        case .duplicate: return "the same id was already waiting or on screen"
        case .logout: return "the user logged out while it waited (IM-03)"
        case .userChanged: return "another user logged in while it waited (IM-03)"
        case .otherUser: return "it is addressed to a user who is not the one logged in"
        case .consent: return "consent was revoked or the SDK disabled remotely (XC-04)"
        case .contentFailed: return "its content_ref could not be fetched or failed its checks (IM-05, AF-14)"
        }
    }
}

extension ShownLedger {
    /// When `id` was presented, if the ledger still has it.
    func presentedAt(_ id: String) -> Milliseconds? { entries[ExactKey(id)]?.presentedAt }
}
