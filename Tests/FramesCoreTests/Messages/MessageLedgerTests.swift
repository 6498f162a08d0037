import Testing
@testable import FramesCore

@Suite("Modal messages: the shown-once ledger across restarts (IM-03, XC-10)")
struct MessageLedgerTests {
    @Test("IM-03, XC-10: presenting changes the durable state; after a restart the id is still shown")
    func restart() throws {
        let host = MessageHost()
        let (engine, inbox) = try makeMessageEngine(host)
        inbox.hand(push("m1"), now: 1_000)
        try engine.onTimeout(now: 1_000)
        #expect(host.stateChanges == 1)
        let blob = try engine.exportState(now: 2_000, wallClock: 1_700_000_000_000)
        engine.close()

        // A new process: another monotonic clock.
        let host2 = MessageHost()
        let (restarted, inbox2) = try makeMessageEngine(host2)
        try restarted.importState(blob, now: 50, wallClock: 1_700_000_100_000)
        inbox2.hand(push("m1"), now: 60)
        inbox2.hand(push("m0", sentAt: 500), now: 61)
        try restarted.onTimeout(now: 70)
        #expect(host2.take() == ["messages.discard m1 reason=already_shown", "present m0"])
        // The presentation time came back through the wall clock: 1,000 at wall
        // 1,699,999,999,000 is -99,950 on the new clock.
        let exported = restarted.messages.exportState(StateClock(now: 70, wallClock: 1_700_000_100_020))
        #expect(exported == [StateSection(name: "messages.shown", userId: nil, entries: [
            StateEntry(key: "m0", values: [1_700_000_100_020, 500]), StateEntry(key: "m1", values: [1_699_999_999_000, 1_000]),
        ])])
    }

    @Test("IM-03: the ledger is the device's, not the user's: another user does not see the message again")
    func perDevice() throws {
        let host = MessageHost()
        let (engine, inbox) = try makeMessageEngine(host)
        try engine.setUser("alice", now: 0)
        inbox.hand(push("m1"), now: 1)
        try engine.onTimeout(now: 1)
        try engine.messages.dismiss("m1", now: 2)
        try engine.setUser("bob", now: 3)
        inbox.hand(push("m1"), now: 4)
        try engine.onTimeout(now: 4)
        #expect(host.take().last == "messages.discard m1 reason=already_shown")
        let sections = engine.messages.exportState(StateClock(now: 4, wallClock: 4))
        #expect(sections.count == 1 && sections.first?.userId == nil)
    }

    @Test("IM-03: an imported ledger also stops a message that was already waiting")
    func importWhileWaiting() throws {
        let host = MessageHost()
        let (engine, inbox) = try makeMessageEngine(host)
        let blob = StateBlob.encode([StateSection(name: "messages.shown", userId: nil,
                                                  entries: [StateEntry(key: "m1", values: [100, 1_000])])])
        try engine.setAppState(.background, now: 0)
        inbox.hand(push("m1"), now: 1)
        try engine.onTimeout(now: 1)
        try engine.importState(blob, now: 2, wallClock: 200)
        try engine.setAppState(.active, now: 3)
        #expect(host.take() == ["messages.discard m1 reason=already_shown"])
    }

    @Test("IM-03, XC-10: a push handed in after a restart but before the import meets the imported ledger, though the engine starts active")
    func pushBeforeImport() throws {
        let host = MessageHost()
        let (engine, inbox) = try makeMessageEngine(host)
        inbox.hand(push("m1"), now: 1_000)
        try engine.onTimeout(now: 1_000)
        try engine.messages.dismiss("m1", now: 1_500)
        let blob = try engine.exportState(now: 2_000, wallClock: 1_700_000_000_000)
        engine.close()

        // After the restart the push thread hands m1 in again before the owner imports.
        let host2 = MessageHost()
        let (restarted, inbox2) = try makeMessageEngine(host2)
        #expect(restarted.session.appState == .active)
        inbox2.hand(push("m1"), now: 10)
        try restarted.importState(blob, now: 20, wallClock: 1_700_000_100_000)
        try restarted.onTimeout(now: 30)
        #expect(host2.take() == ["messages.discard m1 reason=already_shown"])
        #expect(restarted.messages.onScreenMessageId == nil)
    }

    @Test("IM-03, XC-10: a message presented before a late import stays shown-once: the import joins the ledgers")
    func lateImportKeepsThisRunsPresentations() throws {
        let host = MessageHost()
        let (engine, inbox) = try makeMessageEngine(host)
        let blob = StateBlob.encode([StateSection(name: "messages.shown", userId: nil,
                                                  entries: [StateEntry(key: "m0", values: [100, 500])])])
        inbox.hand(push("m1"), now: 1)
        try engine.onTimeout(now: 1)
        try engine.messages.dismiss("m1", now: 2)
        try engine.importState(blob, now: 3, wallClock: 200)
        #expect(engine.messages.wasShown("m0") && engine.messages.wasShown("m1"))
        inbox.hand(push("m1"), now: 4)
        inbox.hand(push("m0", sentAt: 500), now: 5)
        try engine.onTimeout(now: 6)
        #expect(host.take().suffix(2) == ["messages.discard m1 reason=already_shown", "messages.discard m0 reason=already_shown"])
    }

    @Test("XC-10: a ledger entry without a time or with a bad id refuses the blob; the engine keeps its ledger")
    func badEntries() throws {
        let host = MessageHost()
        let (engine, inbox) = try makeMessageEngine(host)
        inbox.hand(push("m1"), now: 1)
        try engine.onTimeout(now: 1)
        try engine.messages.dismiss("m1", now: 2)
        for entry in [StateEntry(key: "m9", values: []), StateEntry(key: "m9", values: [1]), StateEntry(key: "", values: [1, 1]),
                      StateEntry(key: String(repeating: "k", count: 257), values: [1, 1])] {
            let blob = StateBlob.encode([StateSection(name: "messages.shown", userId: nil, entries: [entry])])
            let error = thrownError { () throws(FramesError) in try engine.importState(blob, now: 3, wallClock: 3) }
            #expect(error?.code == .invalidArgument)
            #expect(error?.message.contains("messages.shown") == true)
            #expect(error?.message.hasSuffix("the engine kept its state") == true)
        }
        #expect(engine.messages.wasShown("m1"))
    }

    @Test("IM-03: past 1,000 entries the ledger forgets the earliest sent down to 900; its horizon moves, so at most once still holds")
    func capacity() {
        var ledger = ShownLedger()
        for i in 0..<ShownLedger.capacity { ledger.insert("m\(i)", presentedAt: 0, sentAt: Int64(i) * 10) }
        #expect(ledger.count == 1_000 && ledger.horizon == nil)
        ledger.insert("m1000", presentedAt: 0, sentAt: 10_000)
        #expect(ledger.count == 900)
        #expect(!ledger.contains("m0") && !ledger.contains("m100"))
        #expect(ledger.contains("m101") && ledger.contains("m1000"))
        #expect(ledger.horizon == ShownLedger.Horizon(sentAt: 1_000, id: "m100"))
        #expect(ledger.isBeyondHorizon(sentAt: 1_000, id: "m100") && ledger.isBeyondHorizon(sentAt: 999, id: "z"))
        #expect(!ledger.isBeyondHorizon(sentAt: 1_000, id: "m101") && !ledger.isBeyondHorizon(sentAt: 1_001, id: "a"))
    }

    @Test("IM-03: messages sent in the same millisecond: the horizon orders them by id, and a later id still shows")
    func sameSendTime() {
        var ledger = ShownLedger()
        for i in 0...ShownLedger.capacity { ledger.insert("m\(1_000 + i)", presentedAt: 0, sentAt: 7) }
        #expect(ledger.horizon == ShownLedger.Horizon(sentAt: 7, id: "m1100"))
        #expect(ledger.isBeyondHorizon(sentAt: 7, id: "m1050"))
        #expect(!ledger.isBeyondHorizon(sentAt: 7, id: "m2001"))
    }

    @Test("IM-03, XC-10: a message sent before the horizon is refused as too old, also after a restart")
    func horizon() throws {
        let host = MessageHost()
        let (engine, inbox) = try makeMessageEngine(host)
        for i in 0...ShownLedger.capacity {
            inbox.hand(push("m\(i)", sentAt: 1_000 + Int64(i)), now: Milliseconds(i))
            try engine.onTimeout(now: Milliseconds(i))
            try engine.messages.dismiss("m\(i)", now: Milliseconds(i))
        }
        _ = host.take()
        // m0 was forgotten: a redelivery must not show it again.
        inbox.hand(push("m0", sentAt: 1_000), now: 2_000)
        try engine.onTimeout(now: 2_000)
        #expect(host.take() == ["messages.discard m0 reason=too_old"])
        let blob = try engine.exportState(now: 2_000, wallClock: 10_000)
        let (restarted, inbox2) = try makeMessageEngine(host)
        try restarted.importState(blob, now: 0, wallClock: 20_000)
        inbox2.hand(push("m0", sentAt: 1_000), now: 1)
        inbox2.hand(push("m500", sentAt: 1_500), now: 1)
        inbox2.hand(push("new", sentAt: 1_050), now: 1)  // before the horizon (1,100): may have been shown
        try restarted.onTimeout(now: 1)
        #expect(host.take() == ["messages.discard m0 reason=too_old", "messages.discard m500 reason=already_shown",
                                "messages.discard new reason=too_old"])
        let bad = StateBlob.encode([StateSection(name: "messages.horizon", userId: nil,
                                                 entries: [StateEntry(key: "sent_at", values: [])])])
        #expect(thrownError { () throws(FramesError) in try restarted.importState(bad, now: 2, wallClock: 2) }?.code == .invalidArgument)
    }
}

