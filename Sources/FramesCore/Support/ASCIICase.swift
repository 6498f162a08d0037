extension String {
    /// The text with A-Z lowered and every other byte as it is: for what is
    /// ASCII by definition (HTTP header names, URL schemes, hex digits, C
    /// identifiers). `lowercased()` applies Unicode's case mappings, whose
    /// tables would be most of the Unicode data the Embedded build links
    /// (docs/decisions.md, "Embedded Swift"), to text that never needs them.
    public var asciiLowercased: String {
        String(decoding: utf8.map { $0 >= 0x41 && $0 <= 0x5A ? $0 | 0x20 : $0 }, as: UTF8.self)
    }

    /// The text with a-z raised and every other byte as it is
    /// (`asciiLowercased`).
    public var asciiUppercased: String {
        String(decoding: utf8.map { $0 >= 0x61 && $0 <= 0x7A ? $0 & ~0x20 : $0 }, as: UTF8.self)
    }
}
