// Decides: XC-11
/// XC-11 for a banner place: its list, each row's content and playback, and
/// why a row does not play — worked out with the same `PlaybackPlan` and
/// conditions playback itself uses (BN-09..BN-17), so the answer and the
/// start and pause callbacks cannot disagree.
extension BannerPlacesController {
    /// The reason codes of a banner place and of its banners (docs/spec.md,
    /// XC-11).
    public enum ExplainCode: String, CaseIterable, Sendable {
        case notLoaded = "not_loaded"
        case loading
        case listFailed = "list_failed"
        case empty
        case playing
        case contentLoading = "content_loading"
        case contentFailed = "content_failed"
        case notLaidOut = "not_laid_out"
        case background
        case hidden
        case readerShown = "reader_shown"
        case inputRequested = "input_requested"
        case pausedByHost = "paused_by_host"
        case offScreen = "off_screen"
        case notCurrentPage = "not_current_page"
        case noViewport = "no_viewport"
        case belowVisibility = "below_visibility"
        // Banners of the list that are not laid out.
        case overMaxCount = "over_max_count"
        case malformed
    }

    public func explain(_ place: BannerPlace, now: Milliseconds) throws(FramesError) -> Explanation {
        try check(place)
        return explanation(place, now: try services.explainTime(now))
    }

    /// Every place, in creation order (the engine's snapshot).
    func explanations(now: Milliseconds) -> [Explanation] {
        places.values.sorted { $0.id < $1.id }.map { explanation($0, now: now) }
    }

    func explanation(_ place: BannerPlace, now: Milliseconds) -> Explanation {
        let rects = place.rects
        let rowReasons = place.rows.indices.map { rowReason(place, $0, rects: rects) }
        let showing = place.banners.indices.map { row in
            Showing(id: place.banners[row].id, variantId: nil, location: "row:\(row)", status: rowStatus(place, row))
        }
        var candidates = place.banners.indices.map { row in
            Candidate(id: place.banners[row].id, facts: rowFacts(place, row, now: now),
                      reason: rowReasons[safe: row] ?? ExplainReason(ExplainCode.contentLoading, "no row state"))
        }
        candidates += place.leftOut.map { banner in
            Candidate(id: banner.id ?? "#\(banner.index)", facts: .facts(["index": .integer(Int64(banner.index))]),
                      reason: banner.dropped.map {
                          ExplainReason(ExplainCode.malformed, "the banner list's entry was dropped: \($0) (BN-07)")
                      } ?? ExplainReason(ExplainCode.overMaxCount, "the place lays out at most "
                          + "\(place.banners.count) banners (maxBannersCount, BN-02)"))
        }
        return Explanation(kind: "banner_place", object: "banner_place-\(place.id)", placementId: place.placeId,
                           now: now, userId: services.session.userId, state: loadWord(place), facts: facts(of: place),
                           showing: showing, reason: headline(place, rowReasons), candidates: candidates)
    }

    private func loadWord(_ place: BannerPlace) -> String {
        switch place.state {
        case .idle: return "idle"
        case .loading: return "loading"
        case .loaded: return "loaded"
        case .failed: return "failed"
        }
    }

    private func facts(of place: BannerPlace) -> JSONObject {
        let c = place.conditions
        return .facts([
            "layout": .string(place.appearance.layoutType.name),
            "container_width": .number(place.containerWidth),
            "rtl": .bool(place.rtl),
            "list_height": .number(place.listHeight),
            "current_index": .integer(Int64(place.currentIndex)),
            "load": .integer(Int64(place.loadGeneration)),
            "from_preload": .bool(place.cacheToken != nil),
            "viewport": place.viewport.map { v in
                .object(.facts(["x": .number(v.x), "y": .number(v.y), "width": .number(v.width),
                                "height": .number(v.height)]))
            } ?? .null,
            "app_active": .bool(c.appActive),
            "hidden": .bool(c.hidden),
            "reader_shown": .bool(c.readerShown),
            "input_shown": .bool(c.inputShown),
            "manually_paused": .bool(c.manuallyPaused),
        ])
    }

    private func rowFacts(_ place: BannerPlace, _ row: Int, now: Milliseconds) -> JSONObject {
        let state = place.rows[safe: row] ?? BannerRow()
        let content: String
        switch state.content {
        case .loading: content = "loading"
        case .ready: content = "ready"
        case .failed: content = "failed"
        }
        return .facts([
            "row": .integer(Int64(row)),
            "content": .string(content),
            "playing": .bool(state.playing),
            "viewed": .bool(state.viewed),
            "share": state.share.map(JSONValue.number) ?? .null,
            "position_ms": .integer(state.position(at: now)),
            "duration_ms": .integer(place.banners[safe: row]?.durationMs ?? 0),
        ])
    }

    private func rowStatus(_ place: BannerPlace, _ row: Int) -> String {
        guard let state = place.rows[safe: row] else { return "loading" }
        switch state.content {
        case .loading: return "loading"
        case .failed: return "failed"
        case .ready: return state.playing ? "playing" : "paused"
        }
    }

