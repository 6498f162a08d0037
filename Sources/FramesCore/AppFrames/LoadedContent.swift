// Decides: AF-15
/// What selection chose for a placement (AF-13). Immutable; a class so that
/// the placement's state and each status decision share it instead of
/// copying its four strings.
public final class PlacementChoice: Equatable, Sendable {
    public let campaignId: String
    public let variantId: String
    public let content: ContentReference

    public init(campaignId: String, variantId: String, content: ContentReference) {
        self.campaignId = campaignId
        self.variantId = variantId
        self.content = content
    }

    /// Ids compare by their exact bytes (XC-07).
    public static func == (a: PlacementChoice, b: PlacementChoice) -> Bool {
        a === b || a.campaignId.isExactly(b.campaignId) && a.variantId.isExactly(b.variantId) && a.content == b.content
    }
}

/// Content ready to render: the template, its assets and its actions, for
/// one chosen campaign variant (AF-14, AF-15). Immutable, and shared: made
/// once per placement when its download finishes, it is what each of the
/// placement's frames shows, so a frame holds one reference rather than a
/// copy of nine.
public final class LoadedContent: Equatable {
    public let key: ContentReference
    public let placementId: String
    public let campaignId: String
    public let variantId: String
    /// The template's HTML.
    public let template: String
    public let assets: [LoadedAsset]
    public let actions: [ContentAction]
    /// What a binding made of this content for its host — in C, the
    /// `frames_content` view and the strings it points to — at its first
    /// render, so that the frames showing it share one. The engine never
    /// looks inside; owner thread only, like the rest of its state.
    public var hostView: AnyObject?

    public init(key: ContentReference, placementId: String, campaignId: String, variantId: String, template: String,
                assets: [LoadedAsset], actions: [ContentAction]) {
        self.key = key
        self.placementId = placementId
        self.campaignId = campaignId
        self.variantId = variantId
        self.template = template
        self.assets = assets
        self.actions = actions
    }

    func action(_ id: String) -> ContentAction? {
        actions.first { $0.id.isExactly(id) }
    }

    /// The same content; the binding's view does not count.
    public static func == (a: LoadedContent, b: LoadedContent) -> Bool {
        a === b || (a.key == b.key && a.placementId == b.placementId && a.campaignId == b.campaignId
            && a.variantId == b.variantId && a.template == b.template && a.assets == b.assets && a.actions == b.actions)
    }
}
