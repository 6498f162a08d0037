import Testing
@testable import FramesCore

@Suite("Modal messages: when a message is shown (IM-01..IM-04)")
struct MessageArrivalTests {
    @Test("IM-01, IM-02: active app: the next call picks the message up and presents it at once; the deadline says call now")
    func activePresentsAtOnce() throws {
        let host = MessageHost()
        let (engine, inbox) = try makeMessageEngine(host)
        try engine.onTimeout(now: 100)
        #expect(engine.nextDeadline == nil)
        #expect(inbox.hand(push("m1"), now: 150) == .handled)
        // Nothing happened yet: the owner thread has not called in.
        #expect(host.take().isEmpty)
        #expect(engine.nextDeadline == 100)  // the latest known time: due now
        try engine.onTimeout(now: 160)
        #expect(host.take() == ["present m1"])
        #expect(engine.messages.onScreenMessageId == "m1")
        #expect(engine.nextDeadline == nil)
        // IM-01: handing a message in never counts a click, nor anything else.
        #expect(!host.records.contains { $0.name == "messages.click" })
    }

    @Test("IM-01: every call picks the inbox up first, so a logout sees what arrived before it")
    func pickedUpBeforeTheCall() throws {
        let host = MessageHost()
        let (engine, inbox) = try makeMessageEngine(host)
        try engine.setUser("user-1", now: 0)
        try engine.setAppState(.background, now: 10)
        inbox.hand(push("m1"), now: 20)
        try engine.setUser(nil, now: 30)
        #expect(host.take() == ["messages.discard m1 reason=logout"])
        try engine.setAppState(.active, now: 40)
        #expect(host.presented.isEmpty)
    }

    @Test("IM-03: background: kept, presented at the next activation; inactive too")
    func backgroundHolds() throws {
        let host = MessageHost()
        let (engine, inbox) = try makeMessageEngine(host)
        try engine.setAppState(.background, now: 0)
        inbox.hand(push("m1"), now: 1_000)
        try engine.onTimeout(now: 1_000)
        #expect(host.take().isEmpty)
        #expect(engine.messages.pendingMessageId == "m1")
        try engine.setAppState(.inactive, now: 2_000)
        #expect(host.take().isEmpty)
        try engine.setAppState(.active, now: 3_000)
        #expect(host.take() == ["present m1"])

        try engine.messages.dismiss("m1", now: 3_100)
        try engine.setAppState(.inactive, now: 4_000)
        inbox.hand(push("m2", sentAt: 2_000), now: 4_100)
        try engine.onTimeout(now: 4_100)
        #expect(engine.messages.pendingMessageId == "m2")
        try engine.setAppState(.active, now: 5_000)
        #expect(host.take() == ["messages.dismiss m1 displayed=false closed_by=user", "present m2"])
    }

    @Test("IM-03: arrived 6 h − 1 ms earlier is shown; exactly 6 h earlier is too old")
    func sixHourBoundary() throws {
        for (wait, shown) in [(6 * hour - 1, true), (6 * hour, false), (6 * hour + 1, false)] {
            let host = MessageHost()
            let (engine, inbox) = try makeMessageEngine(host)
            try engine.setAppState(.background, now: 0)
            inbox.hand(push("m1"), now: 10)
            try engine.onTimeout(now: 10)
            // No call in between: the activation alone decides.
            try engine.setAppState(.active, now: 10 + wait)
            #expect(host.take() == (shown ? ["present m1"] : ["messages.discard m1 reason=expired"]), "waited \(wait) ms")
        }
    }

    @Test("IM-03: the expiry is timed: on_timeout at arrival + 6 h discards the waiting message")
    func expiryTimer() throws {
        let host = MessageHost()
        let (engine, inbox) = try makeMessageEngine(host)
        try engine.setAppState(.background, now: 0)
        inbox.hand(push("m1"), now: 500)
        try engine.onTimeout(now: 500)
        #expect(engine.nextDeadline == 500 + 6 * hour)
        try engine.onTimeout(now: 500 + 6 * hour - 1)
        #expect(engine.messages.pendingMessageId == "m1")
        try engine.onTimeout(now: 500 + 6 * hour)
        #expect(host.take() == ["messages.discard m1 reason=expired"])
        #expect(engine.messages.pendingMessageId == nil)
        #expect(engine.nextDeadline == nil)
    }

