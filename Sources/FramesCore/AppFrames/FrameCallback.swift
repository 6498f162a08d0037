// Decides: AF-07, AF-23
/// What a frame tells its delegate and what the engine asks the host to
/// draw (AF-07..AF-10, AF-19..AF-21): the module's callback values
/// (`EngineModule.Callback`), queued without a closure each — a frame from
/// attach to ready sends six (four status changes, its render, its height).
struct FrameCallback {
    let frame: AppFrame
    let kind: Kind

    enum Kind {
        case status(FrameStatus, from: FrameStatus)
        case failed(ContentError)
        case height(Double)
        case dismiss
        case action(customData: String)
        /// Draw the frame's content, unless a later render superseded this
        /// one (`AppFrame.renderToken`) or the frame left rendering.
        case render(token: UInt64)
    }
}

extension AppFramesController {
    typealias Callback = FrameCallback

    /// Queues a callback; it is skipped if the frame is freed before
    /// delivery (XC-03) or its delegate went away (AF-23): freeing a frame,
    /// or closing the engine, clears its delegate and its owner mark.
    func post(_ frame: AppFrame, _ kind: FrameCallback.Kind) {
        services.post(FrameCallback(frame: frame, kind: kind))
    }

    func deliver(_ callback: FrameCallback) {
        let frame = callback.frame
        if case .render(let token) = callback.kind {
            guard frame.owner == ObjectIdentifier(self), frame.renderToken == token, frame.status == .rendering,
                  let content = frame.content else { return }
            host?.render(content, in: frame)
            return
        }
        guard let delegate = frame.delegate else { return }
        switch callback.kind {
        case .status(let status, let previous): delegate.frame(frame, didChangeStatusTo: status, from: previous)
        case .failed(let error): delegate.frame(frame, didFail: error)
        case .height(let height): delegate.frame(frame, didRequestHeightChange: height)
        case .dismiss: delegate.frameDidRequestDismiss(frame)
        case .action(let customData): delegate.frame(frame, didTriggerAction: customData)
        case .render: break
        }
    }
}
