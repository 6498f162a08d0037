/// Banner places (BN-01..BN-17): places bound to a place id, their lists
/// and per-row content, the preload cache, playback and navigation. A module
/// of the engine: it owns this state and reaches the shared services through
/// `services`.
///
/// Banner requests are not bound to the identity: a place's list is the
/// place's, whoever is logged in.
public final class BannerPlacesController: EngineModule {
    let services: ModuleServices<BannerPlacesController>
    let options: BannerPlacesOptions
    #if hasFeature(Embedded)
    // Strong in the Embedded build, which has no weak references: its only
    // host there is the C layer's bridge, which holds nothing that holds
    // this object (docs/decisions.md, "Embedded Swift").
    public var host: BannerPlacesHost?
    #else
    public weak var host: BannerPlacesHost?
    #endif

    var places: [UInt64: BannerPlace] = [:]
    /// BN-14: lists (and contents) by place id, read by every place with that
    /// id until a refresh or another preload.
    var cache: [ExactKey: BannerCacheEntry] = [:]
    /// Preloads still fetching, by place id.
    var preloads: [Int: PendingPreload] = [:]
    var nextToken = 1
    /// The attempts of each request that failed at least once (XC-06).
    var attempts: [BannerRequest: Int] = [:]

    typealias RequestPurpose = BannerRequest

    enum TimerPurpose {
        case retry(BannerRequest)
        case tick(place: UInt64)
    }

    convenience init(services: ModuleServices<BannerPlacesController>, options: BannerPlacesOptions)
        throws(FramesError) {
    // Checked before the object exists, then a non-throwing initializer:
    // Embedded Swift 6.3.1 leaks an instance whose initializer throws
    // (docs/decisions.md, "Embedded Swift").
        try services.options.checkEndpoint(options.bannersURL, "banners_url")
        self.init(services: services, checked: options)
    }

    private init(services: ModuleServices<BannerPlacesController>, checked options: BannerPlacesOptions) {
        self.services = services
        self.options = options
        services.bind(self)
    }

    func check(_ place: BannerPlace) throws(FramesError) {
        guard places[place.id] === place else {
            throw FramesError(.invalidHandle, "banner place \(place.id) does not belong to this engine or was freed")
        }
    }

    func checkIndex(_ place: BannerPlace, _ index: Int) throws(FramesError) {
        guard index >= 0, index < place.banners.count else {
            throw FramesError(.outOfRange, "index \(index) is not a banner of the place; it has \(place.banners.count)")
        }
    }

    /// Queues a delegate callback; skipped if the place is freed before
    /// delivery (XC-03).
    func post(_ place: BannerPlace, _ call: @escaping (BannerPlace, BannerPlaceDelegate) -> Void) {
        let id = place.id
        services.post { controller in
            guard let place = controller.places[id], let delegate = place.delegate else { return }
            call(place, delegate)
        }
    }

    func recordBanner(_ name: String, _ place: BannerPlace, row: Int, now: Milliseconds, fields: [AnalyticsField] = []) {
        // The id alone, not the banner: a copy of it is a few strings more.
        let bannerId = place.banners.indices.contains(row) ? place.banners[row].id : nil
        let id = AnalyticsField("banner_id", bannerId ?? ""), index = AnalyticsField("index", Self.decimal(row))
        guard fields.isEmpty else {
            services.record(name, module: "banners", now: now, location: place.placeId, campaignId: bannerId,
                            viewId: place.viewId, fields: [id, index] + fields)
            return
        }
        // The usual record, a view: its two fields kept without an array.
        services.record(name, module: "banners", now: now, location: place.placeId, campaignId: bannerId,
                        viewId: place.viewId, id, index)
    }

    /// `String(n)` without the generic description it goes through: a
    /// row's index is text in every record about a banner — tiles record
    /// one per arriving banner (BN-12, BN-13). The digits are written once,
    /// from the last, into a buffer on the stack: no pass to count them
    /// first, no closure for the string to call.
    static func decimal(_ n: Int) -> String {
        guard n >= 0 else { return String(n) }
        return withUnsafeTemporaryAllocation(of: UInt8.self, capacity: 20) { buffer in
            var value = n
            var start = buffer.count
            repeat {
                start -= 1
                buffer[start] = UInt8(ascii: "0") &+ UInt8(truncatingIfNeeded: value % 10)
                value /= 10
            } while value > 0
            return String(decoding: UnsafeBufferPointer(rebasing: buffer[start...]), as: UTF8.self)
        }
    }

    // MARK: EngineModule

    func requestFinished(_ id: RequestID, for request: BannerRequest, _ result: Result<[UInt8], RequestFailure>,
                         now: Milliseconds) {
        switch result {
        case .success(let body): requestSucceeded(request, body: body, now: now)
        case .failure(let failure): requestFailed(request, failure, now: now)
        }
    }

    func timerFired(_ id: TimerID, for purpose: TimerPurpose, now: Milliseconds) {
        switch purpose {
        case .retry(let request):
            resend(request, now: now)
        case .tick(let placeId):
            guard let place = places[placeId] else { return }
            place.tickTimer = nil
            place.tickDeadline = nil
            bannerTick(place, now: now)
        }
    }

    /// XC-04 for banners: background pauses every place; coming back resumes
    /// them, and clears a carousel's manual pause (BN-09) but not a list's
    /// (BN-11).
    public func appStateChanged(to state: AppState, wasBackgrounded: Bool, now: Milliseconds) {
        let cameBack = wasBackgrounded && state != .background
        for place in places.values.sorted(by: { $0.id < $1.id }) {
            place.conditions.appActive = state != .background
            if cameBack && place.appearance.layoutType == .carousel { place.conditions.manuallyPaused = false }
            updatePlayback(place, now: now)
        }
    }

    public func engineClosed() {
        for place in places.values {
            place.isRemoved = true
            place.delegate = nil
        }
        places.removeAll()
        cache.removeAll()
        preloads.removeAll()
        attempts.removeAll()
        host = nil
    }
}
