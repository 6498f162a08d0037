extension Engine {
    func post(_ event: EngineEvent) {
        guard !closed else { return }
        outbox.append(event)
    }

    /// Delivers queued callbacks in order. A callback may re-enter the engine:
    /// its own events join the queue and are delivered by this same loop, and
    /// an event for a frame freed meanwhile is skipped (XC-03).
    func flush() {
        guard !delivering else { return }
        delivering = true
        defer { delivering = false }
        while !closed, outboxHead < outbox.count {
            let event = outbox[outboxHead]
            outboxHead += 1
            deliver(event)
        }
        outbox.removeAll(keepingCapacity: true)
        outboxHead = 0
    }

    private func deliver(_ event: EngineEvent) {
        switch event {
        case .statusChanged(let id, let to, let from):
            guard let frame = frames[id] else { return }
            frame.delegate?.frame(frame, didChangeStatusTo: to, from: from)
        case .failed(let id, let error):
            guard let frame = frames[id] else { return }
            frame.delegate?.frame(frame, didFail: error)
        case .heightChange(let id, let height):
            guard let frame = frames[id] else { return }
            frame.delegate?.frame(frame, didRequestHeightChange: height)
        case .dismissRequested(let id):
            guard let frame = frames[id] else { return }
            frame.delegate?.frameDidRequestDismiss(frame)
        case .action(let id, let customData):
            guard let frame = frames[id] else { return }
            frame.delegate?.frame(frame, didTriggerAction: customData)
        case .render(let id, let token):
            // A render superseded before delivery is not asked for.
            guard let frame = frames[id], frame.renderToken == token, frame.status == .rendering,
                  let content = frame.content else { return }
            host?.engine(self, render: content, in: frame)
        case .openURL(let url):
            _ = host?.engine(self, openURL: url)
        case .analytics(let record):
            host?.engine(self, record: record)
        case .preloaded(let placeId, let result):
            host?.engine(self, preloaded: placeId, result: result)
        case .place(let id, let event):
            guard let place = places[id] else { return }
            deliver(event, to: place)
        }
    }

    /// Runs a state change and then delivers what it caused.
    func mutate<R>(_ body: () throws(FramesError) -> R) throws(FramesError) -> R {
        guard !closed else { throw FramesError(.invalidHandle, "the engine is closed") }
        let result = try body()
        flush()
        return result
    }

    func record(_ name: String, now: Milliseconds, frame: AppFrame? = nil, content: LoadedContent? = nil,
                fields: [AnalyticsField] = []) {
        post(.analytics(AnalyticsRecord(
            name: name, time: now, sessionId: sessionId, userId: userId, module: "appFrames",
            placementId: content?.placementId ?? frame?.placementId, campaignId: content?.campaignId,
            variantId: content?.variantId, viewId: frame.map { "frame-\($0.id)" }, fields: fields)))
    }
}
