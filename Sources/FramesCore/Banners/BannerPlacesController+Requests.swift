/// The requests behind a place (BN-07, BN-14, BN-16, XC-06): its list and
/// each row's content, preloads, and their retries; what an answer or a
/// failure does to the place.
extension BannerPlacesController {
    func fetchList(for place: BannerPlace, now: Milliseconds) {
        place.loadGeneration += 1
        place.state = .loading
        send(.list(place: place.id, placeId: ExactKey(place.placeId), generation: place.loadGeneration), now: now)
    }

    /// Sends a request (its first attempt or a retry).
    func send(_ request: BannerRequest, now: Milliseconds) {
        let url: String
        switch request {
        case .list(_, let placeId, _):
            enqueueList(request, placeId: placeId.string, now: now)
            return
        case .preloadList(let token):
            guard let pending = preloads[token] else { return }
            enqueueList(request, placeId: pending.placeId.string, now: now)
            return
        case .content(let id, let row, _):
            guard let banner = places[id]?.banners[safe: row] else { return }
            url = banner.content.url
        case .preloadContent(let token, let index):
            guard let banner = preloads[token]?.list?.banners[safe: index] else { return }
            url = banner.content.url
        }
        services.enqueue(request, method: "GET", url: url, boundToIdentity: false, now: now)
    }

    func enqueueList(_ request: BannerRequest, placeId: String, now: Milliseconds) {
        let body = "{\"place_id\":" + JSONText.quoted(placeId) + "," + services.identityJSONFields() + "}"
        services.enqueueJSON(request, url: options.bannersURL, body: body, boundToIdentity: false, now: now)
    }

    func resend(_ request: BannerRequest, now: Milliseconds) {
        guard isCurrent(request) else {
            forgetAttempts(request)
            return
        }
        send(request, now: now)
    }

    /// A request still matters: its place lives and has not reloaded since,
    /// or its preload is still running.
    func isCurrent(_ request: BannerRequest) -> Bool {
        switch request {
        case .list(let id, _, let generation), .content(let id, _, let generation):
            return places[id]?.loadGeneration == generation
        case .preloadList(let token), .preloadContent(let token, _):
            return preloads[token] != nil
        }
    }

    /// Only retried requests have an entry (a missing one is attempt 1), so
    /// the usual answer — a first attempt that succeeded — costs no lookup.
    func forgetAttempts(_ request: BannerRequest) {
        if !attempts.isEmpty { attempts[request] = nil }
    }

    /// XC-06: schedules another attempt and returns nil, or gives up and
    /// returns how many attempts were made.
    func retryOrGiveUp(_ request: BannerRequest, _ failure: RequestFailure, now: Milliseconds) -> Int? {
        let attempt = attempts[request] ?? 1
        if let delay = services.retryDelay(after: attempt, failure) {
            attempts[request] = attempt + 1
            _ = services.schedule(.retry(request), at: now.addingClamped(delay))
            return nil
        }
        forgetAttempts(request)
        return attempt
    }

    func requestSucceeded(_ request: BannerRequest, body: [UInt8], now: Milliseconds) {
        switch request {
        case .list(let id, let placeId, let generation):
            guard let list = decodeList(request, body, now: now) else { return }
            guard let place = places[id], place.loadGeneration == generation else { return }
            // A refresh of a cached id keeps the cache fresh for later places.
            if cache[placeId] != nil {
                let token = nextToken
                nextToken += 1
                cache[placeId] = BannerCacheEntry(token: token, list: list)
                place.cacheToken = token
            } else {
                place.cacheToken = nil
            }
            apply(list, contents: [:], to: place, now: now)
        case .preloadList(let token):
            guard let list = decodeList(request, body, now: now), preloads[token] != nil else { return }
            preloads[token]?.list = list
            for index in list.banners.indices {
                if let failure = ContentCheck.origin(of: list.banners[index].content.url,
                                                     allowInsecureHTTP: services.options.allowInsecureHTTP) {
                    preloads[token]?.contents[index] = .failure(contentError(failure: .content(failure),
                                                                             banner: list.banners[index]))
                } else {
                    send(.preloadContent(preload: token, index: index), now: now)
                }
            }
            finishPreloadIfComplete(token)
        case .content(let id, let row, let generation):
            guard let place = places[id], place.loadGeneration == generation else { return }
            let banners = place.banners
            guard banners.indices.contains(row), place.rows.indices.contains(row) else { return }
            // The two strings the check needs, not the whole banner.
            let content = banners[row].content
            if let failure = Self.check(body, url: content.url, sha256: content.sha256) {
                requestFailed(request, .content(failure), now: now)
                return
            }
            forgetAttempts(request)
            markReady(place, row, body)
            if let token = place.cacheToken, cache[ExactKey(place.placeId)]?.token == token {
                cache[ExactKey(place.placeId)]?.contents[row] = .success(body)
            }
            updatePlayback(place, row: row, now: now)
        case .preloadContent(let token, let index):
            guard let banner = preloads[token]?.list?.banners[safe: index] else { return }
            if let failure = Self.check(body, of: banner) {
                requestFailed(request, .content(failure), now: now)
                return
            }
            forgetAttempts(request)
            preloads[token]?.contents[index] = .success(body)
            finishPreloadIfComplete(token)
        }
    }

