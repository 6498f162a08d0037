// Decides: IL-08, IL-09
/// The JS bridge (IL-08, IL-09): messages the content's script posts, which
/// the host forwards as JSON text, and the replies the engine sends back
/// through the view's delegate. Content is untrusted: every message is
/// checked (`BridgeMessage`), and URLs pass the scheme allow-list.
extension InlineController {
    /// Handles one bridge message from the content shown in `view`. A
    /// refused message changes nothing and throws; when its envelope had a
    /// call id, the content also gets an error reply so its promise settles
    /// — also when the view's content is gone (after `close()`, the web view
    /// may still be on screen until the host removes it).
    public func handleMessage(_ view: InlineView, _ bytes: [UInt8], now: Milliseconds) throws(FramesError) {
        let refusal: FramesError? = try services.mutate(now: now) { (now) throws(FramesError) -> FramesError? in
            try check(view)
            let decoded = Result { () throws(BridgeMessage.Failure) in try BridgeMessage.decode(bytes) }
            guard view.status == .rendering || view.status == .shown, let campaign = view.campaign,
                  let message = view.message else {
                let id: Int64?
                switch decoded {
                case .success(let bridge): id = bridge.id
                case .failure(let failure): id = failure.id
                }
                return refuse(view, callId: id, FramesError(.invalidState, "inline view \(view.id) is \(view.status.name)"
                    + (view.closedByContent ? " (its content closed itself)" : "")
                    + "; bridge messages come from content being rendered or shown"))
            }
            switch decoded {
            case .failure(let failure):
                return refuse(view, callId: failure.id, failure.error)
            case .success(let bridge):
                services.trace(.debug, "inline: \(view.viewId): bridge \(bridge.call.method) (call \(bridge.id))")
                return perform(bridge, view: view, campaign: campaign, message: message, now: now)
            }
        }
        if let refusal { throw refusal }
    }

    /// A refused message: traced, and answered when its call waits (IL-08).
    private func refuse(_ view: InlineView, callId: Int64?, _ error: FramesError) -> FramesError {
        services.trace(.warning, "inline: \(view.viewId): \(error.message)")
        if let callId, callId > 0 { reply(view, BridgeReply.failure(id: callId, code: "invalid", message: error.message)) }
        return error
    }

    private func perform(_ bridge: BridgeMessage, view: InlineView, campaign: InlineCampaign, message: InlineMessage,
                         now: Milliseconds) -> FramesError? {
        let id = bridge.id
        switch bridge.call {
        case .ready:
            replyIfAsked(view, id, "null")
        case .getComponentSize:
            replyIfAsked(view, id, BridgeReply.size(width: view.width, height: view.height))
        case .setComponentSize(let width, let height):
            // The host owns the layout: it decides, and reports the new size.
            post(view) { $1.view($0, sizeChanged: width, height: height, message: message) }
            replyIfAsked(view, id, "null")
        case .close:
            replyIfAsked(view, id, "null")
            close(view, campaign, message, now: now)
        case .closeAndTrigger(let action, let params, let label):
            replyIfAsked(view, id, "null")
            var fields = [AnalyticsField("action", action)]
            if let label { fields.append(AnalyticsField("label", label)) }
            fields.append(AnalyticsField("params", JSONText.text(params)))
            // IL-09: the custom event first, then the discard and the removal.
            record(InlineRecordName.customEvent, view, campaign, now: now, fields: fields)
            close(view, campaign, message, now: now)
            // Like an event the app tracks: it may trigger event campaigns.
            if isActive, fetch.catalog != nil { fireEvent(action, now: now) }
        case .openURL(let url), .openDeepLink(let url):
            let deepLink: Bool
            if case .openDeepLink = bridge.call { deepLink = true } else { deepLink = false }
            if let reason = allowList.refusal(of: url) {
                let text = "\(deepLink ? "deep link" : "URL") \"\(url)\" refused: \(reason)"
                services.trace(.warning, "inline: \(view.viewId): \(text)")
                postHost(view) { host, view in
                    host.inlineURLRefused(url, deepLink: deepLink, reason: reason, view: view, message: message)
                }
                if id > 0 { reply(view, BridgeReply.failure(id: id, code: "refused", message: text)) }
                return nil
            }
            postHost(view) { host, view in
                if deepLink {
                    host.inlineOpenDeepLink(url, view: view, message: message)
                } else {
                    host.inlineOpenURL(url, view: view, message: message)
                }
            }
            replyIfAsked(view, id, "null")
        case .customAction(let name, let params):
            let text = JSONText.text(params)
            postHost(view) { host, view in host.inlineCustomAction(name, params: text, view: view, message: message) }
            replyIfAsked(view, id, "null")
        case .customMethod(let name, let params):
            guard id > 0 else {
                return .invalidArgument("bridge message: customMethod needs a call id > 0: its answer comes back as a reply")
            }
            startCall(view, name: name, params: JSONText.text(params), replyId: id, message: message, now: now)
        }
        return nil
    }

    /// IL-09: `inApp.discard` (closedBy=user) for this view, then the
    /// request to remove it; the view no longer shows the campaign and
    /// takes no other until the host attaches it again or renders it.
    private func close(_ view: InlineView, _ campaign: InlineCampaign, _ message: InlineMessage, now: Milliseconds) {
        record(InlineRecordName.discard, view, campaign, now: now, fields: [AnalyticsField("closedBy", "user")])
        clearContent(view, status: .idle)
        view.closedByContent = true
        view.waiting = nil
        post(view) { $1.view($0, shouldBeRemoved: message) }
    }

    private func replyIfAsked(_ view: InlineView, _ id: Int64, _ result: String) {
        if id > 0 { reply(view, BridgeReply.success(id: id, result: result)) }
    }

    /// Sends JSON text to the content's bridge script through the view's
    /// delegate, after the call (XC-03).
    func reply(_ view: InlineView, _ text: String) {
        post(view) { $1.view($0, reply: text) }
    }
}
