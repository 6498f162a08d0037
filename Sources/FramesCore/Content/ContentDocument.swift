// Decides: AF-21
/// The content document a variant's `content.url` points to (AF-14, AF-21).
/// See docs/wire-format.md and `ContentDocument.decode`.
public struct ContentDocument: Sendable, Equatable {
    /// The template, inline: the HTML the host renders. Its integrity is the
    /// document's own SHA-256 (`content.sha256` of the variant).
    public let html: String
    /// Assets the template uses, as reported by the document.
    public let assets: [ContentAsset]
    /// Actions the template may trigger, by id.
    public let actions: [ContentAction]

    public init(html: String, assets: [ContentAsset] = [], actions: [ContentAction] = []) {
        self.html = html
        self.assets = assets
        self.actions = actions
    }

    public func action(_ id: String) -> ContentAction? {
        actions.first { $0.id.isExactly(id) }
    }

    /// AF-14: the first asset whose reported size is over the per-asset limit,
    /// as a download failure (checked before anything is fetched).
    public func firstOversizedAsset() -> ContentCheckFailure? {
        for asset in assets {
            if let failure = ContentCheck.assetSize(asset.size, url: asset.url) { return failure }
        }
        return nil
    }
}

/// An asset of the template (an image, a font...).
public struct ContentAsset: Sendable, Equatable {
    public let url: String
    /// Reported size in bytes (>= 0).
    public let size: Int64
    /// Lowercase hex, 64 characters.
    public let sha256: String

    public init(url: String, size: Int64, sha256: String) {
        self.url = url
        self.size = size
        self.sha256 = sha256
    }
}

/// A downloaded asset, checked against its declared size and checksum
/// (AF-14): what a module hands the host with the content that uses it.
public struct LoadedAsset: Equatable, Sendable {
    public let url: String
    public let bytes: [UInt8]

    public init(url: String, bytes: [UInt8]) {
        self.url = url
        self.bytes = bytes
    }
}

/// An action the template may trigger (AF-21).
public struct ContentAction: Sendable, Equatable {
    public let id: String
    /// Navigation the engine performs first through the host's open-URL hook.
    public let deepLink: String?
    /// Passed to `didTriggerAction` only when non-empty (AF-21). Absent or
    /// null on the wire → empty object.
    public let customData: JSONObject

    public init(id: String, deepLink: String? = nil, customData: JSONObject = JSONObject()) {
        self.id = id
        self.deepLink = deepLink
        self.customData = customData
    }

    /// AF-21: `didTriggerAction` fires only when this is true.
    public var hasCustomData: Bool { customData.count > 0 }
}
