import CFrames
import FramesCore

/// Modal messages' host calls (IM-02..IM-07): present, close and a tapped
/// link go to the C messages delegate; opening links and fonts are the
/// host callbacks' (the engine-wide services).
extension HostBridge: ModalMessagesHost {
    func presentMessage(_ message: PresentedMessage) {
        guard !released else { return }
        entry?.messagesDelegate?.present(message)
    }

    func closeMessage(id: String) {
        guard !released else { return }
        entry?.messagesDelegate?.close(id)
    }

    func messageLinkTapped(_ url: String, messageId: String) -> Bool {
        guard !released, let delegate = entry?.messagesDelegate else { return false }
        return delegate.linkTapped(url, messageId: messageId)
    }

    func canOpenURL(_ url: String) -> Bool {
        guard !released, let canOpen = callbacks.can_open_url else { return false }
        var arena = CArena()
        return canOpen(arena.string(url), callbacks.user_data)
    }

    func resolveFont(name: String, size: Double) -> HostFont? {
        guard !released, let resolve = callbacks.resolve_font else { return nil }
        var arena = CArena()
        let answer = resolve(arena.string(name), size, callbacks.user_data)
        return HostFont(token: UInt(bitPattern: answer))
    }
}

/// Turns the modal messages module's calls into the C messages delegate.
/// Everything lent lives in an arena emptied when the callback returns.
final class MessagesDelegateBridge {
    private let delegate: frames_messages_delegate
    private var released = false

    init(_ delegate: frames_messages_delegate) {
        self.delegate = delegate
    }

    func present(_ message: PresentedMessage) {
        guard !released, let present = delegate.present else { return }
        var arena = CArena()
        let title = message.title.map { CMessage.text($0, &arena) }
        let body = message.body.map { CMessage.text($0, &arena) }
        let buttons = message.buttons.map {
            frames_message_button(label: CMessage.text($0.label, &arena), url: arena.string($0.url),
                                  background_rgba: $0.backgroundColor.rgba)
        }
        var c = frames_message(
            message_id: arena.string(message.id), campaign_id: arena.string(message.campaignId),
            variant_id: arena.string(message.variantId), view_id: arena.string(message.viewId),
            sent_at_ms: message.sentAt, arrived_at_ms: message.arrivedAt,
            background_rgba: message.backgroundColor.rgba, image_url: arena.string(message.image?.url),
            image_alt: arena.string(message.image?.alt), title: title.flatMap { arena.array([$0]) },
            body: body.flatMap { arena.array([$0]) }, button_count: buttons.count, buttons: arena.array(buttons))
        present(&c, delegate.user_data)
    }

    func close(_ id: String) {
        guard !released, let close = delegate.close else { return }
        var arena = CArena()
        close(arena.string(id), delegate.user_data)
    }

    func linkTapped(_ url: String, messageId: String) -> Bool {
        guard !released, let tapped = delegate.link_tapped else { return false }
        var arena = CArena()
        return tapped(arena.string(url), arena.string(messageId), delegate.user_data)
    }

    func release() {
        guard !released else { return }
        released = true
        delegate.free_user_data?(delegate.user_data)
    }
}

extension EngineEntry {
    /// Drops the messages delegate, running its free_user_data once.
}

enum CMessage {
    static func text(_ text: PresentedText, _ arena: inout CArena) -> frames_message_text {
        let source: frames_message_font_source
        let hostFont: UnsafeMutableRawPointer?
        switch text.font {
        case .system:
            source = FRAMES_MESSAGE_FONT_SOURCE_SYSTEM
            hostFont = nil
        case .resolved(let font):
            source = FRAMES_MESSAGE_FONT_SOURCE_RESOLVED
            hostFont = UnsafeMutableRawPointer(bitPattern: font.token)
        }
        return frames_message_text(text: arena.string(text.text), color_rgba: text.color.rgba,
                                   font_name: arena.string(text.fontName), font_size: text.fontSize,
                                   font_source: source, host_font: hostFont)
    }
}
