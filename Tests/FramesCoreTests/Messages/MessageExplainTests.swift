import Testing
@testable import FramesCore

@Suite("explain a modal message by id: where it is, or how it ended (XC-11, IM-01..IM-05)")
struct MessageExplainTests {
    private func code(_ engine: Engine, _ id: String, now: Milliseconds = 0) throws -> String {
        try engine.messages.explain(messageId: id, now: now).reason.code
    }

    @Test("XC-11 IM-01 IM-02 IM-05 unknown, handed_in (not picked up by explain), presented (at_ms, displayed), shown_before")
    func lifecycle() throws {
        let host = MessageHost()
        let (engine, inbox) = try makeMessageEngine(host)
        let unknown = try engine.messages.explain(messageId: "m1", now: 0)
        #expect(unknown.json == #"{"explain":1,"kind":"message","object":"message:m1","placement_id":null,"now_ms":0,"#
            + #""user_id":null,"state":"unknown","facts":{"sent_at":null,"arrived_at_ms":null,"campaign_id":null,"#
            + #""variant_id":null,"addressed_to":null,"content":null,"displayed":null},"showing":[],"reason":{"#
            + #""code":"unknown","detail":"the engine never received this message, or has forgotten it: it remembers "#
            + #"the last 128 outcomes and the ledger's 1000 presented ids"},"candidates":[]}"#)
        #expect(inbox.hand(push("m1", sentAt: 7), now: 10) == .handled)
        let handedIn = try engine.messages.explain(messageId: "m1", now: 11)
        #expect(handedIn.reason.code == "handed_in" && handedIn.reason["at_ms"] == .integer(10), "\(handedIn.json)")
        #expect(handedIn.facts["sent_at"] == .integer(7) && handedIn.facts["content"] == .string("inline"))
        // Explaining picked nothing up: the next call presents it.
        #expect(host.take().isEmpty)
        try engine.onTimeout(now: 20)
        #expect(host.take() == ["present m1"])
        let presented = try engine.messages.explain(messageId: "m1", now: 21)
        #expect(presented.reason.code == "presented" && presented.reason["at_ms"] == .integer(20))
        #expect(presented.state == "on_screen" && presented.facts["displayed"] == .bool(false))
        #expect(presented.showing.first?.location?.hasPrefix("message-") == true)
        #expect(presented.showing.first?.status == "presented")
        try engine.messages.confirmDisplayed("m1", now: 22)
        #expect(try engine.messages.explain(messageId: "m1", now: 22).facts["displayed"] == .bool(true))
        try engine.messages.tapButton("m1", index: 1, now: 30)
        let shown = try engine.messages.explain(messageId: "m1", now: 31)
        #expect(shown.reason.code == "shown_before" && shown.reason["at_ms"] == .integer(20), "\(shown.json)")
        #expect(shown.reason.detail.contains("button 1 tapped at 30 ms"))
        // Forgotten by the outcome memory, the ledger still knows it.
        engine.messages.outcomes = MessageOutcomes()
        let ledgerOnly = try engine.messages.explain(messageId: "m1", now: 32)
        #expect(ledgerOnly.reason.code == "shown_before" && ledgerOnly.state == "shown")
    }

    @Test("XC-11 IM-03 IM-04 waiting: app_not_active (until it expires), another_on_screen (than), content_loading")
    func waiting() throws {
        let host = MessageHost()
        let (engine, inbox) = try makeMessageEngine(host)
        try engine.setAppState(.background, now: 0)
        inbox.hand(push("m1"), now: 10)
        try engine.onTimeout(now: 10)
        let background = try engine.messages.explain(messageId: "m1", now: 11)
        #expect(background.reason.code == "app_not_active" && background.state == "waiting")
        #expect(background.reason["until_ms"] == .integer(10 + ModalMessagesController.holdLimit))
        try engine.setAppState(.active, now: 20)
        inbox.hand(push("m2", sentAt: 2_000), now: 21)
        try engine.onTimeout(now: 21)
        #expect(host.take() == ["present m1"])
        let behind = try engine.messages.explain(messageId: "m2", now: 22)
        #expect(behind.reason.code == "another_on_screen" && behind.reason["than"] == .string("m1"), "\(behind.json)")
        try engine.messages.dismiss("m1", now: 23)
        #expect(try engine.messages.explain(messageId: "m1", now: 24).reason.detail.contains("dismissed by the user"))
        try engine.messages.dismiss("m2", now: 25)
        try engine.setUser("user-42", now: 26)
        inbox.hand(WireFixtures.bytes("messages/content_ref.json"), now: 30)
        try engine.onTimeout(now: 30)
        let loading = try engine.messages.explain(messageId: "msg-order-8841", now: 31)
        #expect(loading.reason.code == "content_loading" && loading.facts["content"] == .string("reference"), "\(loading.json)")
        #expect(loading.facts["addressed_to"] == .string("user-42"))
    }

