// Decides: AF-14
/// The checks content must pass before it is rendered (AF-14): per-asset
/// size, SHA-256 integrity, and origin. Pure functions returning a failure
/// (nil = passed); the engine maps `failure.kind` to the frame error.
public enum ContentCheck {
    /// AF-14: an asset over 500 KB — 512,000 bytes — fails the download.
    public static let maxAssetBytes: Int64 = 512_000

    /// AF-14 size rule: nil when `size` (reported or received) is at most 512,000 bytes.
    public static func assetSize(_ size: Int64, url: String) -> ContentCheckFailure? {
        size > maxAssetBytes ? .assetTooLarge(url: url, size: size) : nil
    }

    /// AF-14 integrity rule: nil when SHA-256(body) equals `expectedSHA256`
    /// (64 hex digits, any case).
    public static func integrity(of body: [UInt8], expectedSHA256: String, url: String) -> ContentCheckFailure? {
        let digest = SHA256.hash(body)
        if matches(digest.bytes, hex: expectedSHA256) { return nil }
        let expected = normalizedSHA256Hex(expectedSHA256) ?? expectedSHA256
        return .checksumMismatch(url: url, expected: expected, actual: digest.hex)
    }

    /// The digest against 64 hex digits of any case, without building text:
    /// this runs once per downloaded asset and banner. Eight digits at a
    /// time: four digest bytes are spread into their eight lowercase digits
    /// in one word, the text's word has A-F lowered, and the differences are
    /// OR-ed together (`HexWord`).
    static func matches(_ digest: [UInt8], hex: String) -> Bool {
        let text = hex.utf8.span
        let bytes = digest.span
        guard bytes.count % 4 == 0, text.count == 2 * bytes.count else { return false }
        let textBytes = text.bytes
        let digestBytes = bytes.bytes
        var difference: UInt64 = 0
        var offset = 0
        while offset < bytes.count {
            let four = UInt32(littleEndian: digestBytes.unsafeLoadUnaligned(fromByteOffset: offset, as: UInt32.self))
            let eight = UInt64(littleEndian: textBytes.unsafeLoadUnaligned(fromByteOffset: 2 * offset, as: UInt64.self))
            difference |= HexWord.lowercased(eight) ^ HexWord.digits(four)
            offset += 4
        }
        return difference == 0
    }

    /// A downloaded asset: size first (a download failure), then its SHA-256.
    public static func downloadedAsset(_ asset: ContentAsset, body: [UInt8]) -> ContentCheckFailure? {
        if let tooLarge = assetSize(max(asset.size, Int64(body.count)), url: asset.url) { return tooLarge }
        return integrity(of: body, expectedSHA256: asset.sha256, url: asset.url)
    }

    /// AF-14 origin rule: the URL must be absolute `https://host...`; plain
    /// `http://` passes only with `allowInsecureHTTP` (loopback tests). No
    /// whitespace or control characters, a non-empty host, no user info.
    /// Runs on the URL's bytes in place: it checks every banner and asset.
    public static func origin(of url: String, allowInsecureHTTP: Bool = false) -> ContentCheckFailure? {
        var text = url
        let reason = text.withUTF8 { originProblem($0, allowInsecureHTTP: allowInsecureHTTP) }
        return reason.map { .untrustedOrigin(url: url, reason: $0) }
    }

