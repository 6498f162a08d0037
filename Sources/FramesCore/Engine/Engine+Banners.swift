/// Banner places: creation, loading, preload cache, per-row content
/// (BN-01..BN-03, BN-14..BN-16).
extension Engine {
    /// A new place for `placeId`; the appearance is checked now and fixed for
    /// the place's lifetime (BN-01..BN-03). Nothing loads until `create`.
    public func makePlace(placeId: String, appearance: Appearance) throws(FramesError) -> BannerPlace {
        try makePlace(placeId: placeId, appearance: ResolvedAppearance(appearance))
    }

    public func makePlace(placeId: String, appearance: ResolvedAppearance) throws(FramesError) -> BannerPlace {
        try mutate { () throws(FramesError) -> BannerPlace in
            try Identifier.check(placeId, "place id")
            let place = BannerPlace(id: nextFrameId, placeId: placeId, appearance: appearance)
            place.conditions.appActive = appState != .background
            nextFrameId &+= 1
            places[place.id] = place
            return place
        }
    }

    public func removePlace(_ place: BannerPlace) throws(FramesError) {
        try mutate { () throws(FramesError) in
            try check(place)
            places[place.id] = nil
            place.delegate = nil
            let id = place.id
            timers.cancel { if case .bannerTick(id) = $0 { return true } else { return false } }
        }
    }

    /// BN-14: loads the list: from the preload cache when the id was
    /// preloaded, else from the server.
    public func create(_ place: BannerPlace, now: Milliseconds) throws(FramesError) {
        try mutate { () throws(FramesError) in
            try check(place)
            place.lastTime = now
            if let cached = bannerCache[place.placeId] {
                apply(cached, to: place, now: now)
            } else {
                fetchList(for: place, now: now)
            }
        }
    }

    /// BN-14: fetches the list again from the server (a new load, BN-13).
    public func refresh(_ place: BannerPlace, now: Milliseconds) throws(FramesError) {
        try mutate { () throws(FramesError) in
            try check(place)
            place.lastTime = now
            fetchList(for: place, now: now)
        }
    }

    /// BN-14: fetches `placeId`'s list into the cache that every place with
    /// that id reads from then on; completes through the host's `preloaded`.
    public func preloadBanners(placeId: String, now: Milliseconds) throws(FramesError) {
        try mutate { () throws(FramesError) in
            try Identifier.check(placeId, "place id")
            sendBannerRequest(.bannerList(place: nil, placeId: placeId, generation: 0), now: now)
        }
    }

    /// BN-16: fetches a failed row's content again, on its own.
    public func retryRow(_ place: BannerPlace, _ row: Int, now: Milliseconds) throws(FramesError) {
        try mutate { () throws(FramesError) in
            try check(place)
            guard let state = place.rows[safe: row] else {
                throw FramesError(.outOfRange, "row \(row) is not a banner of the place; it has \(place.rows.count)")
            }
            guard case .failed = state.content else {
                throw FramesError(.invalidState, "row \(row) has not failed; only a failed row can be retried")
            }
            place.rows[row].content = .loading
            place.rows[row].attempt = 1
            requestRow(place, row, now: now)
        }
    }

    func check(_ place: BannerPlace) throws(FramesError) {
        guard places[place.id] === place else {
            throw FramesError(.invalidHandle, "banner place \(place.id) does not belong to this engine or was freed")
        }
    }

    private func fetchList(for place: BannerPlace, now: Milliseconds) {
        place.loadGeneration += 1
        place.state = .loading
        sendBannerRequest(.bannerList(place: place.id, placeId: place.placeId, generation: place.loadGeneration), now: now)
    }

    func sendBannerRequest(_ purpose: RequestPurpose, now: Milliseconds) {
        if bannerAttempts[purpose] == nil { bannerAttempts[purpose] = 1 }
        switch purpose {
        case .bannerList(_, let placeId, _):
            var body = "{\"place_id\":" + JSONText.quoted(placeId)
            body += ",\"device_id\":" + JSONText.quoted(options.deviceId)
            body += ",\"session_id\":" + JSONText.quoted(sessionId)
            body += ",\"user_id\":" + (userId.map(JSONText.quoted) ?? "null")
            body += ",\"engine_version\":" + JSONText.quoted(FramesVersion.string) + "}"
            enqueue(purpose, method: "POST", url: options.bannersURL, body: Array(body.utf8),
                    headers: [HTTPHeader("Content-Type", "application/json"), HTTPHeader("Accept", "application/json")],
                    now: now)
        case .bannerContent(let id, let row, _):
            guard let url = places[id]?.banners[safe: row]?.content.url else { return }
            enqueue(purpose, method: "GET", url: url, now: now)
        case .placements, .contentDocument, .asset:
            break
        }
    }

    func resendBannerRequest(_ purpose: RequestPurpose, now: Milliseconds) {
        guard isCurrent(purpose) else {
            bannerAttempts[purpose] = nil
            return
        }
        sendBannerRequest(purpose, now: now)
    }

    /// A request still matters: its place lives and has not reloaded since.
    private func isCurrent(_ purpose: RequestPurpose) -> Bool {
        switch purpose {
        case .bannerList(let id?, _, let generation):
            return places[id]?.loadGeneration == generation
        case .bannerContent(let id, _, let generation):
            return places[id]?.loadGeneration == generation
        default:
            return true
        }
    }