    private func headline(_ place: BannerPlace, _ rows: [ExplainReason]) -> ExplainReason {
        switch place.state {
        case .idle:
            return ExplainReason(ExplainCode.notLoaded, "the place loads its list when the host attaches it (BN-14)")
        case .loading:
            return ExplainReason(ExplainCode.loading, "the banner list of \"\(place.placeId)\" is loading (BN-14)")
        case .failed(let error):
            return ExplainReason(ExplainCode.listFailed, "the banner list could not be loaded; the place shows "
                + "nothing until it is refreshed (BN-15)").error(error)
        case .loaded:
            break
        }
        guard !place.banners.isEmpty else {
            return ExplainReason(ExplainCode.empty, "the list has no banner to lay out ("
                + "\(place.leftOut.count) left out; see the candidates) (BN-02, BN-07)")
        }
        let playing = place.rows.indices.filter { place.rows[$0].playing }
        if !playing.isEmpty {
            return ExplainReason(ExplainCode.playing, "row" + (playing.count == 1 ? " " : "s ")
                + playing.map { "\($0) (\(place.banners[safe: $0]?.id ?? ""))" }.joined(separator: ", ") + " playing")
        }
        // Nothing plays: the reason of the row that would play first.
        if place.appearance.layoutType == .carousel {
            return rows[safe: place.currentIndex] ?? rows.first ?? ExplainReason(ExplainCode.empty, "no rows")
        }
        let ready = place.rows.indices.first { place.rows[$0].content == .ready }
        return rows[safe: ready ?? 0] ?? rows.first ?? ExplainReason(ExplainCode.empty, "no rows")
    }

    /// Why row `row` plays or not, in the order `PlaybackPlan` checks.
    private func rowReason(_ place: BannerPlace, _ row: Int, rects: [Rect]) -> ExplainReason {
        guard let state = place.rows[safe: row] else {
            return ExplainReason(ExplainCode.contentLoading, "no row state")
        }
        switch state.content {
        case .loading:
            return ExplainReason(ExplainCode.contentLoading, "its content is downloading (BN-16)")
        case .failed(let error):
            return ExplainReason(ExplainCode.contentFailed, "its content failed; it keeps its place and can be "
                + "retried on its own (BN-16)").error(error)
        case .ready:
            break
        }
        if state.playing {
            return ExplainReason(ExplainCode.playing, "it plays, muted (BN-09, BN-10)")
        }
        if let blocked = blocker(place) { return blocked }
        guard let rect = rects[safe: row], rect.width > 0, rect.height > 0 else {
            return ExplainReason(ExplainCode.notLaidOut, "the place has no width to lay banners out in "
                + "(container width \(place.containerWidth)) (BN-04..BN-06)")
        }
        let share = state.share
        switch place.appearance.layoutType {
        case .carousel:
            if !PlaybackPlan.isOnScreen(bounds: place.bounds, viewport: place.viewport) {
                return ExplainReason(ExplainCode.offScreen, "the carousel is entirely off screen: as if hidden (BN-10)")
            }
            let current = place.banners[safe: place.currentIndex]?.id ?? ""
            return ExplainReason(ExplainCode.notCurrentPage, "the carousel shows page \(place.currentIndex); only "
                + "the current page plays (BN-09)").than(current)
        case .verticalList where share == nil:
            return ExplainReason(ExplainCode.noViewport, "the host has not reported the list's viewport: nothing is "
                + "known to be visible (BN-10)")
        case .verticalList, .tiles:
            let percent = ((share ?? 0) * 1000).rounded() / 10
            return ExplainReason(ExplainCode.belowVisibility, "\(percent) % of it is visible; a banner plays above "
                + "75 % (BN-10)")
        }
    }

    /// The condition that pauses every banner of the place, if one does
    /// (BN-09, BN-11, BN-17).
    private func blocker(_ place: BannerPlace) -> ExplainReason? {
        let c = place.conditions
        if !c.appActive {
            return ExplainReason(ExplainCode.background, "the app is in the background (BN-09, BN-11)")
        }
        if c.hidden { return ExplainReason(ExplainCode.hidden, "the host hid the place") }
        if c.readerShown {
            return ExplainReason(ExplainCode.readerShown, "another reader covers the place (BN-11)")
        }
        if c.inputShown {
            let row = place.inputRow ?? 0
            return ExplainReason(ExplainCode.inputRequested, "row \(row) asked for input; the place waits for the "
                + "dialog to close (BN-17)").than(place.banners[safe: row]?.id ?? "")
        }
        if c.manuallyPaused {
            return ExplainReason(ExplainCode.pausedByHost, place.appearance.layoutType == .carousel
                ? "the host paused it; a user interaction or the next foreground resumes it (BN-09)"
                : "the host paused it until it resumes (BN-11)")
        }
        return nil
    }
}
