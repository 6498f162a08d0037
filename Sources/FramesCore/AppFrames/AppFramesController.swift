// Decides: AF-01, AF-02, AF-16, AF-17
/// App Frames (AF-01..AF-23): frames bound to placement ids, the one
/// placements fetch they share, content downloads, templates, impressions.
/// A module of the engine: it owns this state and reaches the shared
/// services through `services`.
public final class AppFramesController: EngineModule {
    let services: ModuleServices<AppFramesController>
    let options: AppFramesOptions
    /// AF-01: read once from the host configuration; latched (AF-02).
    public let isEnabled: Bool
    #if hasFeature(Embedded)
    // Strong in the Embedded build, which has no weak references: its only
    // host there is the C layer's bridge, which holds nothing that holds
    // this object (docs/decisions.md, "Embedded Swift").
    public var host: AppFramesHost?
    #else
    public weak var host: AppFramesHost?
    #endif

    var frames: [UInt64: AppFrame] = [:]
    /// Every frame in creation order (ids only grow), for the passes over
    /// all of them, which go in that order: no sort of every frame for each.
    /// A freed frame leaves it at the next pass (`orderedFrames`).
    private var creationOrder: [AppFrame] = []
    /// Per placement id: its frames, and what is known of its content for
    /// the current user (AF-15). A download that finishes touches only its
    /// placements' frames, not all of them.
    var entries: [ExactKey: PlacementEntry] = [:]
    var resolution = ResolutionState.idle {
        didSet { resolutionVersion &+= 1 }
    }
    /// Counts the changes of `resolution`: what a placement's cached choice
    /// is checked against (`PlacementEntry.choice(in:version:)`).
    private(set) var resolutionVersion = 0
    /// AF-14: content downloads, each shared by the placements that chose it.
    let downloads: ContentDownloads<ExactKey, AppFramesController>

    enum RequestPurpose {
        case placements
        case download
    }

    enum TimerPurpose {
        case retryResolution
        case renderTimeout(frame: UInt64)
        case retryDownload
    }

    convenience init(services: ModuleServices<AppFramesController>, options: AppFramesOptions, enabled: Bool)
        throws(FramesError) {
    // Checked before the object exists, then a non-throwing initializer:
    // Embedded Swift 6.3.1 leaks an instance whose initializer throws
    // (docs/decisions.md, "Embedded Swift").
        try services.options.checkEndpoint(options.placementsURL, "placements_url")
        guard options.renderTimeout > 0 else {
            throw .invalidArgument("the render timeout is \(options.renderTimeout) ms; it must be > 0")
        }
        self.init(services: services, checked: options, enabled: enabled)
    }

    private init(services: ModuleServices<AppFramesController>, checked options: AppFramesOptions, enabled: Bool) {
        self.services = services
        self.options = options
        self.isEnabled = enabled
        downloads = ContentDownloads(services: services, requests: .download, retries: .retryDownload)
        services.bind(self)
    }

    /// True while App Frames may do anything at all (AF-02, AF-17).
    var isActive: Bool { isEnabled && services.session.contentAllowed }

    public var frameCount: Int { frames.count }

    func orderedFrames() -> [AppFrame] {
        if creationOrder.count != frames.count {
            let id = ObjectIdentifier(self)
            creationOrder.removeAll { $0.owner != id }
        }
        return creationOrder
    }

    /// A new frame joins the engine's frames.
    func register(_ frame: AppFrame) {
        frame.owner = ObjectIdentifier(self)
        frames[frame.id] = frame
        creationOrder.append(frame)
    }

    /// A freed frame leaves them; nothing reaches it afterwards.
    func unregister(_ frame: AppFrame) {
        frame.owner = nil
        frames[frame.id] = nil
    }

    /// The frames showing `placementIds`, in creation order like every
    /// other pass over frames.
    func frames(of placementIds: [ExactKey]) -> [AppFrame] {
        // The usual case, one placement whose frames were bound in creation
        // order, is its list as it is.
        if placementIds.count == 1, let list = entries[placementIds[0]]?.frames,
           zip(list, list.dropFirst()).allSatisfy({ $0.id < $1.id }) {
            return list
        }
        return placementIds.flatMap { entries[$0]?.frames ?? [] }.sorted { $0.id < $1.id }
    }

    /// The entry of `placementId`, made when there is none.
    func entry(_ placementId: ExactKey) -> PlacementEntry {
        if let entry = entries[placementId] { return entry }
        let entry = PlacementEntry(placementId)
        entries[placementId] = entry
        return entry
    }

