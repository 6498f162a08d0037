// Decides: IL-07
/// customMethod calls (IL-07): the host answers each exactly once, with
/// success or failure; a second answer is refused; an answer for content
/// that has gone (the view released or showing something else) succeeds and
/// does nothing; an optional deadline fails a call by itself.
///
/// Call ids count up from 1 per engine and are never reused, so an id below
/// the next one that is not pending any more was answered (or failed at its
/// deadline) — no growing set of finished ids is needed.
extension InlineController {
    /// Largest answer, in bytes of JSON text or failure message.
    public static let maxAnswerBytes = 65_536

    func startCall(_ view: InlineView, name: String, params: String, replyId: Int64, message: InlineMessage,
                   now: Milliseconds) {
        let callId = nextCallId
        nextCallId &+= 1
        var call = PendingCall(view: view.id, token: view.token, replyId: replyId)
        if options.callTimeout > 0 {
            call.deadline = services.schedule(.callDeadline(callId), at: now.addingClamped(options.callTimeout))
        }
        calls[callId] = call
        services.trace(.info, "inline: \(view.viewId): customMethod \"\(name)\" is call \(callId)")
        postHost(view) { host, view in
            host.inlineCustomMethod(name, params: params, callId: callId, view: view, message: message)
        }
    }

    /// IL-07: answers call `callId`: `success` with `result` (JSON text; nil
    /// is null), or failure with `result` as the message (nil: "failed").
    /// The reply reaches the content after the current call or callback
    /// returns (XC-03).
    public func resolveCall(_ callId: UInt64, success: Bool, result: String?, now: Milliseconds) throws(FramesError) {
        try services.mutate(now: now) { (_) throws(FramesError) in
            guard callId > 0, callId < nextCallId else {
                throw FramesError(.notFound, "call id \(callId) was never issued by this engine's customMethod")
            }
            guard let call = calls[callId] else {
                throw FramesError(.alreadyResolved, "call \(callId) is not pending: it was already resolved, or it "
                    + "failed at its deadline; a call resolves exactly once")
            }
            let replyText: String
            if success {
                let text = result ?? "null"
                guard text.utf8.count <= Self.maxAnswerBytes else {
                    throw .invalidArgument("result_json is \(text.utf8.count) bytes; at most \(Self.maxAnswerBytes)")
                }
                do throws(FramesError) {
                    _ = try JSONParser(limits: PayloadLimits(maxBytes: Self.maxAnswerBytes, maxDepth: 32,
                                                             maxStringBytes: Self.maxAnswerBytes, maxElements: 10_000)).parse(text)
                } catch {
                    throw FramesError(error.code, "result_json is not JSON: \(error.message)")
                }
                replyText = BridgeReply.success(id: call.replyId, result: text)
            } else {
                let text = result ?? "failed"
                guard text.utf8.count <= Self.maxAnswerBytes else {
                    throw .invalidArgument("the failure message is \(text.utf8.count) bytes; at most \(Self.maxAnswerBytes)")
                }
                replyText = BridgeReply.failure(id: call.replyId, code: "failed", message: text)
            }
            calls[callId] = nil
            services.cancelTimer(call.deadline)
            guard let view = views[call.view], view.token == call.token else {
                services.trace(.info, "inline: call \(callId) resolved; its content is gone, nothing to send (IL-07)")
                return
            }
            reply(view, replyText)
        }
    }

    func callTimedOut(_ callId: UInt64, now: Milliseconds) {
        guard let call = calls.removeValue(forKey: callId) else { return }
        services.trace(.warning, "inline: call \(callId) not resolved within \(options.callTimeout) ms; it fails (IL-07)")
        guard let view = views[call.view], view.token == call.token else { return }
        reply(view, BridgeReply.failure(id: call.replyId, code: "timeout",
                                        message: "the host did not answer within \(options.callTimeout) ms"))
    }

    /// How many customMethod calls wait for an answer.
    public var pendingCallCount: Int { calls.count }
}
