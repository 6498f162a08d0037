import Testing
@testable import FramesCore

/// The shortcuts of the notification check (IM-01) must decide exactly what
/// the slow way decides: the eight-bytes-at-a-time string and whitespace
/// scans of `JSONStreamReader` against a byte-by-byte reading, and the origin
/// rule on bytes against `ContentCheck.origin` (AF-14).
@Suite("Byte scans of the notification check (IM-01, AF-14, XC-07)")
struct ByteScanTests {
    /// Byte by byte: the closing quote of a plain run, or -1.
    static func slowRunEnd(_ bytes: [UInt8], from start: Int) -> Int {
        var i = start
        while i < bytes.count {
            let b = bytes[i]
            if b == UInt8(ascii: "\"") { return i }
            if b < 0x20 || b >= 0x80 || b == UInt8(ascii: "\\") { return -1 }
            i += 1
        }
        return -1
    }

    @Test("IM-01: the plain-run scan stops at the same byte as a byte-by-byte one, wherever it falls in a word")
    func plainRuns() {
        let stoppers: [UInt8] = [0x22, 0x5C, 0x00, 0x1F, 0x7F, 0x80, 0xC3, 0xFF, 0x20, 0x21, 0x23, 0x5B, 0x5D, 0x7E]
        for length in 0...40 {
            for stopper in stoppers {
                for start in 0...9 {
                    var bytes = [UInt8](repeating: UInt8(ascii: "a"), count: start + length)
                    bytes.append(stopper)
                    // Something after the stopper that would end the run too.
                    bytes += Array("\"x\\".utf8)
                    let fast = JSONStreamReader.plainRunEnd(bytes, from: start)
                    #expect(fast == Self.slowRunEnd(bytes, from: start), "length \(length) stopper \(stopper) start \(start)")
                }
            }
        }
        #expect(JSONStreamReader.plainRunEnd(Array("abcdefghijklmnop".utf8), from: 0) == -1)
        #expect(JSONStreamReader.plainRunEnd([], from: 0) == -1)
        #expect(JSONStreamReader.plainRunEnd(Array("ab\"".utf8), from: 5) == -1)
        #expect(JSONStreamReader.plainRunEnd(Array("ab\"".utf8), from: -1) == -1)
    }

    @Test("XC-07: whitespace of every kind and length is skipped to the same token")
    func whitespaceRuns() throws {
        let kinds: [String] = [" ", "\n", "\t", "\r", "\n  ", "\r\n        ", "  \t  "]
        for kind in kinds {
            for repeats in 0...20 {
                let space = String(repeating: kind, count: repeats)
                let text = "[" + space + "1" + space + "," + space + "{" + space + "\"k\"" + space + ":" + space + "\"v\""
                    + space + "}" + space + "]" + space
                var reader = JSONStreamReader(Array(text.utf8), limits: .notification)
                try reader.beginDocument()
                var array = try reader.beginArray()
                #expect(try reader.nextElement(&array))
                #expect(try reader.number() == .integer(1))
                #expect(try reader.nextElement(&array))
                var object = try reader.beginObject()
                let key = try #require(try reader.nextKey(&object))
                #expect(reader.is(key, "k"))
                #expect(try reader.string() == "v")
                #expect(try reader.nextKey(&object) == nil)
                #expect(try !reader.nextElement(&array))
                try reader.endDocument()
            }
        }
        // A form feed or vertical tab is not JSON whitespace, even amid spaces.
        for bad in ["[        \u{0C}1]", "[1\u{0B}        ]", "        \u{0C}"] {
            var reader = JSONStreamReader(Array(bad.utf8), limits: .notification)
            #expect(throws: FramesError.self) {
                try reader.beginDocument()
                try reader.skipValue()
                try reader.endDocument()
            }
        }
    }

    @Test("AF-14, IM-01: the origin rule on bytes never passes a URL ContentCheck.origin refuses, and passes the usual ones")
    func originOnBytes() {
        let urls = [
            "https://cdn.example.com/a.png", "HTTPS://cdn.example.com", "HtTpS://h", "http://127.0.0.1:8080/x",
            "https://", "https:///path", "https://:443/x", "https://user@host/x", "https://host/a@b", "https://host?q@x",
            "https://host#frag", "https:/host", "https:host", "https//host", "ftp://host", "file:///etc/passwd",
            "https://ho st/", "https://host/\u{7F}", "https://host/\t", "httpss://host", "http://host", "https://h/é",
            "https://\u{212A}", "ht\u{0130}ps://host", "https://host:8443/p?q=1#f", ":https://h", "h", "",
            "https://@host", "https://host/path/with:colon", "javascript:alert(1)", "myapp://offers",
        ]
        for url in urls {
            for allow in [false, true] {
                let bytes = Array(url.utf8)[...]
                let passes = ContentCheck.origin(of: url, allowInsecureHTTP: allow) == nil
                if MessageFieldReader.passesOrigin(bytes, allowInsecureHTTP: allow) {
                    #expect(passes, "\(url) allow \(allow)")
                }
            }
        }
        for url in ["https://cdn.example.com/messages/spring.png", "HTTPS://a.b/c?d#e", "https://h"] {
            #expect(MessageFieldReader.passesOrigin(Array(url.utf8)[...], allowInsecureHTTP: false))
        }
        #expect(MessageFieldReader.passesOrigin(Array("http://127.0.0.1:8080/c".utf8)[...], allowInsecureHTTP: true))
        #expect(!MessageFieldReader.passesOrigin(Array("http://127.0.0.1:8080/c".utf8)[...], allowInsecureHTTP: false))
    }

    @Test("IM-01: a notification with a bad image URL is refused in the same words by check and read")
    func checkKeepsTheWords() {
        for url in ["http://cdn.example.com/a.png", "https://user@cdn.example.com/a.png", "https:///a.png",
                    "ftp://cdn.example.com/a.png", "HTTPS://cdn.example.com/a.png"] {
            let payload = Array(("{\"frames_message\":{\"id\":\"m\",\"sent_at\":1,\"content\":{\"image\":{\"url\":\""
                + url + "\"}}}}").utf8)
            let checked = ModalMessage.check(payload)
            switch ModalMessage.read(payload) {
            case .success:
                #expect(checked == nil, "\(url)")
            case .failure(let refusal):
                #expect(checked?.result == refusal.result, "\(url)")
                #expect(checked?.error.message == refusal.error.message, "\(url)")
            }
        }
    }
}
