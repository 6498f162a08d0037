/// The explicit bounds of a modal message's wire shapes (XC-07, IM-01;
/// docs/wire-format.md §10). A silent push is at most 4 KB on the way to the
/// device (APNs, FCM); the notification cap is four times that because a
/// host re-serialises the push's data, and a message carried as a JSON
/// string inside it grows with every escaped quote. Each cap is tested at
/// cap − 1, cap and cap + 1.
public enum MessageLimits {
    /// A whole notification as the host forwards it.
    public static let notificationBytes = 16_384
    /// A fetched content document (a `content_ref`).
    public static let contentBytes = 65_536
    /// Message, campaign, variant and user ids.
    public static let idBytes = Identifier.maxBytes
    /// One title, body, button label or image alt text.
    public static let textBytes = 4_096
    /// A button link, image URL or content URL.
    public static let urlBytes = 2_048
    public static let fontNameBytes = 256
    public static let minFontSize = 1.0
    public static let maxFontSize = 200.0
    public static let maxButtons = 4
    /// Messages handed in by handle_notification that the owner thread has
    /// not picked up yet: past this the engine refuses more (IM-01) rather
    /// than grow without bound while an owner thread never calls in.
    public static let inboxCapacity = 1_000
}

extension PayloadLimits {
    /// A notification (IM-01): 16 KiB, depth 16, strings 16 KiB (the
    /// message may be one JSON string inside the push), 256 elements.
    public static let notification = PayloadLimits(
        maxBytes: MessageLimits.notificationBytes, maxDepth: 16, maxStringBytes: MessageLimits.notificationBytes,
        maxElements: 256)

    /// A fetched message content document: 64 KiB, depth 16, strings 16 KiB,
    /// 256 elements.
    public static let messageContent = PayloadLimits(
        maxBytes: MessageLimits.contentBytes, maxDepth: 16, maxStringBytes: 16_384, maxElements: 256)
}
