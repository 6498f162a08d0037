import Testing
@testable import FramesCore

/// The bridge envelope (docs/wire-format.md §8): schema per method, limits
/// at cap - 1, cap, cap + 1, and replies.
@Suite("Bridge messages (IL-08)")
struct BridgeMessageTests {
    func decode(_ text: String) -> Result<BridgeMessage, BridgeMessage.Failure> {
        do throws(BridgeMessage.Failure) { return .success(try BridgeMessage.decode(Array(text.utf8))) } catch { return .failure(error) }
    }

    func call(_ text: String) -> BridgeMessage.Call? {
        if case .success(let m) = decode(text) { return m.call }
        return nil
    }

    func failure(_ text: String) -> BridgeMessage.Failure? {
        if case .failure(let f) = decode(text) { return f }
        return nil
    }

    @Test("IL-08 every method decodes with its arguments; the fixtures decode")
    func methods() {
        #expect(call(#"{"v":1,"method":"ready"}"#) == .ready)
        #expect(call(#"{"v":1,"id":2,"method":"getComponentSize","args":{}}"#) == .getComponentSize)
        #expect(call(WireFixtures.text("inline/bridge_set_component_size.json")) == .setComponentSize(width: 343, height: 180))
        #expect(call(#"{"v":1,"method":"close"}"#) == .close)
        if case .closeAndTrigger(let action, let params, let label)? =
            call(#"{"v":1,"method":"closeAndTrigger","args":{"action":"tap","params":{"a":1},"label":"L"}}"#) {
            #expect(action == "tap" && params["a"] == .integer(1) && label == "L")
        } else { Issue.record("closeAndTrigger") }
        #expect(call(#"{"v":1,"method":"openUrl","args":{"url":"https://x.test"}}"#) == .openURL("https://x.test"))
        #expect(call(#"{"v":1,"method":"openDeeplink","args":{"url":"app://x"}}"#) == .openDeepLink("app://x"))
        #expect(call(#"{"v":1,"method":"handleCustomAction","args":{"name":"n"}}"#) == .customAction(name: "n", params: JSONObject()))
        let m = decode(WireFixtures.text("inline/bridge_custom_method.json"))
        if case .success(let message) = m, case .customMethod(let name, let params) = message.call {
            #expect(message.id == 7 && name == "getCoupon" && params["cart"] == .string("c-42"))
        } else { Issue.record("customMethod fixture") }
    }

