// Decides: IM-03, IM-04
/// Messages the owner thread picked up from the inbox (IM-01, IM-03, IM-04):
/// each ends waiting, presented, or discarded with a reason.
extension ModalMessagesController {
    /// Takes a batch in arrival order. Of everything that may be shown, the
    /// newest is kept — one waiting before counts too — and the others are
    /// superseded; then the kept one is presented if it can be.
    func receive(_ arrivals: [ArrivedMessage], now: Milliseconds) {
        var winner: ArrivedMessage?
        for arrival in arrivals {
            let message = arrival.message
            services.trace(.info, "message \(message.id): picked up (sent \(message.sentAt), arrived \(arrival.arrivedAt))")
            if let reason = refusal(of: arrival, besides: winner, now: now) {
                discard(arrival, reason, now: now)
                continue
            }
            if let kept = winner {
                if arrival.isNewer(than: kept) {
                    discard(kept, .superseded, now: now, by: message.id)
                    winner = arrival
                } else {
                    discard(arrival, .superseded, now: now, by: kept.message.id)
                }
            } else if let waiting = pending {
                if arrival.isNewer(than: waiting.arrival) {
                    discardPending(.superseded, now: now, by: message.id)
                    winner = arrival
                } else {
                    discard(arrival, .superseded, now: now, by: waiting.arrival.message.id)
                }
            } else {
                winner = arrival
            }
        }
        guard let winner else { return }
        hold(winner, now: now)
        presentIfPossible(now: now)
    }

    /// Why an arriving message can never be shown, if it cannot.
    private func refusal(of arrival: ArrivedMessage, besides kept: ArrivedMessage?, now: Milliseconds) -> DiscardReason? {
        let message = arrival.message
        if !services.session.contentAllowed { return .consent }
        if message.userId != nil && !isAddressedToCurrentUser(message) { return .otherUser }
        if ledger.contains(message.id) { return .alreadyShown }
        if ledger.isBeyondHorizon(sentAt: message.sentAt, id: message.id) { return .tooOld }
        if let waiting = pending, waiting.arrival.message.id.isExactly(message.id) { return .duplicate }
        if let kept, kept.message.id.isExactly(message.id) { return .duplicate }
        if let shown = onScreen, shown.arrival.message.id.isExactly(message.id) { return .duplicate }
        if arrival.age(at: now) >= Self.holdLimit { return .expired }
        return nil
    }

    /// Makes `arrival` the waiting message: its 6-hour expiry is timed, and
    /// referenced content starts downloading now, so it is ready when the
    /// app becomes active.
    private func hold(_ arrival: ArrivedMessage, now: Milliseconds) {
        var waiting = PendingMessage(arrival: arrival)
        if case .inline(let content) = arrival.message.source { waiting.content = content }
        waiting.expiryTimer = services.schedule(.expiry, at: arrival.arrivedAt.addingClamped(Self.holdLimit))
        pending = waiting
        services.trace(.info, "message \(arrival.message.id): waiting")
        if waiting.content == nil { fetchContent(now: now) }
    }

    /// Drops the waiting message, its timers and its fetch.
    func discardPending(_ reason: DiscardReason, now: Milliseconds, by newer: String? = nil) {
        guard let waiting = pending else { return }
        pending = nil
        services.cancelTimer(waiting.expiryTimer)
        services.cancelTimer(waiting.retryTimer)
        if let request = contentRequest {
            services.cancelRequest(request)
            contentRequest = nil
        }
        discard(waiting.arrival, reason, now: now, by: newer)
    }

    /// `newer`: the message that superseded it.
    func discard(_ arrival: ArrivedMessage, _ reason: DiscardReason, now: Milliseconds, by newer: String? = nil) {
        services.trace(.info, "message \(arrival.message.id): discarded (\(reason.rawValue))")
        record("discard", arrival, viewId: nil, now: now, fields: [AnalyticsField("reason", reason.rawValue)])
        // A duplicate's story is the message it duplicates, which is waiting
        // or on screen: noting it would hide that one from `explain`.
        guard reason != .duplicate else { return }
        let user: String?
        switch reason {
        case .otherUser: user = arrival.message.userId
        case .logout, .userChanged: user = lastUser
        default: user = nil
        }
        outcomes.note(.init(id: arrival.message.id, ending: .discarded(reason), at: now, message: arrival.message,
                            arrivedAt: arrival.arrivedAt, supersededBy: newer, userId: user))
    }

    /// A message refused at hand-in (IM-01, XC-09), for `explain`.
    func noteRefusal(_ refused: InboxRefusal, now: Milliseconds) {
        outcomes.note(.init(id: refused.id, ending: .refused(refused.refusal.result, refused.refusal.message),
                            at: refused.arrivedAt, message: nil, arrivedAt: refused.arrivedAt))
    }
}
