// Decides: AF-15
/// What selection chose for a placement (AF-13).
public struct PlacementChoice: Equatable, Sendable {
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
        a.campaignId.isExactly(b.campaignId) && a.variantId.isExactly(b.variantId) && a.content == b.content
    }
}

/// Content ready to render: the template, its assets and its actions, for
/// one chosen campaign variant (AF-14, AF-15).
public struct LoadedContent: Equatable, Sendable {
    public let key: ContentReference
    public let placementId: String
    public let campaignId: String
    public let variantId: String
    /// The template's HTML.
    public let template: String
    public let assets: [LoadedAsset]
    public let actions: [ContentAction]

    func action(_ id: String) -> ContentAction? {
        actions.first { $0.id.isExactly(id) }
    }

}