    @Test("IL-08 malformed messages are refused with a clear message; the id travels when readable")
    func refused() {
        let cases: [(String, String, Int64?)] = [
            ("", "empty document", nil),
            ("[1]", "expected an object", nil),
            (#"{"v":1,"id":-1,"method":"close"}"#, "\"id\"", nil),
            (#"{"v":1,"id":1.5,"method":"close"}"#, "\"id\"", nil),
            (#"{"id":4,"method":"close"}"#, "\"v\"", 4),
            (#"{"v":2,"id":4,"method":"close"}"#, "version 2", 4),
            (#"{"v":1,"id":4}"#, "\"method\"", 4),
            (#"{"v":1,"id":4,"method":"explode"}"#, "unknown method \"explode\"", 4),
            (#"{"v":1,"id":4,"method":"close","extra":1}"#, "unknown member \"extra\"", 4),
            (#"{"v":1,"id":4,"method":"close","args":[]}"#, "must be an object", 4),
            (#"{"v":1,"id":4,"method":"close","args":{"now":true}}"#, "takes no arguments", 4),
            (#"{"v":1,"id":4,"method":"setComponentSize","args":{"width":0,"height":1}}"#, "\"width\"", 4),
            (#"{"v":1,"id":4,"method":"setComponentSize","args":{"width":-3,"height":1}}"#, "\"width\"", 4),
            (#"{"v":1,"id":4,"method":"setComponentSize","args":{"width":1}}"#, "\"height\"", 4),
            (#"{"v":1,"id":4,"method":"setComponentSize","args":{"width":1,"height":"2"}}"#, "\"height\"", 4),
            (#"{"v":1,"id":4,"method":"setComponentSize","args":{"width":1,"height":2,"depth":3}}"#, "unknown argument \"depth\"", 4),
            (#"{"v":1,"id":4,"method":"openUrl","args":{}}"#, "\"url\"", 4),
            (#"{"v":1,"id":4,"method":"customMethod","args":{"name":"","params":{}}}"#, "\"name\"", 4),
            (#"{"v":1,"id":4,"method":"customMethod","args":{"name":"n","params":[1]}}"#, "\"params\"", 4),
            (#"{"v":1,"id":4,"method":"closeAndTrigger","args":{"params":{}}}"#, "\"action\"", 4),
        ]
        for (text, fragment, id) in cases {
            guard let f = failure(text) else { Issue.record("accepted: \(text)"); continue }
            #expect(f.error.message.hasPrefix("bridge message: "), "\(text) -> \(f.error.message)")
            #expect(f.error.message.contains(fragment), "\(text) -> \(f.error.message)")
            #expect(f.id == id, "\(text): id \(String(describing: f.id))")
        }
        #expect(failure(#"{"v":2,"method":"close"}"#)?.error.code == .version)
        // Not UTF-8.
        #expect((try? BridgeMessage.decode([0x7B, 0xFF, 0x7D])) == nil)
    }

    @Test("IL-08 limits at cap - 1, cap, cap + 1: bytes, call id, sizes, URL and name bytes")
    func limits() {
        let cap = BridgeMessage.maxBytes
        let base = Array(#"{"v":1,"method":"close"}"#.utf8)
        for (n, ok) in [(cap - 1, true), (cap, true), (cap + 1, false)] {
            let padded = base + Array(repeating: UInt8(ascii: " "), count: n - base.count)
            #expect(((try? BridgeMessage.decode(padded)) != nil) == ok, "\(n) bytes")
        }
        let idCap = BridgeMessage.maxCallId
        for (id, ok) in [(idCap - 1, true), (idCap, true), (idCap + 1, false)] {
            #expect((call(#"{"v":1,"id":\#(id),"method":"close"}"#) != nil) == ok, "id \(id)")
        }
        for (w, ok) in [(99_999.0, true), (100_000.0, true), (100_001.0, false)] {
            #expect((call(#"{"v":1,"method":"setComponentSize","args":{"width":\#(w),"height":1}}"#) != nil) == ok, "width \(w)")
        }
        let urlCap = BridgeMessage.maxURLBytes
        for (n, ok) in [(urlCap - 1, true), (urlCap, true), (urlCap + 1, false)] {
            let url = "https://x.test/" + String(repeating: "a", count: n - 15)
            #expect((call(#"{"v":1,"method":"openUrl","args":{"url":"\#(url)"}}"#) != nil) == ok, "url of \(n) bytes")
        }
        let nameCap = BridgeMessage.maxNameBytes
        for (n, ok) in [(nameCap - 1, true), (nameCap, true), (nameCap + 1, false)] {
            let name = String(repeating: "m", count: n)
            #expect((call(#"{"v":1,"id":1,"method":"customMethod","args":{"name":"\#(name)"}}"#) != nil) == ok, "name of \(n) bytes")
        }
    }

    @Test("IL-08 replies: the fixtures are what the engine writes")
    func replies() {
        #expect(BridgeReply.success(id: 7, result: #"{"code":"SPRING24"}"#) == WireFixtures.text("inline/reply_custom_method.json").trimmingNewlines)
        #expect(BridgeReply.failure(id: 3, code: "refused",
                                    message: #"URL "javascript:alert(1)" refused: the scheme "javascript:" is always refused"#)
                == WireFixtures.text("inline/reply_refused.json").trimmingNewlines)
        #expect(BridgeReply.size(width: 343, height: 180.5) == #"{"width":343,"height":180.5}"#)
    }
}

extension String {
    var trimmingNewlines: String {
        var s = self
        while s.hasSuffix("\n") { s.removeLast() }
        return s
    }
}

@Suite("URL allow-list (IL-08)")
struct URLAllowListTests {
    @Test("IL-08 https by default, plus named schemes; javascript:, file:, data: always refused")
    func allowList() throws {
        let plain = try URLAllowList(extraSchemes: [])
        #expect(plain.refusal(of: "https://shop.test/a") == nil)
        #expect(plain.refusal(of: "HTTPS://shop.test/a") == nil)
        #expect(plain.refusal(of: "http://shop.test/a")?.contains("not allowed") == true)
        #expect(plain.refusal(of: "myapp://product/1")?.contains("not allowed") == true)
        for bad in ["javascript:alert(1)", "JavaScript:alert(1)", "file:///etc/passwd", "data:text/html,<b>x</b>"] {
            #expect(plain.refusal(of: bad)?.contains("always refused") == true, "\(bad)")
        }
        #expect(plain.refusal(of: "https://user@shop.test/") != nil)
        #expect(plain.refusal(of: "https:shop") != nil)
        #expect(plain.refusal(of: "https://shop.test/a b") != nil)
        #expect(plain.refusal(of: "no-scheme") != nil)
        let app = try URLAllowList(extraSchemes: ["MyApp", "mailto"])
        #expect(app.schemes == ["https", "myapp", "mailto"])
        #expect(app.refusal(of: "myapp://product/1") == nil)
        #expect(app.refusal(of: "mailto:help@shop.test") == nil)
        #expect(app.refusal(of: "javascript:alert(1)") != nil)
        for refused in ["javascript", "FILE", "data"] {
            #expect(inlineError { _ = try URLAllowList(extraSchemes: [refused]) }?.message.contains("always refused") == true)
        }
        #expect(inlineError { _ = try URLAllowList(extraSchemes: ["1abc"]) } != nil)
        #expect(inlineError { _ = try URLAllowList(extraSchemes: [""]) } != nil)
        #expect(inlineError { _ = try URLAllowList(extraSchemes: Array(repeating: "a", count: URLAllowList.maxSchemes + 1)) } != nil)
        #expect((try? URLAllowList(extraSchemes: Array(repeating: "a", count: URLAllowList.maxSchemes))) != nil)
    }
}