    /// Drops what is known of every placement's content (AF-16) and the
    /// entries nothing needs any more.
    func forgetPlacementContent() {
        for entry in entries.values { entry.content = nil }
        dropUnusedEntries()
    }

    func dropUnusedEntries() {
        let unused = entries.values.filter { $0.isUnused }
        for entry in unused { entries[entry.id] = nil }
    }

    /// The frame is one of this engine's and not freed: it carries the mark
    /// `register` gave it, which `unregister` and closing the engine take
    /// away (a look at the frame, not a lookup of its id).
    func check(_ frame: AppFrame) throws(FramesError) {
        guard frame.owner == ObjectIdentifier(self) else {
            throw FramesError(.invalidHandle, "frame \(frame.id) does not belong to this engine or was freed")
        }
    }

    func record(_ name: String, now: Milliseconds, frame: AppFrame? = nil, content: LoadedContent? = nil,
                fields: [AnalyticsField] = []) {
        services.record(name, module: "appFrames", now: now, location: content?.placementId ?? frame?.placementId,
                    campaignId: content?.campaignId, variantId: content?.variantId,
                    viewId: frame?.viewId, fields: fields)
    }

    // MARK: EngineModule

    func requestFinished(_ id: RequestID, for purpose: RequestPurpose,
                         _ result: Result<[UInt8], RequestFailure>, now: Milliseconds) {
        switch (purpose, result) {
        case (.placements, .success(let body)): placementsArrived(body, now: now)
        case (.placements, .failure(let failure)): placementsFailed(failure, now: now)
        case (.download, _):
            if let outcome = downloads.finished(id, result, now: now) { downloadFinished(outcome, now: now) }
        }
    }

    func timerFired(_ id: TimerID, for purpose: TimerPurpose, now: Milliseconds) {
        switch purpose {
        case .retryDownload:
            downloads.timerFired(id, now: now)
        case .retryResolution:
            resolution.retryTimer = nil
            retryResolution(now: now)
        case .renderTimeout(let frameId):
            guard let frame = frames[frameId] else { return }
            frame.renderTimer = nil
            renderTimedOut(frame, now: now)
        }
    }

    func enqueue(_ purpose: RequestPurpose, method: String = "GET", url: String, body: String? = nil,
                 now: Milliseconds) {
        // Every App Frames request belongs to the identity and consent it was
        // made for (AF-16, AF-17).
        if let body {
            services.enqueueJSON(purpose, url: url, body: body, boundToIdentity: true, now: now)
        } else {
            services.enqueue(purpose, method: method, url: url, boundToIdentity: true, now: now)
        }
    }

    /// AF-22: frames on screen count another impression in a new session.
    public func sessionStarted(now: Milliseconds) {
        for frame in orderedFrames() { checkImpression(frame, now: now) }
    }

    /// AF-16: the previous user's cache and answers are dropped; frames on
    /// screen stay until the new selection says otherwise.
    public func identityChanged(now: Milliseconds) {
        dropIdentityState()
        guard isActive else { return }
        for frame in orderedFrames() where frame.isAttached && frame.placementId != nil {
            if frame.status.isLoading { setStatus(frame, .resolving) }
        }
        resolveIfNeeded(now: now)
    }

    /// AF-16: coming back from the background refreshes placements.
    public func appStateChanged(to state: AppState, wasBackgrounded: Bool, now: Milliseconds) {
        if state == .active && wasBackgrounded { refresh(now: now) }
    }

    /// AF-17: consent revoked or the SDK disabled remotely → every frame
    /// disabled, nothing left on screen; back at the next session start,
    /// which resolves again.
    public func contentAllowedChanged(now: Milliseconds) {
        guard isEnabled else { return }
        if services.session.contentAllowed {
            resolution = .idle
            for frame in orderedFrames() { sync(frame, now: now) }
            resolveIfNeeded(now: now)
        } else {
            disableEverything()
        }
    }

    public func engineClosed() {
        for frame in frames.values {
            frame.delegate = nil
            frame.owner = nil
            frame.entry = nil
        }
        frames.removeAll()
        creationOrder.removeAll()
        entries.removeAll()
        downloads.reset()
        host = nil
    }

    /// AF-16: forget everything that belonged to the previous identity. The
    /// core already cancelled the requests themselves.
    func dropIdentityState() {
        services.cancelTimer(resolution.retryTimer)
        downloads.reset()
        forgetPlacementContent()
        resolution = .idle
        services.forgetRequests()
    }

    /// AF-17: drop selection and cache, and move every frame to disabled with
    /// nothing left on screen.
    func disableEverything() {
        dropIdentityState()
        for frame in orderedFrames() {
            forgetContent(frame)
            setStatus(frame, .disabled)
        }
    }
}
