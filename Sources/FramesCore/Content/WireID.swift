/// The longest id the placements response, a content document and a banner
/// list accept (placement, campaign, variant, action and banner ids): one
/// bound for all three, so a banner or an action is never refused for an id
/// that its campaign was accepted with.
enum WireID {
    /// In UTF-8 bytes.
    static let maxBytes = 256
}
