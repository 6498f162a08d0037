// Decides: AF-15
/// One placement id as the engine keeps it for the current user: the frames
/// bound to it and what is known of its content (AF-03, AF-15). A frame
/// holds its entry, so deciding its status looks nothing up by id; the
/// entry stays while it has frames or content (`AppFramesController.entries`).
final class PlacementEntry {
    let id: ExactKey
    /// The frames bound to it, in the order they were bound.
    var frames: [AppFrame] = []
    /// What is known of its content for the current user (AF-15).
    var content: PlacementContent?
    /// The selection's choice for it, as found at `choiceVersion` of the
    /// resolution state (`AppFramesController.choice(for:)`).
    private var choice: PlacementChoice?
    private var choiceVersion = -1

    init(_ id: ExactKey) {
        self.id = id
    }

    /// Whether nothing needs it any more.
    var isUnused: Bool { frames.isEmpty && content == nil }

    /// The choice of `selection` for this placement: looked up once per
    /// version of the resolution state, not once per frame.
    func choice(in selection: [ExactKey: PlacementChoice], version: Int) -> PlacementChoice? {
        if choiceVersion != version {
            choice = selection[id]
            choiceVersion = version
        }
        return choice
    }
}