    @Test("IM-03: the 6 hours count from the arrival handed in, not from when the owner thread picked it up")
    func arrivalTimeIsTheNotifyingThreads() throws {
        let host = MessageHost()
        let (engine, inbox) = try makeMessageEngine(host)
        try engine.setAppState(.background, now: 0)
        // The push arrived at 1 s; the owner thread slept through the background.
        inbox.hand(push("m1"), now: 1_000)
        try engine.setAppState(.active, now: 1_000 + 7 * hour)
        #expect(host.take() == ["messages.discard m1 reason=expired"])
    }

    @Test("IM-03: a newer message replaces the waiting one; an older one arriving later is dropped")
    func newestWins() throws {
        let host = MessageHost()
        let (engine, inbox) = try makeMessageEngine(host)
        try engine.setAppState(.background, now: 0)
        inbox.hand(push("old", sentAt: 1_000), now: 10)
        try engine.onTimeout(now: 10)
        inbox.hand(push("new", sentAt: 2_000), now: 20)
        try engine.onTimeout(now: 20)
        #expect(host.take() == ["messages.discard old reason=superseded"])
        // Delivered out of order: sent before the waiting one, so older.
        inbox.hand(push("late", sentAt: 1_500), now: 30)
        try engine.onTimeout(now: 30)
        #expect(host.take() == ["messages.discard late reason=superseded"])
        try engine.setAppState(.active, now: 40)
        #expect(host.take() == ["present new"])
    }

