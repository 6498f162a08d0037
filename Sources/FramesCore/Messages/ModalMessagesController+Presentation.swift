// Decides: IM-02, IM-07
/// Presenting (IM-02..IM-05, IM-07): when the waiting message goes on
/// screen, and what the presenter gets.
extension ModalMessagesController {
    /// Presents the waiting message if everything allows it now: the app is
    /// active, nothing is on screen, content is allowed and at hand. A
    /// message that turned 6 hours old, or whose id was presented
    /// meanwhile (an imported ledger), is discarded instead.
    func presentIfPossible(now: Milliseconds) {
        guard let waiting = pending, services.session.appState == .active, onScreen == nil,
              services.session.contentAllowed, let content = waiting.content else { return }
        let arrival = waiting.arrival
        let message = arrival.message
        if arrival.age(at: now) >= Self.holdLimit {
            discardPending(.expired, now: now)
            return
        }
        if ledger.contains(message.id) {
            discardPending(.alreadyShown, now: now)
            return
        }
        if ledger.isBeyondHorizon(sentAt: message.sentAt, id: message.id) {
            discardPending(.tooOld, now: now)
            return
        }
        if message.userId != nil && !isAddressedToCurrentUser(message) {
            discardPending(.otherUser, now: now)
            return
        }
        pending = nil
        services.cancelTimer(waiting.expiryTimer)
        services.cancelTimer(waiting.retryTimer)
        let shown = ShownMessage(arrival: arrival, content: content, viewId: "message-\(services.newObjectId())")
        onScreen = shown
        ledger.insert(message.id, presentedAt: now, sentAt: message.sentAt)
        services.stateChanged()
        services.trace(.info, "message \(message.id): presented as \(shown.viewId) (arrived \(arrival.age(at: now)) ms ago)")
        services.post { controller in
            // XC-03: a callback delivered before this one may have withdrawn it.
            guard controller.onScreen === shown, let host = controller.host else { return }
            shown.delivered = true
            host.presentMessage(controller.presentation(of: shown, fonts: host))
        }
    }

    /// The presenter's view of a message, each text's font asked of the
    /// resolver once per name and size (IM-07).
    func presentation(of shown: ShownMessage, fonts host: ModalMessagesHost) -> PresentedMessage {
        var answers: [FontQuestion: MessageFont] = [:]
        func resolve(_ text: MessageText) -> PresentedText {
            let font: MessageFont
            if let name = text.font.name {
                let question = FontQuestion(name: ExactKey(name), size: text.font.size)
                if let known = answers[question] {
                    font = known
                } else {
                    font = host.resolveFont(name: name, size: text.font.size).map(MessageFont.resolved) ?? .system
                    answers[question] = font
                    services.trace(.debug, "message \(shown.arrival.message.id): font \"\(name)\" \(text.font.size) pt -> "
                        + (font == .system ? "system font" : "the host's font"))
                }
            } else {
                font = .system
            }
            return PresentedText(text: text.text, color: text.color, fontName: text.font.name,
                                 fontSize: text.font.size, font: font)
        }
        let content = shown.content
        let message = shown.arrival.message
        return PresentedMessage(
            id: message.id, campaignId: message.campaignId, variantId: message.variantId, sentAt: message.sentAt,
            arrivedAt: shown.arrival.arrivedAt, viewId: shown.viewId, backgroundColor: content.backgroundColor,
            image: content.image, title: content.title.map(resolve), body: content.body.map(resolve),
            buttons: content.buttons.map {
                PresentedButton(label: resolve($0.label), url: $0.url, backgroundColor: $0.backgroundColor)
            })
    }

    /// Takes the message off screen on the engine's initiative; the host
    /// removes it if it was presented.
    func withdraw(_ reason: DiscardReason, now: Milliseconds) {
        guard let shown = onScreen else { return }
        onScreen = nil
        let id = shown.arrival.message.id
        services.trace(.info, "message \(id): withdrawn (\(reason.rawValue))")
        noteClosed(shown, "withdrawn by the engine (\(reason.rawValue))", now: now)
        record("dismiss", shown.arrival, viewId: shown.viewId, now: now,
               fields: [AnalyticsField("displayed", shown.displayed ? "true" : "false"),
                        AnalyticsField("closed_by", "engine"), AnalyticsField("reason", reason.rawValue)])
        services.post { controller in
            guard shown.delivered, let host = controller.host else { return }
            host.closeMessage(id: id)
        }
    }
}

extension ModalMessagesController {
    /// A presented message left the screen: how, for `explain` (XC-11).
    func noteClosed(_ shown: ShownMessage, _ how: String, now: Milliseconds) {
        outcomes.note(.init(id: shown.arrival.message.id, ending: .closed(how), at: now, message: shown.arrival.message,
                            arrivedAt: shown.arrival.arrivedAt))
    }
}

/// One question to the font resolver.
struct FontQuestion: Hashable {
    let name: ExactKey
    let size: Double
}
