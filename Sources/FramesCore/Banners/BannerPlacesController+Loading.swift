// Decides: BN-14, BN-15, BN-16
/// Banner places: creation, loading, the preload cache and per-row content
/// (BN-01..BN-03, BN-14..BN-16).
extension BannerPlacesController {
    /// A new place for `placeId`; the appearance is checked now and fixed for
    /// the place's lifetime (BN-01..BN-03). Nothing loads until `create`.
    public func makePlace(placeId: String, appearance: Appearance) throws(FramesError) -> BannerPlace {
        try makePlace(placeId: placeId, appearance: ResolvedAppearance(appearance))
    }

    public func makePlace(placeId: String, appearance: ResolvedAppearance) throws(FramesError) -> BannerPlace {
        try services.mutate { () throws(FramesError) -> BannerPlace in
            try Identifier.check(placeId, "place id")
            let place = BannerPlace(id: services.newObjectId(), placeId: placeId, appearance: appearance)
            place.conditions.appActive = services.session.appState != .background
            places[place.id] = place
            return place
        }
    }

    public func removePlace(_ place: BannerPlace) throws(FramesError) {
        try services.mutate { () throws(FramesError) in
            try check(place)
            places[place.id] = nil
            place.isRemoved = true
            place.delegate = nil
            services.cancelTimer(place.tickTimer)
            place.tickTimer = nil
            place.tickDeadline = nil
        }
    }

    /// BN-14: loads the list: from the preload cache when the id was
    /// preloaded — banners and contents, without a request — else from the
    /// server.
    public func create(_ place: BannerPlace, now: Milliseconds) throws(FramesError) {
        try services.mutate(now: now) { (now) throws(FramesError) in
            try check(place)
            if let entry = cache[ExactKey(place.placeId)] {
                place.cacheToken = entry.token
                apply(entry.list, contents: entry.contents, to: place, now: now)
            } else {
                fetchList(for: place, now: now)
            }
        }
    }

    /// BN-14: fetches the list again from the server (a new load, BN-13).
    public func refresh(_ place: BannerPlace, now: Milliseconds) throws(FramesError) {
        try services.mutate(now: now) { (now) throws(FramesError) in
            try check(place)
            fetchList(for: place, now: now)
        }
    }

    /// BN-14: fetches `placeId`'s list and every banner's content into the
    /// cache that every place with that id reads from then on; completes
    /// through the host's `preloaded` with the banners and the ones whose
    /// content failed.
    public func preloadBanners(placeId: String, now: Milliseconds) throws(FramesError) {
        try services.mutate(now: now) { (now) throws(FramesError) in
            try Identifier.check(placeId, "place id")
            let token = nextToken
            nextToken += 1
            preloads[token] = PendingPreload(placeId: ExactKey(placeId))
            send(.preloadList(preload: token), now: now)
        }
    }

    /// BN-16: fetches a failed row's content again, on its own.
    public func retryRow(_ place: BannerPlace, _ row: Int, now: Milliseconds) throws(FramesError) {
        try services.mutate(now: now) { (now) throws(FramesError) in
            try check(place)
            guard let state = place.rows[safe: row] else {
                throw FramesError(.outOfRange, "row \(row) is not a banner of the place; it has \(place.rows.count)")
            }
            guard case .failed = state.content else {
                throw FramesError(.invalidState, "row \(row) has not failed; only a failed row can be retried")
            }
            place.rows[row].content = .loading
            requestRow(place, row, now: now)
        }
    }

    /// Shows a loaded list: the banners laid out (BN-02), fresh rows (a new
    /// load for BN-13), the carousel back on its first page (BN-08), then
    /// each row's content: from the cache, or requested (BN-16).
    func apply(_ list: BannerList, contents: [Int: Result<[UInt8], ContentError>], to place: BannerPlace,
               now: Milliseconds) {
        services.trace(.info, "place \(place.placeId): \(list.banners.count) banners listed, \(list.dropped.count) dropped"
            + (contents.isEmpty ? "" : ", \(contents.count) contents from the preload cache"))
        for dropped in list.dropped {
            services.trace(.debug, "place \(place.placeId): banner \(dropped.bannerID ?? "#\(dropped.index)") dropped: \(dropped.reason)")
        }
        stopAllPlayback(place, now: now)
        if case .loading = place.state {} else { place.loadGeneration += 1 }
        let count = place.appearance.laidOutCount(of: list.banners.count)
        place.banners = Array(list.banners.prefix(count))
        place.leftOut = list.banners.indices.dropFirst(count).map { LeftOutBanner(id: list.banners[$0].id, index: $0, dropped: nil) }
            + list.dropped.map { LeftOutBanner(id: $0.bannerID, index: $0.index, dropped: $0.reason) }
        place.rows = Array(repeating: BannerRow(), count: place.banners.count)
        place.contents = Array(repeating: nil, count: place.banners.count)
        place.state = .loaded
        place.hold = nil
        let placeId = place.placeId
        post(place) { $1.place($0, bannersLoaded: placeId) }
        let (isContent, banners, height) = (!place.banners.isEmpty, place.banners.count, place.listHeight)
        post(place) { $1.place($0, didUpdate: isContent, count: banners, listHeight: height) }
        setCurrentIndex(place, 0)
        // Up to one request per row follows: room for them at once, not by
        // doubling (each growth rehashes every request in flight).
        services.expectRequests(place.banners.count)
        for row in place.banners.indices {
            switch contents[row] {
            case .success(let body)?:
                markReady(place, row, body)
            case .failure(let error)?:
                place.rows[row].content = .failed(error)
                post(place) { $1.place($0, rowFailed: row, error: error) }
            case nil:
                requestRow(place, row, now: now)
            }
        }
        updatePlayback(place, now: now)
    }

    /// The URL read from the place's list, and the request enqueued from
    /// here rather than through `send`, which would look the place up and
    /// copy the banner again: a load makes one request per row.
    func requestRow(_ place: BannerPlace, _ row: Int, now: Milliseconds) {
        guard place.banners.indices.contains(row) else { return }
        let url = place.banners[row].content.url
        let request = BannerRequest.content(place: place.id, row: row, generation: place.loadGeneration)
        if let failure = ContentCheck.origin(of: url, allowInsecureHTTP: services.options.allowInsecureHTTP) {
            requestFailed(request, .content(failure), now: now)
            return
        }
        services.enqueue(request, method: "GET", url: url, boundToIdentity: false, now: now)
    }

    /// The row's content is checked and kept; the host is asked to draw it.
    func markReady(_ place: BannerPlace, _ row: Int, _ body: [UInt8]) {
        guard place.rows.indices.contains(row), place.contents.indices.contains(row) else { return }
        place.rows[row].content = .ready
        place.contents[row] = body
        post(place, .render(row: row, generation: place.loadGeneration))
    }
}