    func requestFailed(_ request: BannerRequest, _ failure: RequestFailure, now: Milliseconds) {
        guard isCurrent(request) else {
            forgetAttempts(request)
            return
        }
        guard let attemptsMade = retryOrGiveUp(request, failure, now: now) else { return }
        switch request {
        case .list(let id, let placeId, _):
            guard let place = places[id] else { return }
            let error = listError(placeId.string, attemptsMade, failure)
            stopAllPlayback(place, now: now)
            place.state = .failed(error)
            // BN-15: the list updated to nothing; bannersLoaded is for loads only.
            place.banners = []
            place.leftOut = []
            place.rows = []
            place.contents = []
            place.hold = nil
            post(place) { $1.place($0, didUpdate: false, count: 0, listHeight: 0) }
            setCurrentIndex(place, 0)
        case .preloadList(let token):
            guard let pending = preloads.removeValue(forKey: token) else { return }
            let error = listError(pending.placeId.string, attemptsMade, failure)
            let placeId = pending.placeId.string
            services.post { controller in controller.host?.preloaded(placeId, result: .failure(error)) }
        case .content(let id, let row, _):
            guard let place = places[id], let banner = place.banners[safe: row] else { return }
            let error = contentError(failure: failure, banner: banner, row: row, placeId: place.placeId)
            services.trace(.warning, error.message)
            place.rows[row].content = .failed(error)
            post(place) { $1.place($0, rowFailed: row, error: error) }
            updatePlayback(place, row: row, now: now)
        case .preloadContent(let token, let index):
            guard let banner = preloads[token]?.list?.banners[safe: index] else { return }
            preloads[token]?.contents[index] = .failure(contentError(failure: failure, banner: banner))
            finishPreloadIfComplete(token)
        }
    }

    /// The list, or nil after treating a malformed one as a failure.
    func decodeList(_ request: BannerRequest, _ body: [UInt8], now: Milliseconds) -> BannerList? {
        do {
            let list = try BannerList.decode(body)
            forgetAttempts(request)
            return list
        } catch {
            requestFailed(request, .malformed(error.message), now: now)
            return nil
        }
    }

    /// Banner content is checked like App Frames content: its SHA-256, and
    /// the size an asset may have (AF-14) — a preload keeps it in memory.
    static func check(_ body: [UInt8], of banner: Banner) -> ContentCheckFailure? {
        check(body, url: banner.content.url, sha256: banner.content.sha256)
    }

    static func check(_ body: [UInt8], url: String, sha256: String) -> ContentCheckFailure? {
        ContentCheck.assetSize(Int64(body.count), url: url)
            ?? ContentCheck.integrity(of: body, expectedSHA256: sha256, url: url)
    }

    func listError(_ placeId: String, _ attempts: Int, _ failure: RequestFailure) -> ContentError {
        ContentError(.resolutionFailed, "the banner list of \"\(placeId)\" failed after \(attempts) "
            + "attempt\(attempts == 1 ? "" : "s"): \(failure.message)", httpStatus: failure.httpStatus)
    }

    func contentError(failure: RequestFailure, banner: Banner, row: Int? = nil, placeId: String? = nil) -> ContentError {
        let code: ContentError.Code
        if case .content(let check) = failure, check.kind == .placementUntrusted { code = .placementUntrusted } else { code = .downloadingFailed }
        // row_failed names the row only: the message names the banner too,
        // the one way a place that loaded its own list learns it (BN-16).
        let what = row.map { "banner \($0) \"\(banner.id)\" of \"\(placeId ?? "")\"" } ?? "banner \"\(banner.id)\""
        return ContentError(code, "\(what) failed: \(failure.message)", httpStatus: failure.httpStatus)
    }

    func finishPreloadIfComplete(_ token: Int) {
        guard let pending = preloads[token], let list = pending.list,
              pending.contents.count == list.banners.count else { return }
        preloads[token] = nil
        let entryToken = nextToken
        nextToken += 1
        cache[pending.placeId] = BannerCacheEntry(token: entryToken, list: list, contents: pending.contents)
        var failures: [(index: Int, error: ContentError)] = []
        for index in list.banners.indices {
            if case .failure(let error)? = pending.contents[index] { failures.append((index, error)) }
        }
        let result = PreloadedBanners(banners: list.banners, failures: failures)
        let placeId = pending.placeId.string
        services.post { controller in controller.host?.preloaded(placeId, result: .success(result)) }
    }
}
