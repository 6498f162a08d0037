import Testing
@testable import FramesCore

@Suite("Modal messages: displayed, taps, the click chain, fonts (IM-05..IM-07)")
struct MessageInteractionTests {
    /// An engine with m1 on screen, not yet confirmed.
    private func presented(_ host: MessageHost, buttons: String? = nil) throws -> Engine {
        let (engine, inbox) = try makeMessageEngine(host)
        if let buttons { inbox.hand(push("m1", buttons: buttons), now: 0) } else { inbox.hand(push("m1"), now: 0) }
        try engine.onTimeout(now: 0)
        #expect(host.take() == ["present m1"])
        return engine
    }

    @Test("IM-05: displayed is recorded when the host confirms, once")
    func displayedOnce() throws {
        let host = MessageHost()
        let engine = try presented(host)
        #expect(!host.records.contains { $0.name == "messages.displayed" })
        try engine.messages.confirmDisplayed("m1", now: 10)
        try engine.messages.confirmDisplayed("m1", now: 11)
        #expect(host.take() == ["messages.displayed m1"])
        let record = try #require(host.records.first { $0.name == "messages.displayed" })
        #expect(record.module == "messages" && record.time == 10 && record.viewId == host.presented.first?.viewId)
    }

    @Test("IM-05: dismissed without a confirmation: not counted as displayed, and not shown again")
    func dismissedUnconfirmed() throws {
        let host = MessageHost()
        let (engine, inbox) = try makeMessageEngine(host)
        inbox.hand(push("m1"), now: 0)
        try engine.onTimeout(now: 0)
        try engine.messages.dismiss("m1", now: 5)
        inbox.hand(push("m1"), now: 6)
        try engine.onTimeout(now: 6)
        #expect(host.take() == ["present m1", "messages.dismiss m1 displayed=false closed_by=user",
                                "messages.discard m1 reason=already_shown"])
        #expect(!host.records.contains { $0.name == "messages.displayed" })
    }

    @Test("IM-05: reports about a message that is not on screen are refused and change nothing")
    func notOnScreen() throws {
        let host = MessageHost()
        let engine = try presented(host)
        let wrong = thrownError { () throws(FramesError) in try engine.messages.confirmDisplayed("m2", now: 1) }
        #expect(wrong?.code == .notFound)
        #expect(wrong?.message == "message \"m2\" is not on screen (message \"m1\" is)")
        #expect(thrownError { () throws(FramesError) in try engine.messages.dismiss("", now: 1) }?.code == .invalidArgument)
        try engine.messages.dismiss("m1", now: 2)
        #expect(thrownError { () throws(FramesError) in try engine.messages.dismiss("m1", now: 3) }?.message
            == "message \"m1\" is not on screen (no message is)")
        #expect(host.take() == ["messages.dismiss m1 displayed=false closed_by=user"])
    }

    @Test("IM-06: a tap on a missing button is refused and the message stays")
    func tapChecks() throws {
        let host = MessageHost()
        let engine = try presented(host)
        try engine.messages.confirmDisplayed("m1", now: 2)
        #expect(thrownError { () throws(FramesError) in try engine.messages.tapButton("m1", index: 2, now: 3) }?.code == .outOfRange)
        #expect(thrownError { () throws(FramesError) in try engine.messages.tapButton("m1", index: -1, now: 3) }?.code == .outOfRange)
        #expect(engine.messages.onScreenMessageId == "m1")
        #expect(host.take() == ["messages.displayed m1"])
    }

    @Test("IM-05, IM-06: a tap before the confirmation counts: displayed once, the click, closed; the next message follows")
    func tapBeforeConfirmation() throws {
        let host = MessageHost()
        let (engine, inbox) = try makeMessageEngine(host)
        inbox.hand(push("m1"), now: 0)
        try engine.onTimeout(now: 0)
        inbox.hand(push("m2", sentAt: 2_000), now: 1)
        try engine.onTimeout(now: 1)
        _ = host.take()
        try engine.messages.tapButton("m1", index: 1, now: 2)
        #expect(host.take() == ["messages.displayed m1", "messages.click m1 button_index=1", "present m2"])
        #expect(engine.messages.onScreenMessageId == "m2")
        // A late confirmation of the closed message is refused; nothing is counted twice.
        #expect(thrownError { () throws(FramesError) in try engine.messages.confirmDisplayed("m1", now: 3) }?.code == .notFound)
        #expect(host.take().isEmpty)
    }

    @Test("IM-06: the click handler takes the link: nothing more; the click is recorded first and the message closes")
    func handlerTakesIt() throws {
        let host = MessageHost()
        host.clickAnswer = true
        host.canOpen = true
        let engine = try presented(host)
        try engine.messages.confirmDisplayed("m1", now: 1)
        try engine.messages.tapButton("m1", index: 0, now: 2)
        #expect(host.take() == ["messages.displayed m1", "messages.click m1 button_index=0 url=https://shop.test/x",
                                "click handler https://shop.test/x -> true"])
        #expect(engine.messages.onScreenMessageId == nil)
    }

    @Test("IM-06: handler false → asked whether it can open → opened; handler absent and cannot open → not opened")
    func canOpenChain() throws {
        let host = MessageHost()
        host.clickAnswer = false
        host.canOpen = true
        let engine = try presented(host)
        try engine.messages.confirmDisplayed("m1", now: 1)
        try engine.messages.tapButton("m1", index: 0, now: 2)
        #expect(host.take() == ["messages.displayed m1", "messages.click m1 button_index=0 url=https://shop.test/x",
                                "click handler https://shop.test/x -> false", "can open https://shop.test/x -> true",
                                "open https://shop.test/x"])

        let other = MessageHost()
        other.canOpen = false
        let second = try presented(other, buttons: #"[{"label":{"text":"Offers"},"url":"myapp://offers"}]"#)
        try second.messages.confirmDisplayed("m1", now: 1)
        try second.messages.tapButton("m1", index: 0, now: 2)
        #expect(other.take() == ["messages.displayed m1", "messages.click m1 button_index=0 url=myapp://offers",
                                 "can open myapp://offers -> false"])
    }

    @Test("IM-06: a button without a link records the click and closes; nothing else is asked")
    func noLink() throws {
        let host = MessageHost()
        host.clickAnswer = true
        let engine = try presented(host)
        try engine.messages.confirmDisplayed("m1", now: 1)
        try engine.messages.tapButton("m1", index: 1, now: 2)
        #expect(host.take() == ["messages.displayed m1", "messages.click m1 button_index=1"])
    }

    @Test("IM-07: fonts go through the resolver with the panel's name and size; no answer → system font")
    func fonts() throws {
        let host = MessageHost()
        host.fonts = ["Brand-Bold": 0xF0]
        let buttons = #"[{"label":{"text":"A","font":{"name":"Brand-Bold","size":22}}},{"label":{"text":"B","font":{"name":"Missing","size":17}}},{"label":{"text":"C"}}]"#
        let engine = try presented(host, buttons: buttons)
        _ = engine
        let message = try #require(host.presented.first)
        #expect(message.title?.font == .resolved(try #require(HostFont(token: 0xF0))))
        #expect(message.title?.fontName == "Brand-Bold" && message.title?.fontSize == 22)
        #expect(message.body?.font == .system && message.body?.fontName == nil)
        #expect(message.buttons[0].label.font == .resolved(try #require(HostFont(token: 0xF0))))
        #expect(message.buttons[1].label.font == .system && message.buttons[1].label.fontName == "Missing")
        #expect(message.buttons[2].label.font == .system)
        // Asked once per name and size; never for a text without a font name.
        #expect(host.fontQuestions == ["Brand-Bold 22.0", "Missing 17.0"])
    }

    @Test("IM-07: without a resolver every text uses the system font")
    func noResolver() throws {
        let host = MessageHost()
        let engine = try presented(host)
        _ = engine
        let message = try #require(host.presented.first)
        #expect(message.title?.font == .system)
        #expect(HostFont(token: 0) == nil)
    }

    @Test("IM-05: the presenter gets everything to draw: ids, texts, colours, image, buttons with links")
    func presentation() throws {
        let host = MessageHost()
        let (engine, inbox) = try makeMessageEngine(host)
        inbox.hand(WireFixtures.bytes("messages/spring_sale.json"), now: 77)
        try engine.onTimeout(now: 80)
        let m = try #require(host.presented.first)
        #expect(m.id == "msg-2024-05-01-spring" && m.campaignId == "spring_sale" && m.variantId == "A")
        #expect(m.sentAt == 1_714_550_400_000 && m.arrivedAt == 77 && m.viewId.hasPrefix("message-"))
        #expect(m.backgroundColor == MessageColor(rgba: 0xFFF8_E1FF))
        #expect(m.image?.url == "https://cdn.example.com/messages/spring.png")
        #expect(m.title?.text == "Spring sale: 30% off" && m.title?.color == MessageColor(rgba: 0x1B5E_20FF))
        #expect(m.buttons.map(\.url) == ["https://shop.example.com/spring", "shopandgo://offers", nil])
        #expect(m.buttons.map(\.label.text) == ["Shop now", "My offers", "Later"])
    }
}