    @Test("IM-03: of a batch picked up together only the newest is kept; same send time: the later arrival")
    func batchNewestWins() throws {
        let host = MessageHost()
        let (engine, inbox) = try makeMessageEngine(host)
        inbox.hand(push("a", sentAt: 5_000), now: 10)
        inbox.hand(push("b", sentAt: 7_000), now: 11)
        inbox.hand(push("c", sentAt: 7_000), now: 12)
        inbox.hand(push("d", sentAt: 6_000), now: 13)
        try engine.onTimeout(now: 20)
        #expect(host.take() == [
            "messages.discard a reason=superseded", "messages.discard b reason=superseded",
            "messages.discard d reason=superseded", "present c",
        ])
    }

    @Test("IM-03: each message id is presented at most once; a copy while it waits is a duplicate")
    func shownOnce() throws {
        let host = MessageHost()
        let (engine, inbox) = try makeMessageEngine(host)
        try engine.setAppState(.background, now: 0)
        inbox.hand(push("m1"), now: 10)
        inbox.hand(push("m1", sentAt: 1_000), now: 11)
        try engine.onTimeout(now: 12)
        #expect(host.take() == ["messages.discard m1 reason=duplicate"])
        try engine.setAppState(.active, now: 20)
        #expect(host.take() == ["present m1"])
        inbox.hand(push("m1"), now: 30)
        try engine.onTimeout(now: 30)
        #expect(host.take() == ["messages.discard m1 reason=already_shown"])  // on screen, in the ledger
        try engine.messages.confirmDisplayed("m1", now: 40)
        try engine.messages.dismiss("m1", now: 50)
        _ = host.take()
        inbox.hand(push("m1", sentAt: 9_000), now: 60)
        try engine.onTimeout(now: 60)
        #expect(host.take() == ["messages.discard m1 reason=already_shown"])
        #expect(engine.messages.wasShown("m1"))
    }

    @Test("IM-03: logout discards the waiting message; so does another user; one addressed to the new user stays")
    func identity() throws {
        let host = MessageHost()
        let (engine, inbox) = try makeMessageEngine(host)
        try engine.setUser("alice", now: 0)
        try engine.setAppState(.background, now: 0)
        inbox.hand(push("m1"), now: 10)
        try engine.setUser("bob", now: 20)
        #expect(host.take() == ["messages.discard m1 reason=user_changed"])

        inbox.hand(push("m2", userId: "bob"), now: 30)
        try engine.setUser(nil, now: 40)
        #expect(host.take() == ["messages.discard m2 reason=logout"])

        // Addressed to carol: kept across carol's login, refused for anyone else.
        inbox.hand(push("m3", userId: "carol"), now: 50)
        try engine.onTimeout(now: 50)
        #expect(host.take() == ["messages.discard m3 reason=other_user"])
        try engine.setUser("carol", now: 60)
        inbox.hand(push("m4", userId: "carol"), now: 70)
        inbox.hand(push("m5", sentAt: 500, userId: "dave"), now: 71)
        try engine.onTimeout(now: 72)
        #expect(host.take() == ["messages.discard m5 reason=other_user"])
        try engine.setUser("carol", now: 80)  // the same user: no change
        try engine.setAppState(.active, now: 90)
        #expect(host.take() == ["present m4"])
    }

    @Test("IM-03: a message on screen is withdrawn at logout: the presenter is told to close it")
    func withdrawnAtLogout() throws {
        let host = MessageHost()
        let (engine, inbox) = try makeMessageEngine(host)
        try engine.setUser("alice", now: 0)
        inbox.hand(push("m1"), now: 10)
        try engine.onTimeout(now: 10)
        try engine.messages.confirmDisplayed("m1", now: 20)
        _ = host.take()
        try engine.setUser(nil, now: 30)
        #expect(host.take() == ["messages.dismiss m1 displayed=true closed_by=engine reason=logout", "close m1"])
        #expect(throws: FramesError.self) { try engine.messages.tapButton("m1", index: 0, now: 40) }
    }

    @Test("XC-04: revoked consent discards the waiting message and records nothing; arrivals meanwhile are dropped")
    func consent() throws {
        let host = MessageHost()
        let (engine, inbox) = try makeMessageEngine(host)
        try engine.setAppState(.background, now: 0)
        inbox.hand(push("m1"), now: 10)
        try engine.onTimeout(now: 10)
        try engine.setConsent(false, now: 20)
        inbox.hand(push("m2"), now: 30)
        try engine.setAppState(.active, now: 40)
        #expect(host.take().isEmpty)
        #expect(engine.messages.pendingMessageId == nil)
        try engine.setConsent(true, now: 50)
        try engine.startSession(id: nil, now: 60)
        inbox.hand(push("m3"), now: 70)
        try engine.onTimeout(now: 70)
        #expect(host.take() == ["present m3"])
    }

    @Test("IM-04: one message on screen at a time; one arriving meanwhile waits and follows when it closes")
    func oneAtATime() throws {
        let host = MessageHost()
        let (engine, inbox) = try makeMessageEngine(host)
        inbox.hand(push("m1"), now: 10)
        try engine.onTimeout(now: 10)
        inbox.hand(push("m2", sentAt: 2_000), now: 20)
        inbox.hand(push("m3", sentAt: 3_000), now: 21)
        try engine.onTimeout(now: 22)
        #expect(host.take() == ["present m1", "messages.discard m2 reason=superseded"])
        #expect(engine.messages.pendingMessageId == "m3")
        try engine.messages.confirmDisplayed("m1", now: 30)
        try engine.messages.tapButton("m1", index: 1, now: 40)
        #expect(host.take() == ["messages.displayed m1", "messages.click m1 button_index=1", "present m3"])
    }

    @Test("IM-04: the waiting one keeps the 6-hour rule while another stays on screen")
    func waitingExpiresBehindOnScreen() throws {
        let host = MessageHost()
        let (engine, inbox) = try makeMessageEngine(host)
        inbox.hand(push("m1"), now: 0)
        try engine.onTimeout(now: 0)
        inbox.hand(push("m2", sentAt: 2_000), now: 10)
        try engine.onTimeout(now: 10)
        try engine.messages.dismiss("m1", now: 10 + 6 * hour)
        #expect(host.take() == ["present m1", "messages.dismiss m1 displayed=false closed_by=user",
                                "messages.discard m2 reason=expired"])
    }

    @Test("IM-02: a callback that re-enters the engine sees the message on screen (XC-03)")
    func reentrantPresenter() throws {
        let host = MessageHost()
        let (engine, inbox) = try makeMessageEngine(host)
        host.onPresent = { message in
            try? engine.messages.confirmDisplayed(message.id, now: 5)
        }
        inbox.hand(push("m1"), now: 1)
        try engine.onTimeout(now: 2)
        #expect(host.take() == ["present m1", "messages.displayed m1"])
    }
}