    /// Why `bytes` is not a trusted origin, or nil.
    private static func originProblem(_ bytes: UnsafeBufferPointer<UInt8>, allowInsecureHTTP: Bool) -> String? {
        guard let colon = bytes.firstIndex(of: UInt8(ascii: ":")) else { return "not an absolute URL" }
        let scheme = bytes[..<colon]
        if isScheme(scheme, "https") {
            // trusted scheme
        } else if isScheme(scheme, "http") {
            guard allowInsecureHTTP else { return "plain http is not allowed (https required)" }
        } else {
            return "scheme \"\(String(decoding: scheme, as: UTF8.self).asciiLowercased)\" is not https"
        }
        guard bytes.count >= colon + 3, bytes[colon + 1] == UInt8(ascii: "/"), bytes[colon + 2] == UInt8(ascii: "/") else {
            return "missing \"//\" after the scheme"
        }
        for b in bytes where b <= 0x20 || b == 0x7F {
            return "contains whitespace or a control character"
        }
        let rest = bytes[(colon + 3)...]
        let authority = rest.prefix { $0 != UInt8(ascii: "/") && $0 != UInt8(ascii: "?") && $0 != UInt8(ascii: "#") }
        guard !authority.isEmpty, authority.first != UInt8(ascii: ":") else { return "empty host" }
        guard !authority.contains(UInt8(ascii: "@")) else { return "user info in the URL" }
        return nil
    }

    /// `scheme` is `lowercase` (letters only) in any case: what lowercasing
    /// the scheme's text and comparing gave, since no other character
    /// lowercases to an ASCII letter of "http" or "https".
    private static func isScheme(_ scheme: Slice<UnsafeBufferPointer<UInt8>>, _ lowercase: StaticString) -> Bool {
        guard scheme.count == lowercase.utf8CodeUnitCount else { return false }
        var i = scheme.startIndex
        for letter in UnsafeBufferPointer(start: lowercase.utf8Start, count: lowercase.utf8CodeUnitCount) {
            guard scheme[i] | 0x20 == letter else { return false }
            i += 1
        }
        return true
    }

    /// True if `text` starts with a URI scheme (`ALPHA *(ALPHA / DIGIT / + / - / .) ":"`) followed by something.
    public static func hasURIScheme(_ text: String) -> Bool {
        // The bytes in place: every action's deep link is checked.
        let bytes = text.utf8.span
        guard !bytes.isEmpty, (bytes[0] | 0x20) >= UInt8(ascii: "a"), (bytes[0] | 0x20) <= UInt8(ascii: "z") else {
            return false
        }
        var colon = 0
        while colon < bytes.count, bytes[colon] != UInt8(ascii: ":") { colon += 1 }
        guard colon + 1 < bytes.count else { return false }
        for i in 0..<colon {
            let b = bytes[i]
            let lower = b | 0x20
            let ok = (lower >= UInt8(ascii: "a") && lower <= UInt8(ascii: "z")) || (b >= UInt8(ascii: "0") && b <= UInt8(ascii: "9"))
                || b == UInt8(ascii: "+") || b == UInt8(ascii: "-") || b == UInt8(ascii: ".")
            if !ok { return false }
        }
        return true
    }
}

/// Why content failed its checks (AF-14), and which frame error it means.
public enum ContentCheckFailure: Sendable, Equatable, CustomStringConvertible {
    case assetTooLarge(url: String, size: Int64)
    case checksumMismatch(url: String, expected: String, actual: String)
    case untrustedOrigin(url: String, reason: String)

    /// AF-10 error kind the failure maps to.
    public enum Kind: Sendable, Equatable {
        /// `errorDownloading` / `downloadingFailed`.
        case downloadingFailed
        /// `errorDownloading` / `placementUntrusted`.
        case placementUntrusted
    }

    public var kind: Kind {
        switch self {
        case .assetTooLarge: return .downloadingFailed
        case .checksumMismatch, .untrustedOrigin: return .placementUntrusted
        }
    }

    public var description: String {
        switch self {
        case .assetTooLarge(let url, let size):
            return "asset \(url) is \(size) bytes, over the limit of \(ContentCheck.maxAssetBytes) bytes"
        case .checksumMismatch(let url, let expected, let actual):
            return "SHA-256 of \(url) is \(actual), expected \(expected)"
        case .untrustedOrigin(let url, let reason):
            return "untrusted origin \(url): \(reason)"
        }
    }
}
