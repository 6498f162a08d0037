// Decides: AF-03, AF-10, AF-23
/// A slot bound to a placement id (AF-03). The engine owns its state; the
/// host drives it through the engine's frame calls and learns about it through
/// its delegate. Final: hosts compose, they do not subclass (AF-23).
public final class AppFrame {
    /// Unique within its engine, never reused; also the analytics view id.
    public let id: UInt64
    public internal(set) var placementId: String?
    public internal(set) var isAttached = false
    public internal(set) var isHidden = false
    public internal(set) var laidOutWidth = 0.0
    public internal(set) var laidOutHeight = 0.0
    public internal(set) var heightMode = HeightMode.intrinsic
    public internal(set) var fixedHeight = 0.0
    public internal(set) var status: FrameStatus
    /// Non-nil exactly while `status.isError` (AF-10).
    public internal(set) var error: ContentError?
    /// The host owns the delegate; when it goes away callbacks stop (AF-23).
    public var delegate: AppFrameDelegate? {
        get { ownedDelegate ?? weakDelegate }
        set {
            ownedDelegate = nil
            weakDelegate = newValue
        }
    }
    #if hasFeature(Embedded)
    // Strong in the Embedded build, which has no weak references: its only
    // delegate there is the C layer's bridge, set with `setOwnedDelegate`
    // (docs/decisions.md, "Embedded Swift").
    private var weakDelegate: AppFrameDelegate?
    #else
    private weak var weakDelegate: AppFrameDelegate?
    #endif
    /// A delegate whose owner takes it away itself before letting it go (the
    /// C layer's bridge, which the frame's handle owns and clears), held
    /// strongly: every callback reads the delegate, and reading a weak
    /// reference was most of the cost of delivering a status change.
    private var ownedDelegate: AppFrameDelegate?

    /// Sets a delegate its owner clears (`delegate = nil`, or another
    /// `setOwnedDelegate`) before it lets it go: the frame holds it until
    /// then, where `delegate` holds it weakly (AF-23).
    public func setOwnedDelegate(_ delegate: AppFrameDelegate?) {
        weakDelegate = nil
        ownedDelegate = delegate
    }
    /// Opaque to the engine: what a binding needs to find its own object.
    public var hostHandle: UInt64 = 0

    /// The controller the frame belongs to, while it is not freed
    /// (`AppFramesController.check`).
    var owner: ObjectIdentifier?
    /// Its placement's entry, exactly while it has a placement id.
    var entry: PlacementEntry?
    /// The content this frame shows or is rendering.
    var content: LoadedContent?
    /// Bumped on every render request so a late report for an older render
    /// is recognised.
    var renderToken: UInt64 = 0
    /// The pending render timeout (AF-10), and when it fires (XC-11).
    var renderTimer: TimerID?
    var renderDeadline: Milliseconds?
    /// The last optimal height the template reported for `content`.
    var templateHeight: Double?
    /// The (session, content) of the last impression (AF-22).
    var impressionSession: String?
    var impressionContent: ContentReference?
    /// When that impression was recorded, for `explain` (XC-11).
    var impressionAt: Milliseconds?

    init(id: UInt64, status: FrameStatus) {
        self.id = id
        self.viewId = "frame-" + String(id)
        self.status = status
    }

    /// The analytics view id, "frame-<id>": made once, not for every record
    /// (a string this short is stored in place, without an allocation).
    let viewId: String

    /// AF-18: the template's height while ready, 0 otherwise; the pinned
    /// height in fixed mode.
    public var intrinsicHeight: Double {
        switch heightMode {
        case .fixed: return fixedHeight
        case .intrinsic: return status == .ready ? (templateHeight ?? 0) : 0
        }
    }

    /// The campaign and variant on screen or being rendered.
    public var campaignId: String? { content?.campaignId }
    public var variantId: String? { content?.variantId }
}
