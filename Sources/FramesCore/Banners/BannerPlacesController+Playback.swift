// Decides: BN-09, BN-10, BN-12, BN-13
/// Playback of banner places (BN-09..BN-13): `PlaybackPlan` turned into start
/// and pause callbacks, view statistics, the carousel's countdown and the
/// timer that ends each run.
///
/// A full update looks at every row (the viewport, the size or a condition
/// changed); a row's content arriving or failing updates that row alone, so
/// loading N banners costs O(N), not O(N²).
extension BannerPlacesController {
    /// What the rows of a place are evaluated against, computed once per
    /// update.
    private struct Situation {
        let blocked: Bool
        /// On screen, whatever the conditions that pause playback: a manual
        /// pause or an input dialog leaves banners seen; the background, a
        /// reader on top, a hidden place or a carousel off screen do not.
        let seen: Bool

        init(_ place: BannerPlace) {
            let c = place.conditions
            let onScreen = place.appearance.layoutType != .carousel
                || PlaybackPlan.isOnScreen(bounds: place.bounds, viewport: place.viewport)
            blocked = c.blocksPlayback || !onScreen
            seen = c.appActive && !c.hidden && !c.readerShown && onScreen
        }
    }

    /// Moves every row to what the plan says now.
    func updatePlayback(_ place: BannerPlace, now: Milliseconds) {
        let situation = Situation(place)
        let rects = place.rects
        var decisions: [(share: Double?, playing: Bool)] = []
        decisions.reserveCapacity(place.rows.count)
        for row in place.rows.indices {
            decisions.append(decide(place, row, rects: rects, situation))
        }
        // Pauses first, so a host stops the banner leaving before the one
        // arriving starts (one media session at a time).
        for row in place.playingRows where !(decisions[safe: row]?.playing ?? false) {
            pause(place, row, now: now)
        }
        for (row, decision) in decisions.enumerated() {
            apply(decision, to: place, row, situation, now: now)
        }
        updateHold(place, situation, now: now)
        rescheduleTick(place)
    }

    /// Moves only `row` (whose content changed) to what the plan says now.
    func updatePlayback(_ place: BannerPlace, row: Int, now: Milliseconds) {
        let situation = Situation(place)
        var runChanged = false
        if place.rows.indices.contains(row) {
            let wasPlaying = place.rows[row].playing
            let decision = decide(place, row, rects: place.rects, situation)
            if !decision.playing && wasPlaying { pause(place, row, now: now) }
            apply(decision, to: place, row, situation, now: now)
            runChanged = wasPlaying != place.rows[row].playing
        }
        // BN-09: the countdown and the timer follow the page on screen; a
        // row elsewhere whose content arrives changes neither unless its run
        // stopped, so a carousel's load stays one step per answer.
        if place.appearance.layoutType == .carousel && (row == place.currentIndex || runChanged) {
            updateHold(place, situation, now: now)
            rescheduleTick(place)
        }
    }

    @inline(__always)
    private func decide(_ place: BannerPlace, _ row: Int, rects: [Rect], _ situation: Situation) -> (share: Double?, playing: Bool) {
        guard let rect = rects[safe: row] else { return (nil, false) }
        return PlaybackPlan.decide(layout: place.appearance.layoutType, rect: rect,
                                   isReady: place.rows[row].content == .ready, viewport: place.viewport,
                                   isCurrent: row == place.currentIndex, blocked: situation.blocked)
    }

    @inline(__always)
    private func apply(_ decision: (share: Double?, playing: Bool), to place: BannerPlace, _ row: Int,
                       _ situation: Situation, now: Milliseconds) {
        place.rows[row].share = decision.share
        if decision.playing && !place.rows[row].playing { start(place, row, now: now) }
        guard situation.seen, place.rows[row].content == .ready else { return }
        switch place.appearance.layoutType {
        case .tiles where place.viewport == nil:
            // BN-12: tiles without a viewport count a banner as viewed once it
            // is laid out, ready and seen.
            countView(place, row, now: now)
        case .carousel where row == place.currentIndex:
            // BN-13: the carousel's page on screen is seen, playing or paused.
            countView(place, row, now: now)
        default:
            break
        }
    }

    private func start(_ place: BannerPlace, _ row: Int, now: Milliseconds) {
        // BN-10: resume where it paused while the web context lives; from the
        // start after a reset, a release or the first time.
        let fromStart = !(place.rows[row].webContextAlive && place.rows[row].position > 0)
        place.rows[row].start(at: now, fromStart: fromStart)
        place.playingRows.insert(row)
        post(place, .playback(row: row, playing: true, fromStart: fromStart))
        countView(place, row, now: now)
        if let end = runEnd(place, row) { noteTick(place, at: end) }
    }

    private func pause(_ place: BannerPlace, _ row: Int, now: Milliseconds) {
        place.rows[row].pause(at: now)
        place.playingRows.remove(row)
        post(place, .playback(row: row, playing: false, fromStart: false))
    }

    /// BN-13: once per banner per load; BN-15: `show` with it.
    private func countView(_ place: BannerPlace, _ row: Int, now: Milliseconds) {
        guard !place.rows[row].viewed, place.banners.indices.contains(row) else { return }
        place.rows[row].viewed = true
        post(place, .show(row: row, banners: place.banners))
        recordBanner("banners.view", place, row: row, now: now)
    }

