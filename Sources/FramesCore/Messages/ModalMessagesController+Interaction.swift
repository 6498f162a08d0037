// Decides: IM-05, IM-06
/// What the host reports about the message on screen (IM-05, IM-06): it is
/// displayed, a button was tapped, it was dismissed. Each names the message
/// by id, so a report about a message that is no longer on screen is
/// refused instead of landing on the next one.
extension ModalMessagesController {
    /// IM-05: the host confirms the message is on screen. "Displayed" is
    /// recorded the first time; later confirmations change nothing.
    public func confirmDisplayed(_ id: String, now: Milliseconds) throws(FramesError) {
        try services.mutate(now: now) { (now) throws(FramesError) in
            markDisplayed(try current(id), now: now)
        }
    }

    /// IM-05: "displayed" is recorded once per presentation.
    private func markDisplayed(_ shown: ShownMessage, now: Milliseconds, byTap: Bool = false) {
        guard !shown.displayed else { return }
        shown.displayed = true
        services.trace(.info, "message \(shown.arrival.message.id): displayed"
            + (byTap ? " (a button was tapped before the host confirmed it)" : ""))
        record("displayed", shown.arrival, viewId: shown.viewId, now: now)
    }

    /// IM-06: a tap on button `index` always records a click and closes the
    /// message; then its link, if any, goes through the click chain: the
    /// host's click handler first (true: handled), else the link opens only
    /// if the host says it can open it. A tap on a message the host has not
    /// confirmed yet proves it was on screen: "displayed" is recorded first,
    /// once (IM-05), then the click.
    public func tapButton(_ id: String, index: Int, now: Milliseconds) throws(FramesError) {
        try services.mutate(now: now) { (now) throws(FramesError) in
            let shown = try current(id)
            let buttons = shown.content.buttons
            guard index >= 0, index < buttons.count else {
                throw FramesError(.outOfRange, "button \(index) does not exist; message \"\(id)\" has \(buttons.count) button(s)")
            }
            markDisplayed(shown, now: now, byTap: true)
            let url = buttons[index].url
            onScreen = nil
            services.trace(.info, "message \(id): button \(index) tapped" + (url.map { ", link \($0)" } ?? ", no link"))
            noteClosed(shown, "button \(index) tapped", now: now)
            var fields = [AnalyticsField("button_index", String(index))]
            if let url { fields.append(AnalyticsField("url", url)) }
            record("click", shown.arrival, viewId: shown.viewId, now: now, fields: fields)
            if let url { followLink(url, messageId: id) }
            presentIfPossible(now: now)
        }
    }

    /// The message was closed without a button (its close icon, a swipe, or
    /// the host could not draw it). Recorded with whether it had been
    /// displayed; undisplayed, it is not counted as displayed, and it is not
    /// shown again either way (IM-03, IM-05).
    public func dismiss(_ id: String, now: Milliseconds) throws(FramesError) {
        try services.mutate(now: now) { (now) throws(FramesError) in
            let shown = try current(id)
            onScreen = nil
            services.trace(.info, "message \(id): dismissed" + (shown.displayed ? "" : " before it was displayed"))
            noteClosed(shown, "dismissed by the user" + (shown.displayed ? "" : " before it was displayed"), now: now)
            record("dismiss", shown.arrival, viewId: shown.viewId, now: now,
                   fields: [AnalyticsField("displayed", shown.displayed ? "true" : "false"),
                            AnalyticsField("closed_by", "user")])
            presentIfPossible(now: now)
        }
    }

    private func current(_ id: String) throws(FramesError) -> ShownMessage {
        try Identifier.check(id, "message id")
        guard let shown = onScreen, shown.arrival.message.id.isExactly(id) else {
            let now = onScreen.map { "message \"\($0.arrival.message.id)\" is" } ?? "no message is"
            throw FramesError(.notFound, "message \"\(id)\" is not on screen (\(now))")
        }
        return shown
    }

    /// IM-06's click chain, delivered after the click record (XC-03).
    private func followLink(_ url: String, messageId: String) {
        services.post { controller in
            guard let host = controller.host else { return }
            if host.messageLinkTapped(url, messageId: messageId) {
                controller.services.trace(.info, "message \(messageId): the click handler took \(url)")
                return
            }
            guard host.canOpenURL(url) else {
                controller.services.trace(.info, "message \(messageId): \(url) not opened: the host cannot open it")
                return
            }
            let opened = host.openURL(url)
            controller.services.trace(.info, "message \(messageId): \(url) " + (opened ? "opened" : "failed to open"))
        }
    }
}
