import Testing
@testable import FramesCore

/// A notification with `message` as its "frames_message" object.
func notification(_ message: String) -> [UInt8] {
    Array("{\"aps\":{\"content-available\":1},\"frames_message\":\(message)}".utf8)
}

/// A message object with the given content (JSON text).
func messageJSON(id: String = "m1", sentAt: Int64 = 1_000, content: String = #"{"title":{"text":"Hi"}}"#,
                 extra: String = "") -> String {
    "{\"id\":\(JSONText.quoted(id)),\"sent_at\":\(sentAt)\(extra),\"content\":\(content)}"
}

/// Why `payload` is refused; every case also holds `check` (what the
/// notifying thread runs) to the same verdict and words (IM-01).
private func refusal(_ payload: [UInt8], allowInsecureHTTP: Bool = false) -> NotificationRefusal? {
    let checked = ModalMessage.check(payload, allowInsecureHTTP: allowInsecureHTTP)
    if case .failure(let refusal) = ModalMessage.read(payload, allowInsecureHTTP: allowInsecureHTTP) {
        #expect(checked == refusal, "check said \(checked?.message ?? "nothing"), read said \(refusal.message)")
        return refusal
    }
    #expect(checked == nil, "check refused what read accepts: \(checked?.message ?? "")")
    return nil
}

private func message(_ payload: [UInt8]) -> ModalMessage? {
    try? ModalMessage.read(payload).get()
}

private func content(_ payload: [UInt8]) -> MessageContent? {
    guard case .inline(let content)? = message(payload)?.source else { return nil }
    return content
}

