/// Explicit bounds on every wire document the engine parses (XC-07). Anything over a limit is rejected with a `FramesError` whose
/// message names the limit, the actual value and the byte offset.
///
/// Defaults (see docs/wire-format.md):
///
/// | profile              | bytes     | depth | string bytes | elements |
/// |----------------------|-----------|-------|--------------|----------|
/// | `.placements`        | 1 MiB     | 32    | 64 KiB       | 10,000   |
/// | `.contentDocument`   | 512 KiB   | 32    | 256 KiB      | 10,000   |
/// | `.hostConfiguration` | 1 MiB     | 32    | 64 KiB       | 10,000   |
/// | `.bannerList`        | 4 MiB     | 32    | 64 KiB       | 10,000   |
public struct PayloadLimits: Sendable, Equatable {
    /// Hard ceiling on `maxDepth`, whatever a caller asks for: parsing
    /// recurses once per nesting level, so this bounds the stack use.
    public static let depthCeiling = 256

    /// Largest accepted document, in bytes.
    public var maxBytes: Int
    /// Deepest accepted nesting of arrays/objects (dicts). The top-level
    /// container is depth 1; a scalar at top level is depth 0.
    public var maxDepth: Int
    /// Longest accepted string or key, in bytes of its decoded UTF-8.
    public var maxStringBytes: Int
    /// Most elements in one array, or members in one object/dict.
    public var maxElements: Int

    public init(maxBytes: Int, maxDepth: Int, maxStringBytes: Int, maxElements: Int) {
        self.maxBytes = max(0, maxBytes)
        self.maxDepth = min(max(0, maxDepth), Self.depthCeiling)
        self.maxStringBytes = max(0, maxStringBytes)
        self.maxElements = max(0, maxElements)
    }

    /// The placements response (AF-12): 1 MiB, depth 32, strings 64 KiB, 10,000 elements.
    public static let placements = PayloadLimits(
        maxBytes: 1_048_576, maxDepth: 32, maxStringBytes: 65_536, maxElements: 10_000)

    /// The content document (AF-14): 512 KiB, depth 32, strings 256 KiB (the
    /// inline HTML template is one string), 10,000 elements.
    public static let contentDocument = PayloadLimits(
        maxBytes: 524_288, maxDepth: 32, maxStringBytes: 262_144, maxElements: 10_000)

    /// A banner list (BN-14): 4 MiB, depth 32, strings 64 KiB, 10,000
    /// elements — room for 10,000 banners of about 400 bytes each.
    public static let bannerList = PayloadLimits(
        maxBytes: 4_194_304, maxDepth: 32, maxStringBytes: 65_536, maxElements: 10_000)

    /// The host configuration document (AF-01): 1 MiB, depth 32, strings 64 KiB, 10,000 elements.
    public static let hostConfiguration = PayloadLimits(
        maxBytes: 1_048_576, maxDepth: 32, maxStringBytes: 65_536, maxElements: 10_000)
}