@Suite("Modal messages: referenced content (IM-05 with AF-14's integrity rules, XC-06)")
struct MessageContentReferenceTests {
    let document = WireFixtures.bytes("messages/message_content.json")
    let url = "https://cdn.example.com/messages/order-8841.json"

    @Test("IM-05: the content is fetched at once, checked, and the message presented when it is in")
    func fetched() throws {
        let host = MessageHost()
        let (engine, inbox) = try makeMessageEngine(host)
        try engine.setUser("user-42", now: 0)
        try engine.setAppState(.background, now: 0)
        inbox.hand(WireFixtures.bytes("messages/content_ref.json"), now: 10)
        try engine.onTimeout(now: 10)
        let request = try #require(try engine.pollRequest())
        #expect(request.method == "GET" && request.url == url)
        try engine.completeRequest(request.id, response: HTTPResponse(status: 200, body: document), now: 20)
        #expect(host.take().isEmpty)
        try engine.setAppState(.active, now: 30)
        #expect(host.take() == ["present msg-order-8841"])
        #expect(host.presented.first?.title?.text == "Your order has shipped")
    }

    @Test("AF-14: bytes that do not match the SHA-256 discard the message; XC-06: a 503 is retried first")
    func integrity() throws {
        let host = MessageHost()
        let engine = try referencedMessage(host)
        let first = try #require(try engine.pollRequest())
        try engine.completeRequest(first.id, response: HTTPResponse(status: 503), now: 20)
        let retryAt = try #require(engine.nextDeadline)
        #expect(retryAt > 20 && retryAt < 20 + 6 * hour)
        try engine.onTimeout(now: retryAt)
        let second = try #require(try engine.pollRequest())
        try engine.completeRequest(second.id, response: HTTPResponse(status: 200, body: document + [0x20]), now: retryAt + 1)
        #expect(host.take() == ["messages.discard msg-order-8841 reason=content_failed"])
        #expect(try engine.pollRequest() == nil)
    }

    @Test("IM-03: a newer message cancels the fetch of the one it replaces")
    func supersededFetch() throws {
        let host = MessageHost()
        let (engine, inbox) = try makeMessageEngine(host)
        try engine.setUser("user-42", now: 0)
        inbox.hand(WireFixtures.bytes("messages/content_ref.json"), now: 10)
        try engine.onTimeout(now: 10)
        let request = try #require(try engine.pollRequest())
        inbox.hand(push("newer", sentAt: 1_800_000_000_000), now: 20)
        try engine.onTimeout(now: 20)
        #expect(host.take() == ["messages.discard msg-order-8841 reason=superseded", "present newer"])
        #expect(thrownError { () throws(FramesError) in
            try engine.completeRequest(request.id, response: HTTPResponse(status: 200, body: document), now: 30)
        }?.code == .notFound)
    }
}