    func bannerListArrived(place id: UInt64?, placeId: String, generation: Int, body: [UInt8], now: Milliseconds) {
        let purpose = RequestPurpose.bannerList(place: id, placeId: placeId, generation: generation)
        let list: BannerList
        do {
            list = try BannerList.decode(body)
        } catch {
            bannerListFailed(place: id, placeId: placeId, generation: generation, .malformed(error.message), now: now)
            return
        }
        bannerAttempts[purpose] = nil
        guard let id else {
            bannerCache[placeId] = list
            post(.preloaded(placeId: placeId, .success(list.banners)))
            return
        }
        guard let place = places[id], place.loadGeneration == generation else { return }
        // A refresh of a preloaded id keeps the cache fresh for later places.
        if bannerCache[placeId] != nil { bannerCache[placeId] = list }
        apply(list, to: place, now: now)
    }

    func bannerListFailed(place id: UInt64?, placeId: String, generation: Int, _ failure: RequestFailure, now: Milliseconds) {
        let purpose = RequestPurpose.bannerList(place: id, placeId: placeId, generation: generation)
        guard isCurrent(purpose) else { return }
        if let delay = bannerRetryDelay(purpose, failure) {
            timers.schedule(.retryBannerRequest(purpose), at: now.addingClamped(delay))
            return
        }
        let attempts = bannerAttempts.removeValue(forKey: purpose) ?? 1
        let error = FrameError(.resolutionFailed, "the banner list of \"\(placeId)\" failed after \(attempts) "
            + "attempt\(attempts == 1 ? "" : "s"): \(failure.message)", httpStatus: failure.httpStatus)
        guard let id else {
            post(.preloaded(placeId: placeId, .failure(error)))
            return
        }
        guard let place = places[id] else { return }
        place.state = .failed(error)
        // BN-15: the list updated to nothing; bannersLoaded is for loads only.
        place.banners = []
        place.rows = []
        place.contents = [:]
        post(place, .didUpdate(isContent: false, count: 0, listHeight: 0))
    }

    /// Shows a loaded list: the banners laid out (BN-02), fresh rows (a new
    /// load for BN-13), then every row's content requested (BN-16).
    func apply(_ list: BannerList, to place: BannerPlace, now: Milliseconds) {
        stopAllPlayback(place, now: now)
        if case .loading = place.state {} else { place.loadGeneration += 1 }
        let count = place.appearance.laidOutCount(of: list.banners.count)
        place.banners = Array(list.banners.prefix(count))
        place.rows = Array(repeating: BannerRow(), count: place.banners.count)
        place.contents = [:]
        place.state = .loaded
        place.currentIndex = 0
        post(place, .bannersLoaded)
        post(place, .didUpdate(isContent: !place.banners.isEmpty, count: place.banners.count, listHeight: place.listHeight))
        for row in place.banners.indices { requestRow(place, row, now: now) }
    }

    private func requestRow(_ place: BannerPlace, _ row: Int, now: Milliseconds) {
        guard let banner = place.banners[safe: row] else { return }
        let purpose = RequestPurpose.bannerContent(place: place.id, row: row, generation: place.loadGeneration)
        if let failure = ContentCheck.origin(of: banner.content.url, allowInsecureHTTP: options.allowInsecureHTTP) {
            bannerContentFailed(place: place.id, row: row, generation: place.loadGeneration, .content(failure), now: now)
            return
        }
        sendBannerRequest(purpose, now: now)
    }

    func bannerContentArrived(place id: UInt64, row: Int, generation: Int, body: [UInt8], now: Milliseconds) {
        guard let place = places[id], place.loadGeneration == generation, let banner = place.banners[safe: row],
              place.rows.indices.contains(row) else { return }
        if let failure = ContentCheck.integrity(of: body, expectedSHA256: banner.content.sha256, url: banner.content.url) {
            bannerContentFailed(place: id, row: row, generation: generation, .content(failure), now: now)
            return
        }
        bannerAttempts[.bannerContent(place: id, row: row, generation: generation)] = nil
        place.rows[row].content = .ready
        place.contents[row] = body
        post(place, .render(row: row, generation: generation))
        updatePlayback(place, now: now)
    }

    func bannerContentFailed(place id: UInt64, row: Int, generation: Int, _ failure: RequestFailure, now: Milliseconds) {
        let purpose = RequestPurpose.bannerContent(place: id, row: row, generation: generation)
        guard let place = places[id], place.loadGeneration == generation, place.rows[safe: row] != nil else {
            bannerAttempts[purpose] = nil
            return
        }
        if let delay = bannerRetryDelay(purpose, failure) {
            timers.schedule(.retryBannerRequest(purpose), at: now.addingClamped(delay))
            return
        }
        bannerAttempts[purpose] = nil
        let code: FrameError.Code
        if case .content(let check) = failure, check.kind == .placementUntrusted { code = .placementUntrusted } else { code = .downloadingFailed }
        let error = FrameError(code, "banner \(row) of \"\(place.placeId)\" failed: \(failure.message)", httpStatus: failure.httpStatus)
        place.rows[row].content = .failed(error)
        post(place, .rowFailed(row: row, error))
        updatePlayback(place, now: now)
    }

    private func bannerRetryDelay(_ purpose: RequestPurpose, _ failure: RequestFailure) -> Milliseconds? {
        let attempt = bannerAttempts[purpose] ?? 1
        guard let delay = retryDelay(after: attempt, failure) else { return nil }
        bannerAttempts[purpose] = attempt + 1
        return delay
    }
}
