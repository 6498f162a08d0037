@testable import FramesCore

/// The inbox's lock for tests on one thread: nothing to guard against.
final class SingleThreadLock: InboxLock, @unchecked Sendable {
    func lock() {}
    func unlock() {}
    func wait() {}
    func signalAll() {}
}

extension MessageInbox {
    /// Hands a payload in as handle_notification does, on this thread;
    /// returns what the host would read.
    @discardableResult
    func hand(_ payload: [UInt8], now: Milliseconds) -> NotificationResult? {
        payload.withUnsafeBufferPointer { hand($0, arrivedAt: now, thread: ObjectIdentifier(SingleThreadLock.self)).result }
    }
}

/// Records every host call as one line (whole transcripts, order included)
/// and answers the click chain and the font resolver as told.
final class MessageHost: EngineHost, ModalMessagesHost {
    var log: [String] = []
    var records: [AnalyticsRecord] = []
    var presented: [PresentedMessage] = []
    var stateChanges = 0
    /// nil: no click handler (answers false).
    var clickAnswer: Bool?
    var canOpen = false
    var fonts: [String: UInt] = [:]
    var fontQuestions: [String] = []
    /// Runs inside the presenter, e.g. to confirm at once (XC-03).
    var onPresent: ((PresentedMessage) -> Void)?

    func record(_ record: AnalyticsRecord) {
        records.append(record)
        let fields = record.fields.filter { $0.key != "message_id" }.map { "\($0.key)=\($0.value)" }.joined(separator: " ")
        log.append("\(record.name) \(record.field("message_id") ?? "-")" + (fields.isEmpty ? "" : " " + fields))
    }

    func stateChanged() { stateChanges += 1 }

    func presentMessage(_ message: PresentedMessage) {
        presented.append(message)
        log.append("present \(message.id)")
        onPresent?(message)
    }

    func closeMessage(id: String) { log.append("close \(id)") }

    func messageLinkTapped(_ url: String, messageId: String) -> Bool {
        guard let answer = clickAnswer else { return false }
        log.append("click handler \(url) -> \(answer)")
        return answer
    }

    func canOpenURL(_ url: String) -> Bool {
        log.append("can open \(url) -> \(canOpen)")
        return canOpen
    }

    func openURL(_ url: String) -> Bool {
        log.append("open \(url)")
        return true
    }

    func resolveFont(name: String, size: Double) -> HostFont? {
        fontQuestions.append("\(name) \(size)")
        return fonts[name].flatMap { HostFont(token: $0) }
    }

    func take() -> [String] {
        defer { log.removeAll() }
        return log
    }
}

/// An engine with a message host and a test inbox.
func makeMessageEngine(_ host: MessageHost) throws -> (Engine, MessageInbox) {
    var options = EngineOptions()
    options.deviceId = "device-1"
    let engine = try Engine(options: options, configuration: [])
    let inbox = MessageInbox(lock: SingleThreadLock(), allowInsecureHTTP: false)
    engine.host = host
    engine.messages.host = host
    engine.messages.inbox = inbox
    return (engine, inbox)
}

/// A push carrying message `id`, sent at `sentAt`, with `buttons` (JSON).
func push(_ id: String, sentAt: Int64 = 1_000, userId: String? = nil,
          buttons: String = #"[{"label":{"text":"Shop"},"url":"https://shop.test/x"},{"label":{"text":"Later"}}]"#,
          title: String = #"{"text":"Hello","font":{"name":"Brand-Bold","size":22}}"#) -> [UInt8] {
    let user = userId.map { ",\"user_id\":" + JSONText.quoted($0) } ?? ""
    return notification("{\"id\":\(JSONText.quoted(id)),\"sent_at\":\(sentAt)\(user),"
        + "\"content\":{\"title\":\(title),\"body\":{\"text\":\"Body of \(id)\"},\"buttons\":\(buttons)}}")
}

let hour: Milliseconds = 3_600_000

/// An engine for "user-42" that was handed messages/content_ref.json at 10
/// and picked it up: its content request is the next one polled.
func referencedMessage(_ host: MessageHost) throws -> Engine {
    let (engine, inbox) = try makeMessageEngine(host)
    try engine.setUser("user-42", now: 0)
    inbox.hand(WireFixtures.bytes("messages/content_ref.json"), now: 10)
    try engine.onTimeout(now: 10)
    return engine
}