    @Test("XC-11 IM-03 discarded: superseded (superseded_by), expired, already_shown, too_old, each with at_ms; a duplicate hides nothing")
    func discarded() throws {
        let host = MessageHost()
        let (engine, inbox) = try makeMessageEngine(host)
        try engine.setAppState(.background, now: 0)
        inbox.hand(push("old", sentAt: 1_000), now: 10)
        inbox.hand(push("new", sentAt: 2_000), now: 11)
        inbox.hand(push("new", sentAt: 2_000), now: 12)
        try engine.onTimeout(now: 12)
        let old = try engine.messages.explain(messageId: "old", now: 13)
        #expect(old.reason.code == "superseded" && old.reason["superseded_by"] == .string("new"), "\(old.json)")
        #expect(old.reason["at_ms"] == .integer(12) && old.state == "discarded")
        #expect(old.facts["sent_at"] == .integer(1_000) && old.facts["arrived_at_ms"] == .integer(10))
        #expect(try code(engine, "new", now: 13) == "app_not_active")  // the duplicate's outcome does not hide it
        try engine.onTimeout(now: 12 + ModalMessagesController.holdLimit)
        #expect(try code(engine, "new") == "expired")
        try engine.setAppState(.active, now: 13 + ModalMessagesController.holdLimit)
        inbox.hand(push("seen"), now: 13 + ModalMessagesController.holdLimit)
        inbox.hand(push("seen"), now: 13 + ModalMessagesController.holdLimit)
        try engine.onTimeout(now: 14 + ModalMessagesController.holdLimit)
        #expect(try code(engine, "seen") == "presented")
        try engine.messages.dismiss("seen", now: 15 + ModalMessagesController.holdLimit)
        #expect(try code(engine, "seen") == "shown_before")
        inbox.hand(push("seen"), now: 16 + ModalMessagesController.holdLimit)
        try engine.onTimeout(now: 16 + ModalMessagesController.holdLimit)
        #expect(try code(engine, "seen") == "already_shown")
        engine.messages.ledger.raiseHorizon(to: ShownLedger.Horizon(sentAt: 5_000, id: "zzz"))
        inbox.hand(push("ancient", sentAt: 100), now: 17 + ModalMessagesController.holdLimit)
        try engine.onTimeout(now: 17 + ModalMessagesController.holdLimit)
        #expect(try code(engine, "ancient") == "too_old")
    }

    @Test("XC-11 IM-03 XC-04 discarded for who was logged in: logout and user_changed (user_id: the user it waited for), other_user (its addressee), consent")
    func identity() throws {
        let host = MessageHost()
        let (engine, inbox) = try makeMessageEngine(host)
        try engine.setUser("ada", now: 0)
        try engine.setAppState(.background, now: 0)
        inbox.hand(push("m1"), now: 1)
        try engine.setUser("bob", now: 2)
        let changed = try engine.messages.explain(messageId: "m1", now: 3)
        #expect(changed.reason.code == "user_changed" && changed.reason["user_id"] == .string("ada"), "\(changed.json)")
        inbox.hand(push("m2", sentAt: 2_000), now: 4)
        try engine.setUser(nil, now: 5)
        let loggedOut = try engine.messages.explain(messageId: "m2", now: 5)
        #expect(loggedOut.reason.code == "logout" && loggedOut.reason["user_id"] == .string("bob"), "\(loggedOut.json)")
        inbox.hand(push("m3", sentAt: 3_000, userId: "cy"), now: 6)
        try engine.onTimeout(now: 6)
        let other = try engine.messages.explain(messageId: "m3", now: 6)
        #expect(other.reason.code == "other_user" && other.reason["user_id"] == .string("cy"))
        #expect(other.facts["addressed_to"] == .string("cy"))
        inbox.hand(push("m4", sentAt: 4_000), now: 7)
        try engine.onTimeout(now: 7)
        try engine.setConsent(false, now: 8)
        #expect(try code(engine, "m4") == "consent")
    }

    @Test("XC-11 IM-01 XC-09 refused at hand-in: needs_newer_engine and malformed, named by the id the push carried")
    func refused() throws {
        let host = MessageHost()
        let (engine, inbox) = try makeMessageEngine(host)
        let future = notification(#"{"id":"future","sent_at":1,"min_engine_version":"99.0.0","content":{"title":{"text":"x"}}}"#)
        #expect(inbox.hand(future, now: 5) == .needsNewerEngine)
        let broken = notification(#"{"id":"broken","sent_at":1,"content":{"title":{"text":""}}}"#)
        #expect(inbox.hand(broken, now: 6) == .malformed)
        // Before the owner thread's next call, explain reads the inbox.
        let early = try engine.messages.explain(messageId: "future", now: 7)
        #expect(early.reason.code == "needs_newer_engine" && early.state == "refused" && early.reason["at_ms"] == .integer(5))
        try engine.onTimeout(now: 8)
        #expect(try code(engine, "future", now: 8) == "needs_newer_engine")
        let malformed = try engine.messages.explain(messageId: "broken", now: 8)
        #expect(malformed.reason.code == "malformed" && malformed.reason.detail.contains("text"), "\(malformed.json)")
    }

    @Test("XC-11 IM-05 content_failed; the memory of outcomes keeps the last 128 ids")
    func contentFailedAndTheBound() throws {
        let engine = try referencedMessage(MessageHost())
        let request = try #require(try engine.pollRequest())
        try engine.completeRequest(request.id, response: HTTPResponse(status: 404), now: 20)
        #expect(try code(engine, "msg-order-8841") == "content_failed")
        var outcomes = MessageOutcomes()
        for i in 0...MessageOutcomes.capacity {
            outcomes.note(.init(id: "m\(i)", ending: .discarded(.expired), at: Milliseconds(i), message: nil, arrivedAt: nil))
        }
        #expect(outcomes.outcomes.count == MessageOutcomes.capacity)
        #expect(outcomes.last("m0") == nil && outcomes.last("m\(MessageOutcomes.capacity)") != nil)
    }

    @Test("XC-11 explaining a message checks its id and changes nothing")
    func reading() throws {
        let host = MessageHost()
        let (engine, inbox) = try makeMessageEngine(host)
        #expect(throws: FramesError.self) { try engine.messages.explain(messageId: "", now: 0) }
        inbox.hand(push("m1"), now: 1)
        _ = try engine.messages.explain(messageId: "m1", now: 100)
        #expect(engine.core.lastNow == nil && host.take().isEmpty && engine.nextDeadline == 1)
    }
}
