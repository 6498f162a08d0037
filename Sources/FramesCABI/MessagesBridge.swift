import CFrames
import FramesCore

/// Modal messages' host calls (IM-02..IM-07) as the C host callbacks.
/// Everything lent lives in an arena emptied when the callback returns.
extension HostBridge: ModalMessagesHost {
    func presentMessage(_ message: PresentedMessage) {
        guard !released, let present = callbacks.present_message else { return }
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
        present(&c, callbacks.user_data)
    }

    func closeMessage(id: String) {
        guard !released, let close = callbacks.close_message else { return }
        var arena = CArena()
        close(arena.string(id), callbacks.user_data)
    }

    func messageLinkTapped(_ url: String, messageId: String) -> Bool {
        guard !released, let tapped = callbacks.message_link_tapped else { return false }
        var arena = CArena()
        return tapped(arena.string(url), arena.string(messageId), callbacks.user_data)
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
