/// Where a variant's content document lives and the SHA-256 it must have
/// (AF-14); also what identifies a download and a cache entry.
public struct ContentReference: Sendable, Hashable {
    public let url: String
    /// Lowercase hex, 64 characters.
    public let sha256: String

    public init(url: String, sha256: String) {
        self.url = url
        self.sha256 = sha256
    }

    /// The same bytes, not merely canonically equivalent text (XC-07).
    public static func == (a: ContentReference, b: ContentReference) -> Bool {
        a.url.isExactly(b.url) && a.sha256.isExactly(b.sha256)
    }

    public func hash(into hasher: inout Hasher) {
        hasher.combine(ExactKey(url))
        hasher.combine(ExactKey(sha256))
    }
}