    func stopAllPlayback(_ place: BannerPlace, now: Milliseconds) {
        for row in place.playingRows where place.rows.indices.contains(row) { pause(place, row, now: now) }
        place.playingRows.removeAll()
        place.hold = nil
        services.cancelTimer(place.tickTimer)
        place.tickTimer = nil
        place.tickDeadline = nil
    }

    /// BN-09, BN-16: the carousel's page counts down even when its banner
    /// cannot play — loading or failed — so the carousel never freezes; the
    /// countdown pauses while playback is blocked, like a playing banner.
    private func updateHold(_ place: BannerPlace, _ situation: Situation, now: Milliseconds) {
        let row = place.currentIndex
        guard place.appearance.layoutType == .carousel, place.state == .loaded,
              let state = place.rows[safe: row], state.content != .ready else {
            place.hold = nil
            return
        }
        var hold = place.hold?.row == row ? place.hold ?? PageHold(row: row) : PageHold(row: row)
        if situation.blocked {
            hold.elapsed = hold.elapsed(at: now)
            hold.startedAt = nil
        } else if hold.startedAt == nil && !hold.finished {
            hold.startedAt = now
        }
        place.hold = hold
    }

    /// When the run of a playing row reaches its banner's duration.
    private func runEnd(_ place: BannerPlace, _ row: Int) -> Milliseconds? {
        guard let state = place.rows[safe: row], let startedAt = state.startedAt,
              let banner = place.banners[safe: row] else { return nil }
        return startedAt.addingClamped(max(0, banner.durationMs - (state.position - state.countdownFrom)))
    }

    private func holdEnd(_ place: BannerPlace) -> Milliseconds? {
        guard let hold = place.hold, !hold.finished, let startedAt = hold.startedAt,
              let banner = place.banners[safe: hold.row] else { return nil }
        return startedAt.addingClamped(max(0, banner.durationMs - hold.elapsed))
    }

    /// Brings the place's timer forward to `deadline` if that is earlier.
    private func noteTick(_ place: BannerPlace, at deadline: Milliseconds) {
        if let current = place.tickDeadline, current <= deadline { return }
        services.cancelTimer(place.tickTimer)
        place.tickTimer = services.schedule(.tick(place: place.id), at: deadline)
        place.tickDeadline = deadline
    }

    /// One timer per place, at the earliest end of a playing run or of the
    /// carousel's countdown.
    private func rescheduleTick(_ place: BannerPlace) {
        services.cancelTimer(place.tickTimer)
        place.tickTimer = nil
        place.tickDeadline = nil
        var earliest = holdEnd(place)
        for row in place.playingRows {
            guard let end = runEnd(place, row) else { continue }
            earliest = min(earliest ?? end, end)
        }
        if let earliest { noteTick(place, at: earliest) }
    }

    /// Runs that reached their duration: lists repeat the banner without a
    /// new view (BN-10); the carousel moves to the next page (BN-09), also
    /// past a page whose banner cannot play.
    func bannerTick(_ place: BannerPlace, now: Milliseconds) {
        var advanceTo: Int?
        for row in place.playingRows {
            guard let banner = place.banners[safe: row], place.rows.indices.contains(row),
                  place.rows[row].countdown(at: now) >= banner.durationMs else { continue }
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
        if let hold = place.hold, !hold.finished, let banner = place.banners[safe: hold.row],
           hold.elapsed(at: now) >= banner.durationMs {
            if let next = nextPage(place, after: hold.row) {
                advanceTo = next
            } else {
                place.hold?.finished = true
            }
        }
        if let advanceTo {
            scroll(place, to: advanceTo, now: now)
        } else {
            rescheduleTick(place)
        }
    }

    /// The carousel's page after `row`, wrapping when it loops; nil at the
    /// last page without looping (the banner then repeats).
    func nextPage(_ place: BannerPlace, after row: Int) -> Int? {
        guard !place.banners.isEmpty else { return nil }
        if row + 1 < place.banners.count { return row + 1 }
        return place.appearance.shouldLoop && place.banners.count > 1 ? 0 : nil
    }

    /// Changes the current index and updates playback.
    func scroll(_ place: BannerPlace, to index: Int, now: Milliseconds) {
        setCurrentIndex(place, index)
        updatePlayback(place, now: now)
    }

    /// BN-08: every change of the current index is reported — swipe, timer,
    /// call, or a load that puts the carousel back on its first page.
    func setCurrentIndex(_ place: BannerPlace, _ index: Int) {
        guard index != place.currentIndex else { return }
        place.currentIndex = index
        post(place) { $1.place($0, didScroll: index) }
    }

    /// BN-17: the input dialog closed (or was never shown); eligibility is
    /// checked again.
    func finishInput(_ place: BannerPlace, now: Milliseconds) {
        guard place.conditions.inputShown else { return }
        place.conditions.inputShown = false
        place.inputRow = nil
        updatePlayback(place, now: now)
    }

    /// BN-09: a user interaction ends a carousel's manual pause and restarts
    /// the page's countdown — playing, paused or unable to play — without
    /// restarting the content.
    func interacted(_ place: BannerPlace, now: Milliseconds) {
        guard place.appearance.layoutType == .carousel else { return }
        place.conditions.manuallyPaused = false
        let row = place.currentIndex
        if let state = place.rows[safe: row] {
            place.rows[row].countdownFrom = state.position(at: now)
        }
        if var hold = place.hold, hold.row == row {
            hold.elapsed = 0
            hold.finished = false
            if hold.startedAt != nil { hold.startedAt = now }
            place.hold = hold
        }
    }
}
