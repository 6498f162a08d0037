import CFrames
import FramesCore

/// Modal messages' host calls (IM-02..IM-07): present, close and a tapped
/// link go to the C messages delegate; opening links and fonts are the
/// host callbacks' (the engine-wide services).
extension HostBridge: ModalMessagesHost {
    func presentMessage(_ message: PresentedMessage) {
        guard !released else { return }
        entry?.tap(nil).callback("present", { $0.presented(message) }) {
            entry?.messagesDelegate?.present(message)
        }
    }

    func closeMessage(id: String) {
        guard !released else { return }
        entry?.tap(nil).callback("close", { $0.field("message_id", id) }) {
            entry?.messagesDelegate?.close(id)
        }
    }

    func messageLinkTapped(_ url: String, messageId: String) -> Bool {
        guard !released else { return false }
        return entry?.tap(nil).callback("link_tapped", { $0.field("url", url); $0.field("message_id", messageId) },
                                        answer: .bool) {
            entry?.messagesDelegate?.linkTapped(url, messageId: messageId) ?? false
        } ?? false
    }

    func canOpenURL(_ url: String) -> Bool {
        guard !released else { return false }
        return entry?.tap(nil).callback("can_open_url", { $0.field("url", url) }, answer: .bool) {
            guard let canOpen = callbacks.can_open_url else { return false }
            var arena = CArena()
            return canOpen(arena.string(url), callbacks.user_data)
        } ?? false
    }

    func resolveFont(name: String, size: Double) -> HostFont? {
        guard !released else { return nil }
        let resolve = { () -> HostFont? in
            guard let resolve = self.callbacks.resolve_font else { return nil }
            var arena = CArena()
            let answer = resolve(arena.string(name), size, self.callbacks.user_data)
            return HostFont(token: UInt(bitPattern: answer))
        }
        guard let entry else { return resolve() }
        return entry.tap(nil).callback("resolve_font", { $0.field("name", name); $0.field("size", size) },
                                       answer: .font, host: resolve)
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

extension RecordingLine {
    /// A presented message as the present callback hands it over. A host
    /// font is its token's presence only: the token is the host's pointer.
    mutating func presented(_ message: PresentedMessage) {
        field("message_id", message.id)
        field("campaign_id", message.campaignId)
        field("variant_id", message.variantId)
        field("view_id", message.viewId)
        field("sent_at_ms", message.sentAt)
        field("arrived_at_ms", message.arrivedAt)
        field("image_url", message.image?.url)
        var texts: [String] = []
        for text in [message.title, message.body] + message.buttons.map({ $0.label }) {
            guard let text else { continue }
            let font: String
            switch text.font {
            case .system: font = "system"
            case .resolved: font = "resolved"
            }
            texts.append("\(text.text) [\(text.fontName ?? "-") \(text.fontSize) \(font)]")
        }
        field("texts", texts)
        field("button_urls", message.buttons.map { $0.url ?? "" })
    }
}

extension RecordedAnswer where Answer == HostFont? {
    /// Whether the host resolved the font; a replay hands back a stand-in
    /// token, since the host's own is a pointer of that process.
    static var font: RecordedAnswer<HostFont?> {
        RecordedAnswer(fallback: nil, write: { $0.field("value", $1 != nil) },
                       read: { line in (try? line.bool("value")).map { $0 ? HostFont(token: 1) : nil } })
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
