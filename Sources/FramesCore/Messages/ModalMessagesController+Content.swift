/// Referenced content (IM-05 with AF-14's rules): the waiting message's
/// content document is fetched at once, checked against its SHA-256 and
/// size, and retried per XC-06. A message whose content cannot be had is
/// discarded.
extension ModalMessagesController {
    func fetchContent(now: Milliseconds) {
        guard let waiting = pending, waiting.content == nil, contentRequest == nil,
              case .reference(let reference) = waiting.arrival.message.source else { return }
        // The document is the message's, not the user's: the request stays
        // through identity changes; discarding the message cancels it.
        contentRequest = services.enqueue(.content, method: "GET", url: reference.url, boundToIdentity: false, now: now)
    }

    func contentFinished(_ result: Result<[UInt8], RequestFailure>, now: Milliseconds) {
        guard let waiting = pending, case .reference(let reference) = waiting.arrival.message.source else { return }
        let id = waiting.arrival.message.id
        switch result.flatMap({ body in checkedContent(body, reference) }) {
        case .success(let content):
            pending?.content = content
            services.trace(.info, "message \(id): content loaded from \(reference.url)")
            presentIfPossible(now: now)
        case .failure(let failure):
            if let delay = services.retryDelay(after: waiting.contentAttempt, failure) {
                pending?.contentAttempt += 1
                pending?.retryTimer = services.schedule(.retryContent, at: now.addingClamped(delay))
                return
            }
            services.trace(.warning, "message \(id): content \(reference.url) failed: \(failure.message)")
            discardPending(.contentFailed, now: now)
        }
    }

    private func checkedContent(_ body: [UInt8], _ reference: ContentReference) -> Result<MessageContent, RequestFailure> {
        guard body.count <= MessageLimits.contentBytes else {
            return .failure(.malformed("message content is \(body.count) bytes; the limit is \(MessageLimits.contentBytes)"))
        }
        if let failure = ContentCheck.integrity(of: body, expectedSHA256: reference.sha256, url: reference.url) {
            return .failure(.content(failure))
        }
        do {
            return .success(try MessageContent.decode(body, allowInsecureHTTP: services.options.allowInsecureHTTP))
        } catch {
            return .failure(.malformed(error.message))
        }
    }
}