@Suite("Modal message payloads (IM-01, IM-05..IM-07, XC-07, XC-09)")
struct MessagePayloadTests {
    @Test("IM-01: the fixture push is read whole: ids, sent time, texts, colours, fonts, image, buttons")
    func fixture() throws {
        let read = ModalMessage.read(WireFixtures.bytes("messages/spring_sale.json"))
        let m = try read.get()
        #expect(m.id == "msg-2024-05-01-spring")
        #expect(m.sentAt == 1_714_550_400_000)
        #expect(m.campaignId == "spring_sale" && m.variantId == "A" && m.userId == nil)
        guard case .inline(let c) = m.source else {
            Issue.record("expected inline content")
            return
        }
        #expect(c.backgroundColor == MessageColor(rgba: 0xFFF8_E1FF))
        #expect(c.image == MessageImage(url: "https://cdn.example.com/messages/spring.png", alt: "Flowers in a basket"))
        #expect(c.title == MessageText(text: "Spring sale: 30% off", color: MessageColor(rgba: 0x1B5E_20FF),
                                       font: MessageFontSpec(name: "Montserrat-Bold", size: 22)))
        #expect(c.body?.font == MessageFontSpec(name: "Montserrat-Regular", size: 15))
        #expect(c.body?.color == .defaultBody)
        #expect(c.buttons.count == 3)
        #expect(c.buttons[0].url == "https://shop.example.com/spring")
        #expect(c.buttons[1].url == "shopandgo://offers")  // a custom scheme is a link too (IM-06)
        #expect(c.buttons[1].backgroundColor == MessageColor(rgba: 0xFFFF_FF00))
        #expect(c.buttons[2].url == nil)
        #expect(c.buttons[2].label.font == MessageFontSpec(name: nil, size: MessageFontSpec.defaultButtonSize))
    }

    @Test("IM-01: an FCM data message carries the message as a JSON string")
    func stringValue() throws {
        let m = try ModalMessage.read(WireFixtures.bytes("messages/fcm_string_value.json")).get()
        #expect(m.id == "msg-fcm-7")
        guard case .inline(let c) = m.source else {
            Issue.record("expected inline content")
            return
        }
        #expect(c.title?.text == "Hello from FCM")
    }

    @Test("IM-05: a content reference is read with AF-14's rules (https origin, SHA-256)")
    func contentReference() throws {
        let m = try ModalMessage.read(WireFixtures.bytes("messages/content_ref.json")).get()
        #expect(m.userId == "user-42")
        let document = WireFixtures.bytes("messages/message_content.json")
        #expect(m.source == .reference(ContentReference(url: "https://cdn.example.com/messages/order-8841.json",
                                                        sha256: SHA256.hash(document).hex)))
        let content = try MessageContent.decode(document)
        #expect(content.title?.font == MessageFontSpec(name: "Inter-SemiBold", size: 20))
        #expect(content.buttons.first?.url == "shopandgo://orders/8841")

        let http = notification(#"{"id":"m","sent_at":1,"content_ref":{"url":"http://cdn.test/m.json","sha256":"\#(String(repeating: "a", count: 64))"}}"#)
        #expect(refusal(http)?.result == .malformed)
        #expect(refusal(http)?.message.contains("https") == true)
        #expect(message(http) == nil)
        #expect((try? ModalMessage.read(http, allowInsecureHTTP: true).get()) != nil)
        let shortSHA = notification(#"{"id":"m","sent_at":1,"content_ref":{"url":"https://cdn.test/m.json","sha256":"abc"}}"#)
        #expect(refusal(shortSHA)?.message.contains("sha256") == true)
    }

    @Test("IM-01: other pushes are not in-app messages, with a reason; that is no error")
    func notAMessage() {
        let r = refusal(WireFixtures.bytes("messages/not_a_message.json"))
        #expect(r?.result == .notAMessage)
        #expect(r?.message.contains("frames_message") == true)
        #expect(refusal(Array("[1,2]".utf8))?.result == .notAMessage)
        #expect(refusal(Array("\"text\"".utf8))?.result == .notAMessage)
    }

    @Test("IM-01: a push that does not claim to be a message is not one, whatever its bytes: empty, not JSON, bad UTF-8, huge")
    func notJSONIsNotAMessage() {
        let others: [(String, [UInt8])] = [
            ("empty", []),
            ("whitespace", Array("   ".utf8)),
            ("plain text", Array("hello".utf8)),
            ("broken JSON", Array(#"{"aps":{"alert":"hi""#.utf8)),
            ("invalid UTF-8", [0x7B, 0x22, 0xC3, 0x28, 0x22, 0x3A, 0x31, 0x7D]),
            ("a protocol buffer", [0x0A, 0x05, 0x68, 0x65, 0x6C, 0x6C, 0x6F, 0x10, 0x01]),
            ("huge", Array(#"{"data":""#.utf8) + Array(repeating: UInt8(ascii: "x"), count: 40_000) + Array("\"}".utf8)),
        ]
        for (name, bytes) in others {
            let r = refusal(bytes)
            #expect(r?.result == .notAMessage, "\(name): \(String(describing: r))")
            #expect(r?.message.contains("not an in-app message") == true, "\(name)")
        }
    }

    @Test("IM-01: bytes that name \"frames_message\" but are not a readable JSON object are a broken message")
    func brokenClaimIsMalformed() {
        let claims: [(String, [UInt8], NotificationResult)] = [
            ("truncated", Array(#"{"frames_message":{"id":"m","sent_at":1"#.utf8), .malformed),
            ("trailing garbage", Array(#"{"frames_message":{"id":"m","sent_at":1,"content":{"title":{"text":"x"}}}} }"#.utf8), .malformed),
            ("bad UTF-8 after the key", Array(#"{"frames_message":{"id":""#.utf8) + [0xFF, 0x22, 0x7D, 0x7D], .malformed),
            ("huge", Array(#"{"frames_message":"#.utf8) + Array(repeating: UInt8(ascii: " "), count: 20_000) + Array("{}}".utf8),
             .tooLarge),
        ]
        for (name, bytes, result) in claims {
            #expect(refusal(bytes)?.result == result, "\(name)")
        }
    }

    @Test("IM-01, XC-07: broken JSON and unusable messages are malformed, with what was wrong")
    func malformed() {
        let cases: [(String, String)] = [
            (#"{"frames_message":"#, "JSON"),
            (#"{"frames_message":42}"#, "object or a string"),
            (#"{"frames_message":"[1]"}"#, "must hold a JSON object"),
            (#"{"frames_message":"{not json"}"#, "frames_message (a string)"),
            (#"{"frames_message":{"sent_at":1,"content":{"title":{"text":"x"}}}}"#, "\"id\" is missing"),
            (#"{"frames_message":{"id":"","sent_at":1,"content":{"title":{"text":"x"}}}}"#, "\"id\""),
            (#"{"frames_message":{"id":"m","content":{"title":{"text":"x"}}}}"#, "sent_at"),
            (#"{"frames_message":{"id":"m","sent_at":-1,"content":{"title":{"text":"x"}}}}"#, "sent_at"),
            (#"{"frames_message":{"id":"m","sent_at":1.5,"content":{"title":{"text":"x"}}}}"#, "sent_at"),
            (#"{"frames_message":{"id":"m","sent_at":1}}"#, "neither"),
            (#"{"frames_message":{"id":"m","sent_at":1,"content":{"title":{"text":"x"}},"content_ref":{}}}"#, "both"),
            (#"{"frames_message":{"id":"m","sent_at":1,"content":{}}}"#, "no \"title\""),
            (#"{"frames_message":{"id":"m","sent_at":1,"content":{"title":"x"}}}"#, "\"title\" must be an object"),
            (#"{"frames_message":{"id":"m","sent_at":1,"content":{"title":{"text":""}}}}"#, "\"text\""),
            (#"{"frames_message":{"id":"m","sent_at":1,"content":{"title":{"text":"x","color":"red"}}}}"#, "colour"),
            (##"{"frames_message":{"id":"m","sent_at":1,"content":{"title":{"text":"x","color":"#12345"}}}}"##, "colour"),
            (#"{"frames_message":{"id":"m","sent_at":1,"content":{"title":{"text":"x","font":{"size":0}}}}}"#, "size"),
            (#"{"frames_message":{"id":"m","sent_at":1,"content":{"title":{"text":"x","font":{"size":"big"}}}}}"#, "size"),
            (#"{"frames_message":{"id":"m","sent_at":1,"content":{"title":{"text":"x"},"buttons":{}}}}"#, "array"),
            (#"{"frames_message":{"id":"m","sent_at":1,"content":{"title":{"text":"x"},"buttons":[{}]}}}"#, "label"),
            (#"{"frames_message":{"id":"m","sent_at":1,"content":{"image":{"url":"ftp://x/y.png"}}}}"#, "image"),
            (#"{"frames_message":{"id":"m","sent_at":1,"min_engine_version":"1.x","content":{"title":{"text":"x"}}}}"#, "min_engine_version"),
        ]
        for (payload, mentions) in cases {
            let r = refusal(Array(payload.utf8))
            #expect(r?.result == .malformed, "\(payload)")
            #expect(r?.message.contains(mentions) == true, "\(payload): \(r?.message ?? "accepted")")
        }
        let bad = refusal(WireFixtures.bytes("messages/malformed_button_url.json"))
        #expect(bad?.result == .malformed)
        #expect(bad?.message == "frames_message.content.buttons[0]: \"url\" must be a URI with a scheme (https://..., myapp://...)")
        #expect(bad?.error.code == .invalidArgument)
    }

    @Test("XC-09: a message for a newer engine is not handled, with the version it needs")
    func newerEngine() {
        let r = refusal(WireFixtures.bytes("messages/needs_newer_engine.json"))
        #expect(r?.result == .needsNewerEngine)
        #expect(r?.message.contains("9.0.0") == true)
        #expect(r?.error.code == .version)
        #expect(message(notification(messageJSON(extra: #","min_engine_version":"0.2.0""#))) != nil)
    }

    @Test("XC-07: the notification's size at cap-1, cap, cap+1")
    func notificationBytes() {
        let base = notification(messageJSON())
        func padded(to size: Int) -> [UInt8] {
            // Whitespace after the object keeps the JSON valid at any length.
            base + Array(repeating: UInt8(ascii: " "), count: size - base.count)
        }
        let cap = MessageLimits.notificationBytes
        #expect(message(padded(to: cap - 1)) != nil)
        #expect(message(padded(to: cap)) != nil)
        let over = refusal(padded(to: cap + 1))
        #expect(over?.result == .tooLarge)
        #expect(over?.message == "the notification is 16385 bytes; the limit is 16384 bytes")
    }

    @Test("XC-07: ids, texts, URLs, font names, font sizes and buttons at their caps")
    func fieldCaps() {
        func id(_ n: Int) -> [UInt8] { notification(messageJSON(id: String(repeating: "i", count: n))) }
        #expect(message(id(MessageLimits.idBytes - 1)) != nil)
        #expect(message(id(MessageLimits.idBytes)) != nil)
        #expect(refusal(id(MessageLimits.idBytes + 1))?.result == .malformed)

        func title(_ n: Int) -> [UInt8] {
            notification(messageJSON(content: "{\"title\":{\"text\":\"\(String(repeating: "t", count: n))\"}}"))
        }
        #expect(content(title(MessageLimits.textBytes - 1)) != nil)
        #expect(content(title(MessageLimits.textBytes))?.title?.text.utf8.count == MessageLimits.textBytes)
        #expect(refusal(title(MessageLimits.textBytes + 1))?.message.contains("1...4096 bytes") == true)

        func link(_ n: Int) -> [UInt8] {
            let url = "https://x.test/" + String(repeating: "u", count: n - 15)
            return notification(messageJSON(content: "{\"title\":{\"text\":\"t\"},\"buttons\":[{\"label\":{\"text\":\"b\"},\"url\":\"\(url)\"}]}"))
        }
        #expect(content(link(MessageLimits.urlBytes - 1)) != nil)
        #expect(content(link(MessageLimits.urlBytes))?.buttons.first?.url?.utf8.count == MessageLimits.urlBytes)
        #expect(refusal(link(MessageLimits.urlBytes + 1))?.message.contains("1...2048 bytes") == true)

        func fontName(_ n: Int) -> [UInt8] {
            notification(messageJSON(content: "{\"title\":{\"text\":\"t\",\"font\":{\"name\":\"\(String(repeating: "f", count: n))\"}}}"))
        }
        #expect(content(fontName(MessageLimits.fontNameBytes - 1)) != nil)
        #expect(content(fontName(MessageLimits.fontNameBytes)) != nil)
        #expect(refusal(fontName(MessageLimits.fontNameBytes + 1))?.result == .malformed)

        func size(_ points: String) -> [UInt8] {
            notification(messageJSON(content: "{\"title\":{\"text\":\"t\",\"font\":{\"size\":\(points)}}}"))
        }
        #expect(content(size("199"))?.title?.font.size == 199)
        #expect(content(size("200"))?.title?.font.size == 200)
        #expect(refusal(size("201"))?.result == .malformed)
        #expect(refusal(size("200.000001"))?.result == .malformed)
        #expect(content(size("1"))?.title?.font.size == 1)
        #expect(refusal(size("0.999"))?.result == .malformed)

        func buttons(_ n: Int) -> [UInt8] {
            let list = Array(repeating: #"{"label":{"text":"b"}}"#, count: n).joined(separator: ",")
            return notification(messageJSON(content: "{\"title\":{\"text\":\"t\"},\"buttons\":[\(list)]}"))
        }
        #expect(content(buttons(MessageLimits.maxButtons - 1))?.buttons.count == 3)
        #expect(content(buttons(MessageLimits.maxButtons))?.buttons.count == 4)
        #expect(refusal(buttons(MessageLimits.maxButtons + 1))?.message.contains("has 5 buttons; the limit is 4") == true)
    }

    @Test("XC-07: a fetched content document at 64 KiB, cap-1 cap cap+1")
    func contentBytes() {
        let base = Array(#"{"title":{"text":"t"}}"#.utf8)
        func padded(to size: Int) -> [UInt8] { base + Array(repeating: UInt8(ascii: "\n"), count: size - base.count) }
        #expect((try? MessageContent.decode(padded(to: MessageLimits.contentBytes - 1))) != nil)
        #expect((try? MessageContent.decode(padded(to: MessageLimits.contentBytes))) != nil)
        let error = thrownError { () throws(FramesError) in try MessageContent.decode(padded(to: MessageLimits.contentBytes + 1)) }
        #expect(error?.message.hasPrefix("message content: ") == true)
    }

    @Test("XC-07: ids are bytes: a decomposed é is another message id")
    func exactIds() throws {
        let composed = try ModalMessage.read(notification(messageJSON(id: "caf\u{E9}"))).get()
        let decomposed = try ModalMessage.read(notification(messageJSON(id: "cafe\u{301}"))).get()
        #expect(!composed.id.isExactly(decomposed.id))
    }

    @Test("XC-07: an id with a NUL character is malformed: the host could not name it back through C")
    func nulInIds() {
        for key in ["id", "campaign_id", "variant_id", "user_id"] {
            let extra = key == "id" ? "" : ",\"\(key)\":\"a\\u0000b\""
            let id = key == "id" ? "m\u{0}4" : "m1"
            let r = refusal(notification(messageJSON(id: id, extra: extra)))
            #expect(r?.result == .malformed, "\(key)")
            #expect(r?.message.contains("NUL") == true, "\(key): \(r?.message ?? "accepted")")
        }
    }

    @Test("IM-05: colours: #RRGGBB is opaque, #RRGGBBAA keeps its alpha, any case")
    func colours() {
        #expect(MessageColorText.parse("#a1B2c3") == MessageColor(rgba: 0xA1B2_C3FF))
        #expect(MessageColorText.parse("#A1B2C380") == MessageColor(rgba: 0xA1B2_C380))
        #expect(MessageColorText.parse("A1B2C3") == nil)
        #expect(MessageColorText.parse("#A1B2CG") == nil)
        #expect(MessageColor(rgba: 0x0000_00FF).description == "#000000FF")
    }
}
