import Testing
@testable import FramesCore

/// The origin check as it was written on Strings and Arrays: the reference
/// the in-place check must agree with, reason for reason.
private func referenceOrigin(of url: String, allowInsecureHTTP: Bool) -> ContentCheckFailure? {
    let bytes = Array(url.utf8)
    func untrusted(_ reason: String) -> ContentCheckFailure { .untrustedOrigin(url: url, reason: reason) }
    guard let colon = bytes.firstIndex(of: UInt8(ascii: ":")) else { return untrusted("not an absolute URL") }
    let written = String(decoding: bytes[..<colon], as: UTF8.self)
    // The verdict by Unicode's case mapping (no other letter lowers to one
    // of "https"); the message quotes the scheme with only A-Z lowered.
    switch written.lowercased() {
    case "https": break
    case "http":
        guard allowInsecureHTTP else { return untrusted("plain http is not allowed (https required)") }
    default:
        return untrusted("scheme \"\(written.asciiLowercased)\" is not https")
    }
    guard bytes.count >= colon + 3, bytes[colon + 1] == UInt8(ascii: "/"), bytes[colon + 2] == UInt8(ascii: "/") else {
        return untrusted("missing \"//\" after the scheme")
    }
    for b in bytes where b <= 0x20 || b == 0x7F {
        return untrusted("contains whitespace or a control character")
    }
    let rest = bytes[(colon + 3)...]
    let authority = rest.prefix { $0 != UInt8(ascii: "/") && $0 != UInt8(ascii: "?") && $0 != UInt8(ascii: "#") }
    guard !authority.isEmpty, authority.first != UInt8(ascii: ":") else { return untrusted("empty host") }
    guard !authority.contains(UInt8(ascii: "@")) else { return untrusted("user info in the URL") }
    return nil
}

@Suite("Origin check on the URL's bytes in place (AF-14)")
struct OriginCheckTests {
    @Test("AF-14 same verdict and same reason as the String-based check, on odd schemes, cases and mutations")
    func agreement() {
        var urls = ["https://cdn.example.com/a.json", "HTTPS://cdn.example.com", "HtTp://x.test/", "http://127.0.0.1:8080/a",
                    "httpss://x.test", "htt://x.test", "Https:/x", "https:", "https:/", "https://", "https:///a",
                    "https://:443/a", "https://user:pw@x.test/", "https://x.test/a b", "https://x.test/\n", "ftp://x.test",
                    "FTP://X", "ÄTTPS://x.test", "hTTps\u{212A}://x", "h\u{0130}tps://x", "", ":", "x", "a:b", "https\u{7F}://x",
                    "https://x.test?q#f", "https://x.test#a@b", "https://@x", "data:text/html,hi", "javascript:alert(1)",
                    "\u{1F600}://x", "https\0://x", "https://x\0y"]
        var random = SplitMix64(seed: 5)
        let alphabet = Array("hHtTpPsS:/@?#. x\u{0}\u{7F}é1".utf8)
        for _ in 0..<3_000 {
            let length = Int(random.next() % 16)
            var bytes: [UInt8] = Array("https://".utf8.prefix(Int(random.next() % 9)))
            for _ in 0..<length { bytes.append(alphabet[Int(random.next() % UInt64(alphabet.count))]) }
            urls.append(String(decoding: bytes, as: UTF8.self))
        }
        for url in urls {
            for insecure in [false, true] {
                #expect(ContentCheck.origin(of: url, allowInsecureHTTP: insecure)
                        == referenceOrigin(of: url, allowInsecureHTTP: insecure), "\(url)")
            }
        }
    }
}
