// Decides: BN-16
/// A banner place bound to a place id (BN-01..BN-17): its appearance (fixed
/// for its lifetime), the list it loaded, and the runtime state of each row.
/// The engine owns the behaviour; this is the state it keeps per place.
public final class BannerPlace {
    public let id: UInt64
    public let placeId: String
    public let appearance: ResolvedAppearance
    /// The host owns the delegate; when it goes away callbacks stop.
    public var delegate: BannerPlaceDelegate? {
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
    private var weakDelegate: BannerPlaceDelegate?
    #else
    private weak var weakDelegate: BannerPlaceDelegate?
    #endif
    /// A delegate whose owner takes it away itself before letting it go (the
    /// C layer's bridge, which the place's handle owns and clears), held
    /// strongly: every callback reads the delegate — tiles send three per
    /// arriving banner (BN-12) — and a weakly referenced object pays for
    /// every retain and release of it, besides the weak load.
    private var ownedDelegate: BannerPlaceDelegate?

    /// Sets a delegate its owner clears (`delegate = nil`, or another
    /// `setOwnedDelegate`) before it lets it go: the place holds it until
    /// then, where `delegate` holds it weakly.
    public func setOwnedDelegate(_ delegate: BannerPlaceDelegate?) {
        weakDelegate = nil
        ownedDelegate = delegate
    }
    /// Opaque to the engine: what a binding needs to find its own object.
    public var hostHandle: UInt64 = 0

    public internal(set) var containerWidth = 0.0 { didSet { layoutCache = nil } }
    public internal(set) var rtl = false { didSet { layoutCache = nil } }
    /// Nil while the host cannot tell what is visible (BN-12).
    public internal(set) var viewport: Viewport?
    public internal(set) var conditions = PlaybackConditions()
    public internal(set) var state = LoadState.idle
    /// The banners laid out, in backend order, after availability and
    /// maxBannersCount (BN-02).
    public internal(set) var banners: [Banner] = [] { didSet { layoutCache = nil } }
    public internal(set) var rows: [BannerRow] = []
    /// The banners of the list that are not laid out, and why (XC-11).
    var leftOut: [LeftOutBanner] = []
    /// The carousel's page; lists: the index last scrolled to (BN-08).
    public internal(set) var currentIndex = 0
    /// Bumped by every load and refresh (BN-13: a refresh is a new load).
    public internal(set) var loadGeneration = 0
    /// Which row asked for input, while a dialog is shown (BN-17).
    var inputRow: Int?
    /// Checked content of the ready rows, by row, for the render callback:
    /// an array the size of `rows`, filled as contents arrive (no hashing
    /// per arrival, BN-16).
    var contents: [[UInt8]?] = []
    /// The rows playing now: what a playback update must look at besides
    /// the rows it evaluates (BN-09, BN-10).
    var playingRows = RowSet()
    /// The carousel's countdown on a page that cannot play (BN-09, BN-16).
    var hold: PageHold?
    /// The place's one playback timer and when it fires.
    var tickTimer: TimerID?
    var tickDeadline: Milliseconds?
    /// The preload cache entry this load fills (BN-14), if its id is cached.
    var cacheToken: Int?
    /// Out of its controller (removed, or the engine closed): callbacks
    /// still queued for it are dropped (XC-03).
    var isRemoved = false

    public enum LoadState: Equatable, Sendable {
        case idle
        case loading
        case loaded
        case failed(ContentError)
    }

    /// The analytics view id of its records, made once: tiles record a
    /// view per banner as each content arrives (BN-12, BN-13).
    let viewId: String

    init(id: UInt64, placeId: String, appearance: ResolvedAppearance) {
        self.id = id
        viewId = "place-\(id)"
        self.placeId = placeId
        self.appearance = appearance
    }

    /// The geometry for the current banners, width and direction, computed
    /// once per change: playback reads it on every scroll step.
    private var layoutCache: LayoutResult?

    private var layoutResult: LayoutResult? {
        if let layoutCache { return layoutCache }
        guard let layout = try? BannerLayout(appearance: appearance, containerWidth: containerWidth, rtl: rtl),
              let result = try? layout.layout(ratios: banners.map { $0.ratio }) else { return nil }
        layoutCache = result
        return result
    }

    /// The rects of the banners laid out, for the current width.
    public var rects: [Rect] { layoutResult?.rects ?? [] }

    /// The height the place reports (BN-04..BN-06).
    public var listHeight: Double { layoutResult?.contentHeight ?? 0 }

    /// The place's own bounds: what a carousel's viewport is compared with.
    var bounds: Rect { Rect(x: 0, y: 0, width: containerWidth, height: listHeight) }
}

/// The countdown of a carousel page whose banner cannot play — its content
/// is loading or failed (BN-09, BN-16): the page stays for the banner's
/// duration, then the carousel moves on, so one bad banner never freezes it.
struct PageHold: Equatable {
    let row: Int
    /// Counted time before the current run of the countdown.
    var elapsed: Milliseconds = 0
    /// When the current run started; nil while paused.
    var startedAt: Milliseconds?
    /// Reached its duration on the last page of a carousel that does not
    /// loop: nothing more to count.
    var finished = false

    func elapsed(at now: Milliseconds) -> Milliseconds {
        guard let startedAt else { return elapsed }
        return elapsed + max(0, now - startedAt)
    }
}

/// The runtime state of one banner row (BN-10, BN-13, BN-16).
public struct BannerRow: Equatable, Sendable {
    public enum Content: Equatable, Sendable {
        case loading
        case ready
        case failed(ContentError)
    }

    public internal(set) var content = Content.loading
    public internal(set) var playing = false
    /// Played time of the current run, excluding the run in progress.
    public internal(set) var position: Milliseconds = 0
    /// When the run in progress started (or resumed).
    var startedAt: Milliseconds?
    /// The position the carousel's countdown counts from: a user
    /// interaction restarts the countdown without restarting the content
    /// (BN-09). 0 for lists.
    var countdownFrom: Milliseconds = 0
    /// The web context lives: a pause resumes from `position` (BN-10).
    public internal(set) var webContextAlive = false
    /// Counted in this load (BN-13).
    public internal(set) var viewed = false
    /// Last share of the 75 % rule, nil when the viewport is unknown.
    public internal(set) var share: Double?

    /// Played time at `now`.
    public func position(at now: Milliseconds) -> Milliseconds {
        guard let startedAt else { return position }
        return position + max(0, now - startedAt)
    }

    /// Starts a run at `now`, or resumes one (BN-10). In place: a row read
    /// out and written back was copied twice, its content's error included.
    mutating func start(at now: Milliseconds, fromStart: Bool) {
        if fromStart {
            position = 0
            countdownFrom = 0
        }
        startedAt = now
        playing = true
        webContextAlive = true
    }

    mutating func pause(at now: Milliseconds) {
        position = position(at: now)
        startedAt = nil
        playing = false
    }

    /// Time the current countdown has run at `now`.
    func countdown(at now: Milliseconds) -> Milliseconds {
        position(at: now) - countdownFrom
    }
}

/// A banner of the list the place does not lay out: past maxBannersCount
/// (BN-02), or dropped by the decoder (BN-07) — kept for `explain` (XC-11).
struct LeftOutBanner: Equatable {
    /// The banner's id; nil when the decoder could not read one.
    let id: String?
    /// Its position in the backend's list.
    let index: Int
    /// Nil: past maxBannersCount; else the decoder's reason.
    let dropped: String?
}
