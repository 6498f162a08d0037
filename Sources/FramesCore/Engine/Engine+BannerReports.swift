/// What the host reports about a banner place: its size and viewport, the
/// user's gestures, the content's requests (BN-08..BN-17).
extension Engine {
    /// The place's width and direction; the list geometry updates (BN-15).
    public func setContainer(_ place: BannerPlace, width: Double, rtl: Bool, now: Milliseconds) throws(FramesError) {
        try mutate { () throws(FramesError) in
            try check(place)
            guard width.isFinite, width >= 0 else {
                throw .invalidArgument("container_width is \(width); it must be a finite length >= 0")
            }
            guard width != place.containerWidth || rtl != place.rtl else { return }
            place.containerWidth = width
            place.rtl = rtl
            if place.state == .loaded {
                post(place, .didUpdate(isContent: !place.banners.isEmpty, count: place.banners.count, listHeight: place.listHeight))
            }
            updatePlayback(place, now: now)
        }
    }

    /// What the user sees of the place, in its content coordinates; nil when
    /// unknown (BN-10, BN-12).
    public func setViewport(_ place: BannerPlace, _ viewport: Viewport?, now: Milliseconds) throws(FramesError) {
        try mutate { () throws(FramesError) in
            try check(place)
            place.viewport = try viewport?.checked()
            updatePlayback(place, now: now)
        }
    }

    /// The host hid or showed the whole place.
    public func setHidden(_ place: BannerPlace, _ hidden: Bool, now: Milliseconds) throws(FramesError) {
        try mutate { () throws(FramesError) in
            try check(place)
            place.conditions.hidden = hidden
            updatePlayback(place, now: now)
        }
    }

    /// BN-11: another reader (a story, a message) covers the place.
    public func setReaderShown(_ place: BannerPlace, _ shown: Bool, now: Milliseconds) throws(FramesError) {
        try mutate { () throws(FramesError) in
            try check(place)
            place.conditions.readerShown = shown
            updatePlayback(place, now: now)
        }
    }

    /// BN-09, BN-11: a manual pause. It lasts through scrolling and
    /// background/foreground for lists; a carousel's ends with the next user
    /// interaction or foreground.
    public func pause(_ place: BannerPlace, now: Milliseconds) throws(FramesError) {
        try mutate { () throws(FramesError) in
            try check(place)
            place.conditions.manuallyPaused = true
            updatePlayback(place, now: now)
        }
    }

    /// Clears the manual pause and checks visibility again (BN-11).
    public func resume(_ place: BannerPlace, now: Milliseconds) throws(FramesError) {
        try mutate { () throws(FramesError) in
            try check(place)
            place.conditions.manuallyPaused = false
            updatePlayback(place, now: now)
        }
    }

    /// BN-09: the user touched the place (not a swipe): a carousel's manual
    /// pause ends and its countdown restarts — whether the page was playing
    /// or paused; the content is not restarted.
    public func userInteracted(_ place: BannerPlace, now: Milliseconds) throws(FramesError) {
        try mutate { () throws(FramesError) in
            try check(place)
            interacted(place, now: now)
            updatePlayback(place, now: now)
        }
    }

    /// BN-08: the user swiped the carousel to `index` (an interaction).
    public func userScrolled(_ place: BannerPlace, to index: Int, now: Milliseconds) throws(FramesError) {
        try mutate { () throws(FramesError) in
            try check(place)
            try checkIndex(place, index)
            interacted(place, now: now)
            scroll(place, to: index, now: now)
        }
    }

    /// BN-10: the row's web context was reset or released (cell reuse): it
    /// plays from the start next time.
    public func contextReset(_ place: BannerPlace, row: Int, now: Milliseconds) throws(FramesError) {
        try mutate { () throws(FramesError) in
            try check(place)
            try checkIndex(place, row)
            if place.rows[row].playing {
                throw FramesError(.invalidState, "row \(row) is playing; its context can be reset only while paused")
            }
            place.rows[row].contextAlive = false
            place.rows[row].position = 0
            place.rows[row].countdownFrom = 0
        }
    }

    /// BN-15: a link inside banner `row` was tapped: onAction(target) and a
    /// click record. Clicks work below the playback threshold (BN-11).
    public func bannerAction(_ place: BannerPlace, row: Int, target: String, now: Milliseconds) throws(FramesError) {
        try mutate { () throws(FramesError) in
            try check(place)
            try checkIndex(place, row)
            interacted(place, now: now)
            post(place, .onAction(target))
            recordBanner("banners.click", place, row: row, now: now, fields: [AnalyticsField("target", target)])
            updatePlayback(place, now: now)
        }
    }

    /// BN-15: a widget inside banner `row` reported `name` with optional JSON
    /// data.
    public func bannerWidgetEvent(_ place: BannerPlace, row: Int, name: String, data: String?, now: Milliseconds) throws(FramesError) {
        try mutate { () throws(FramesError) in
            try check(place)
            try checkIndex(place, row)
            post(place, .widgetEvent(row: row, name: name, data: data))
            recordBanner("banners.widgetEvent", place, row: row, now: now,
                         fields: [AnalyticsField("name", name)] + (data.map { [AnalyticsField("data", $0)] } ?? []))
        }
    }

    /// BN-17: banner `row` asks for input: the host's presenter is asked and
    /// the place pauses until `inputFinished` (or at once if nobody presents).
    public func bannerInputRequested(_ place: BannerPlace, row: Int, kind: InputKind, prompt: String,
                                     now: Milliseconds) throws(FramesError) {
        try mutate { () throws(FramesError) in
            try check(place)
            try checkIndex(place, row)
            guard !place.conditions.inputShown else {
                throw FramesError(.invalidState, "an input dialog is already shown for row \(place.inputRow ?? -1)")
            }
            place.conditions.inputShown = true
            place.inputRow = row
            updatePlayback(place, now: now)
            post(place, .inputRequested(row: row, kind: kind, prompt: prompt))
        }
    }

    /// BN-17: the input dialog closed.
    public func inputFinished(_ place: BannerPlace, now: Milliseconds) throws(FramesError) {
        try mutate { () throws(FramesError) in
            try check(place)
            finishInput(place, now: now)
        }
    }

    private func interacted(_ place: BannerPlace, now: Milliseconds) {
        guard place.appearance.layoutType == .carousel else { return }
        place.conditions.manuallyPaused = false
        let row = place.currentIndex
        guard let state = place.rows[safe: row] else { return }
        // The countdown restarts from where the content is, playing or paused.
        place.rows[row].countdownFrom = state.position(at: now)
    }

    func checkIndex(_ place: BannerPlace, _ index: Int) throws(FramesError) {
        guard index >= 0, index < place.banners.count else {
            throw FramesError(.outOfRange, "index \(index) is not a banner of the place; it has \(place.banners.count)")
        }
    }
}
