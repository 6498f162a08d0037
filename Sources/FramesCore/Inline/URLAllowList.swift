// Decides: IL-08
/// Which URLs and deep links inline content may have the host open (IL-08):
/// content is untrusted, so a URL passes only when its scheme is https or
/// one the host named. javascript:, file: and data: run code or read local
/// data inside the host's process and are refused always — naming them is a
/// configuration error.
public struct URLAllowList: Sendable, Equatable {
    /// Refused whatever the host configures.
    public static let alwaysRefused = ["javascript", "file", "data"]
    public static let maxSchemes = 32

    /// Lowercase schemes, https first.
    public let schemes: [String]

    public init(extraSchemes: [String]) throws(FramesError) {
        var schemes = ["https"]
        guard extraSchemes.count <= Self.maxSchemes else {
            throw .invalidArgument("inline_url_schemes names \(extraSchemes.count) schemes; at most \(Self.maxSchemes)")
        }
        for raw in extraSchemes {
            guard let scheme = Self.normalizedScheme(raw) else {
                throw .invalidArgument("inline_url_schemes: \"\(raw)\" is not a URL scheme "
                    + "(a letter, then letters, digits, +, - or .; at most 64 bytes)")
            }
            guard !Self.alwaysRefused.contains(scheme) else {
                throw .invalidArgument("inline_url_schemes: \"\(scheme):\" is always refused (javascript:, file: and "
                    + "data: run code or read local data); it cannot be allowed")
            }
            if !schemes.contains(scheme) { schemes.append(scheme) }
        }
        self.schemes = schemes
    }

    /// nil when `url` may be opened; else why not, in one sentence.
    public func refusal(of url: String) -> String? {
        let bytes = Array(url.utf8)
        for b in bytes where b <= 0x20 || b == 0x7F {
            return "it contains whitespace or a control character"
        }
        guard let colon = bytes.firstIndex(of: UInt8(ascii: ":")),
              let scheme = Self.normalizedScheme(String(decoding: bytes[..<colon], as: UTF8.self)) else {
            return "it has no scheme"
        }
        if Self.alwaysRefused.contains(scheme) { return "the scheme \"\(scheme):\" is always refused" }
        guard schemes.contains(scheme) else {
            return "the scheme \"\(scheme):\" is not allowed (allowed: \(schemes.map { $0 + ":" }.joined(separator: ", ")))"
        }
        guard colon + 1 < bytes.count else { return "nothing follows the scheme" }
        if scheme == "https" {
            guard bytes.count > colon + 3, bytes[colon + 1] == UInt8(ascii: "/"), bytes[colon + 2] == UInt8(ascii: "/") else {
                return "an https URL needs \"//\" and a host"
            }
            let rest = bytes[(colon + 3)...]
            let authority = rest.prefix { $0 != UInt8(ascii: "/") && $0 != UInt8(ascii: "?") && $0 != UInt8(ascii: "#") }
            guard !authority.isEmpty else { return "an https URL needs a host" }
            guard !authority.contains(UInt8(ascii: "@")) else { return "user info in a URL is refused" }
        }
        return nil
    }

    /// RFC 3986 scheme syntax, lowercased; nil if `text` is not one.
    static func normalizedScheme(_ text: String) -> String? {
        let bytes = Array(text.utf8)
        guard let first = bytes.first, bytes.count <= 64, isLetter(first) else { return nil }
        var out: [UInt8] = []
        for b in bytes {
            guard isLetter(b) || (b >= UInt8(ascii: "0") && b <= UInt8(ascii: "9"))
                    || b == UInt8(ascii: "+") || b == UInt8(ascii: "-") || b == UInt8(ascii: ".") else { return nil }
            out.append(b >= UInt8(ascii: "A") && b <= UInt8(ascii: "Z") ? b + 32 : b)
        }
        return String(decoding: out, as: UTF8.self)
    }

    private static func isLetter(_ b: UInt8) -> Bool {
        (b >= UInt8(ascii: "a") && b <= UInt8(ascii: "z")) || (b >= UInt8(ascii: "A") && b <= UInt8(ascii: "Z"))
    }
}
