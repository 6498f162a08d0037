import Testing
@testable import FramesCore

/// Counts the lock's use and the wake-ups, on one thread: what the inbox
/// decides is the same whichever lock guards it.
private final class CountingLock: InboxLock, @unchecked Sendable {
    var held = false
    var acquisitions = 0
    func lock() {
        precondition(!held, "the inbox took its lock twice")
        held = true
        acquisitions += 1
    }
    func unlock() { held = false }
    func wait() {}
    func signalAll() {}
}

private final class WakeCounter: @unchecked Sendable {
    var count = 0
}

@Suite("The modal inbox: classification, capacity, order, wake-up and close (IM-01)")
struct MessageInboxTests {
    private let thread = ObjectIdentifier(CountingLock.self)

    private func hand(_ inbox: MessageInbox, _ payload: [UInt8], at now: Milliseconds) -> NotificationOutcome {
        payload.withUnsafeBufferPointer { inbox.hand($0, arrivedAt: now, thread: thread) }
    }

    @Test("IM-01 only the first message of an empty inbox wakes the host; the owner takes them in arrival order")
    func wakeUpAndOrder() {
        let wakes = WakeCounter()
        let lock = CountingLock()
        let inbox = MessageInbox(lock: lock, allowInsecureHTTP: false, wakeup: { wakes.count += 1 })
        #expect(hand(inbox, push("a"), at: 10).result == .handled)
        #expect(hand(inbox, push("b"), at: 5).result == .handled)
        #expect(wakes.count == 1 && inbox.earliestArrival == 5)
        let taken = inbox.takeArrivals()
        #expect(taken.map(\.message.id) == ["a", "b"] && taken.map(\.sequence) == [1, 2])
        #expect(taken.map(\.arrivedAt) == [10, 5] && inbox.earliestArrival == nil)
        #expect(hand(inbox, push("c"), at: 20).result == .handled)
        #expect(wakes.count == 2 && !lock.held)
    }

    @Test("IM-01 a push that is not ours is no error; a broken message is refused with its reason and not queued")
    func classification() {
        let inbox = MessageInbox(lock: CountingLock(), allowInsecureHTTP: false)
        let other = hand(inbox, Array(#"{"aps":{"alert":"hi"}}"#.utf8), at: 1)
        #expect(other.result == .notAMessage && other.error == nil)
        let broken = hand(inbox, Array(#"{"frames_message":{"id":""}}"#.utf8), at: 1)
        #expect(broken.result == .malformed && broken.error?.code == .invalidArgument)
        let huge = [UInt8](repeating: 0x20, count: MessageLimits.notificationBytes + 1)
        #expect(hand(inbox, huge, at: 1).result == .notAMessage)
        #expect(inbox.takeArrivals().isEmpty)
    }

    @Test("IM-01 a full inbox refuses with INBOX_FULL and says what to do; taking the messages makes room")
    func capacity() {
        let inbox = MessageInbox(lock: CountingLock(), allowInsecureHTTP: false)
        for i in 0..<MessageLimits.inboxCapacity {
            #expect(hand(inbox, push("m\(i)"), at: Milliseconds(i)).result == .handled)
        }
        let full = hand(inbox, push("late"), at: 2_000)
        #expect(full.result == .inboxFull && full.error?.code == .invalidState)
        #expect(full.error?.message.contains("the limit is \(MessageLimits.inboxCapacity)") == true)
        #expect(inbox.takeArrivals().count == MessageLimits.inboxCapacity)
        #expect(hand(inbox, push("late"), at: 2_001).result == .handled)
    }

    @Test("IM-01 a closed inbox drops what waited and refuses later hand-ins with no result to report")
    func close() {
        let inbox = MessageInbox(lock: CountingLock(), allowInsecureHTTP: false)
        #expect(hand(inbox, push("a"), at: 1).result == .handled)
        inbox.close()
        #expect(inbox.takeArrivals().isEmpty && inbox.earliestArrival == nil)
        let late = hand(inbox, push("b"), at: 2)
        #expect(late.result == nil && late.error?.code == .invalidHandle)
    }

    @Test("IM-01 the engine's next deadline is due while a message waits, never later than the time it knows")
    func deadline() throws {
        let host = MessageHost()
        let (engine, inbox) = try makeMessageEngine(host)
        try engine.setAppState(.background, now: 100)
        #expect(engine.nextDeadline == nil)
        inbox.hand(push("a"), now: 500)
        #expect(engine.nextDeadline == 100)  // arrived "later" than the engine's time: due now
        try engine.onTimeout(now: 100)
        #expect(engine.messages.pendingMessageId == "a" && engine.nextDeadline == 500 + ModalMessagesController.holdLimit)
    }
}
