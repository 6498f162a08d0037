/// What modal messages ask of the host besides the analytics sink. Every
/// call runs on the owner thread inside an engine call, after the state
/// change (XC-03).
public protocol ModalMessagesHost: AnyObject {
    /// IM-02, IM-05: draw this message now; confirm it with
    /// `confirmDisplayed` once it is on screen.
    func presentMessage(_ message: PresentedMessage)
    /// The engine withdrew the message on screen (logout, another user,
    /// consent revoked): remove it. No report is expected.
    func closeMessage(id: String)
    /// IM-06: a tapped button's link, before the engine does anything with
    /// it. True: the host handled it. False, or no handler: the engine asks
    /// `canOpenURL`.
    func messageLinkTapped(_ url: String, messageId: String) -> Bool
    /// IM-06: whether the host can open the link; false or no answer: it is
    /// not opened.
    func canOpenURL(_ url: String) -> Bool
    /// Opens a link the host said it can open; returns whether it did.
    func openURL(_ url: String) -> Bool
    /// IM-07: the host's font for the panel's font name and size; nil for
    /// the system font.
    func resolveFont(name: String, size: Double) -> HostFont?
}
