/// Playback of banner places (BN-09..BN-13): the plan of `PlaybackPlan`
/// turned into start and pause callbacks, view statistics and the timers
/// that end each run.
extension Engine {
    /// Moves every row to what the plan says now; the one place that starts
    /// and pauses banners.
    func updatePlayback(_ place: BannerPlace, now: Milliseconds) {
        place.lastTime = now
        let plan = PlaybackPlan.evaluate(
            layout: place.appearance.layoutType, rects: place.rects, ready: place.rows.map { $0.content == .ready },
            viewport: place.viewport, currentIndex: place.currentIndex, conditions: place.conditions)
        // Pauses first, so a host stops the banner leaving before the one
        // arriving starts (one media session at a time).
        for (row, entry) in plan.enumerated() where row < place.rows.count && !entry.playing && place.rows[row].playing {
            pause(place, row, now: now)
        }
        for (row, entry) in plan.enumerated() where row < place.rows.count {
            place.rows[row].share = entry.share
            if entry.playing && !place.rows[row].playing {
                start(place, row, now: now)
            }
            // BN-12: tiles without a viewport count a banner as viewed once
            // it is laid out and ready while it can be seen: a manual pause
            // or an input dialog leaves it on screen; the background, a
            // reader on top or a hidden place do not.
            let seen = place.conditions.appActive && !place.conditions.hidden && !place.conditions.readerShown
            if place.appearance.layoutType == .tiles, place.viewport == nil, seen, place.rows[row].content == .ready {
                countView(place, row, now: now)
            }
        }
        scheduleTick(place)
    }

    private func start(_ place: BannerPlace, _ row: Int, now: Milliseconds) {
        var state = place.rows[row]
        // BN-10: resume where it paused while the web context lives; from the
        // start after a reset, a release or the first time.
        let fromStart = !(state.contextAlive && state.position > 0)
        if fromStart {
            state.position = 0
            state.countdownFrom = 0
        }
        state.startedAt = now
        state.playing = true
        state.contextAlive = true
        place.rows[row] = state
        post(place, .playback(row: row, playing: true, fromStart: fromStart))
        countView(place, row, now: now)
    }

    private func pause(_ place: BannerPlace, _ row: Int, now: Milliseconds) {
        var state = place.rows[row]
        state.position = state.position(at: now)
        state.startedAt = nil
        state.playing = false
        place.rows[row] = state
        post(place, .playback(row: row, playing: false, fromStart: false))
    }

    /// BN-13: once per banner per load; BN-15: `show` with it.
    private func countView(_ place: BannerPlace, _ row: Int, now: Milliseconds) {
        guard !place.rows[row].viewed else { return }
        place.rows[row].viewed = true
        post(place, .show(row: row))
        recordBanner("banners.view", place, row: row, now: now)
    }

    func stopAllPlayback(_ place: BannerPlace, now: Milliseconds) {
        for row in place.rows.indices where place.rows[row].playing { pause(place, row, now: now) }
        let id = place.id
        timers.cancel { if case .bannerTick(id) = $0 { return true } else { return false } }
    }

    /// One timer per place, at the earliest end of a playing run.
    private func scheduleTick(_ place: BannerPlace) {
        let id = place.id
        timers.cancel { if case .bannerTick(id) = $0 { return true } else { return false } }
        var earliest: Milliseconds?
        for (row, state) in place.rows.enumerated() where state.playing {
            guard let startedAt = state.startedAt, let banner = place.banners[safe: row] else { continue }
            let end = startedAt.addingClamped(max(0, banner.durationMs - (state.position - state.countdownFrom)))
            earliest = min(earliest ?? end, end)
        }
        if let earliest { timers.schedule(.bannerTick(place: id), at: earliest) }
    }

    /// Runs that reached their duration: lists repeat the banner without a
    /// new view (BN-10); the carousel moves to the next page (BN-09).
    func bannerTick(placeObjectId id: UInt64, now: Milliseconds) {
        guard let place = places[id] else { return }
        var advanceTo: Int?
        for (row, state) in place.rows.enumerated() where state.playing {
            guard let banner = place.banners[safe: row], state.countdown(at: now) >= banner.durationMs else { continue }
            // The run is complete: this banner starts over next time.
            place.rows[row].position = 0
            place.rows[row].countdownFrom = 0
            place.rows[row].startedAt = now
            if place.appearance.layoutType == .carousel, row == place.currentIndex, let next = nextPage(place, after: row) {
                advanceTo = next
            } else {
                post(place, .playback(row: row, playing: true, fromStart: true))
            }
        }
        if let advanceTo {
            scroll(place, to: advanceTo, now: now)
        } else {
            scheduleTick(place)
        }
    }

    /// The carousel's page after `row`, wrapping when it loops; nil at the
    /// last page without looping (the banner then repeats).
    func nextPage(_ place: BannerPlace, after row: Int) -> Int? {
        guard !place.banners.isEmpty else { return nil }
        if row + 1 < place.banners.count { return row + 1 }
        return place.appearance.shouldLoop && place.banners.count > 1 ? 0 : nil
    }

    /// Changes the current index, firing didScroll when it changed (BN-08).
    func scroll(_ place: BannerPlace, to index: Int, now: Milliseconds) {
        if index != place.currentIndex {
            place.currentIndex = index
            post(place, .didScroll(index))
        }
        updatePlayback(place, now: now)
    }

    /// BN-17: the input dialog closed (or was never shown); eligibility is
    /// checked again.
    func finishInput(_ place: BannerPlace, now: Milliseconds?) {
        guard place.conditions.inputShown else { return }
        place.conditions.inputShown = false
        place.inputRow = nil
        updatePlayback(place, now: now ?? place.lastTime)
    }

    /// XC-04 for banners: background pauses every place; coming back resumes
    /// them, and clears a carousel's manual pause (BN-09) but not a list's
    /// (BN-11).
    func bannersFollowAppState(_ state: AppState, cameBack: Bool, now: Milliseconds) {
        for place in places.values.sorted(by: { $0.id < $1.id }) {
            place.conditions.appActive = state != .background
            if cameBack && place.appearance.layoutType == .carousel { place.conditions.manuallyPaused = false }
            updatePlayback(place, now: now)
        }
    }
}
