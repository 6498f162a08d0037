// Decides: BN-11, BN-15, BN-17
/// What the host reports about a banner place: its size and viewport, the
/// user's gestures, the content's requests (BN-08..BN-17).
extension BannerPlacesController {
    /// The place's width and direction; the list geometry updates (BN-15).
    public func setContainer(_ place: BannerPlace, width: Double, rtl: Bool, now: Milliseconds) throws(FramesError) {
        try services.mutate(now: now) { (now) throws(FramesError) in
            try check(place)
            guard width.isFinite, width >= 0 else {
                throw .invalidArgument("container_width is \(width); it must be a finite length >= 0")
            }
            guard width != place.containerWidth || rtl != place.rtl else { return }
            place.containerWidth = width
            place.rtl = rtl
            if place.state == .loaded {
                let (isContent, count, height) = (!place.banners.isEmpty, place.banners.count, place.listHeight)
                post(place) { $1.place($0, didUpdate: isContent, count: count, listHeight: height) }
            }
            updatePlayback(place, now: now)
        }
    }

    /// What the user sees of the place; nil when unknown. Lists and tiles:
    /// the visible part of their content (BN-10, BN-12). A carousel: the
    /// visible part of its own bounds — off screen it is as if hidden.
    public func setViewport(_ place: BannerPlace, _ viewport: Viewport?, now: Milliseconds) throws(FramesError) {
        try services.mutate(now: now) { (now) throws(FramesError) in
            try check(place)
            place.viewport = try viewport?.checked()
            updatePlayback(place, now: now)
        }
    }

    /// The host hid or showed the whole place.
    public func setHidden(_ place: BannerPlace, _ hidden: Bool, now: Milliseconds) throws(FramesError) {
        try services.mutate(now: now) { (now) throws(FramesError) in
            try check(place)
            place.conditions.hidden = hidden
            updatePlayback(place, now: now)
        }
    }

    /// BN-11: another reader (a story, a message) covers the place.
    public func setReaderShown(_ place: BannerPlace, _ shown: Bool, now: Milliseconds) throws(FramesError) {
        try services.mutate(now: now) { (now) throws(FramesError) in
            try check(place)
            place.conditions.readerShown = shown
            updatePlayback(place, now: now)
        }
    }

    /// BN-09, BN-11: a manual pause. It lasts through scrolling and
    /// background/foreground for lists; a carousel's ends with the next user
    /// interaction or foreground.
    public func pause(_ place: BannerPlace, now: Milliseconds) throws(FramesError) {
        try services.mutate(now: now) { (now) throws(FramesError) in
            try check(place)
            place.conditions.manuallyPaused = true
            updatePlayback(place, now: now)
        }
    }

    /// Clears the manual pause and checks visibility again (BN-11).
    public func resume(_ place: BannerPlace, now: Milliseconds) throws(FramesError) {
        try services.mutate(now: now) { (now) throws(FramesError) in
            try check(place)
            place.conditions.manuallyPaused = false
            updatePlayback(place, now: now)
        }
    }

    /// BN-09: the user touched the place (not a swipe): a carousel's manual
    /// pause ends and its countdown restarts — whether the page was playing,
    /// paused or unable to play; the content is not restarted.
    public func userInteracted(_ place: BannerPlace, now: Milliseconds) throws(FramesError) {
        try services.mutate(now: now) { (now) throws(FramesError) in
            try check(place)
            interacted(place, now: now)
            updatePlayback(place, now: now)
        }
    }

    /// BN-08: the user swiped the carousel to `index` (an interaction).
    public func userScrolled(_ place: BannerPlace, to index: Int, now: Milliseconds) throws(FramesError) {
        try services.mutate(now: now) { (now) throws(FramesError) in
            try check(place)
            try checkIndex(place, index)
            interacted(place, now: now)
            scroll(place, to: index, now: now)
        }
    }

    /// BN-10: the row's web context was reset or released (cell reuse): it
    /// plays from the start next time.
    public func webContextReset(_ place: BannerPlace, row: Int, now: Milliseconds) throws(FramesError) {
        try services.mutate(now: now) { (_) throws(FramesError) in
            try check(place)
            try checkIndex(place, row)
            if place.rows[row].playing {
                throw FramesError(.invalidState, "row \(row) is playing; its context can be reset only while paused")
            }
            place.rows[row].webContextAlive = false
            place.rows[row].position = 0
            place.rows[row].countdownFrom = 0
        }
    }

    /// BN-15: a link inside banner `row` was tapped: onAction(target) and a
    /// click record. Clicks work below the playback threshold (BN-11).
    public func bannerAction(_ place: BannerPlace, row: Int, target: String, now: Milliseconds) throws(FramesError) {
        try services.mutate(now: now) { (now) throws(FramesError) in
            try check(place)
            try checkIndex(place, row)
            interacted(place, now: now)
            post(place) { $1.place($0, onAction: target) }
            recordBanner("banners.click", place, row: row, now: now, fields: [AnalyticsField("target", target)])
            updatePlayback(place, now: now)
        }
    }

    /// BN-15: a widget inside banner `row` reported `name` with optional JSON
    /// data.
    public func bannerWidgetEvent(_ place: BannerPlace, row: Int, name: String, data: String?, now: Milliseconds) throws(FramesError) {
        try services.mutate(now: now) { (now) throws(FramesError) in
            try check(place)
            try checkIndex(place, row)
            guard let banner = place.banners[safe: row] else { return }
            post(place) { $1.place($0, widgetEvent: row, banner: banner, name: name, data: data) }
            recordBanner("banners.widgetEvent", place, row: row, now: now,
                         fields: [AnalyticsField("name", name)] + (data.map { [AnalyticsField("data", $0)] } ?? []))
        }
    }

    /// BN-17: banner `row` asks for input: the host's presenter is asked and
    /// the place pauses until `inputFinished` — or at once when nobody
    /// presents one.
    public func bannerInputRequested(_ place: BannerPlace, row: Int, kind: InputKind, prompt: String,
                                     now: Milliseconds) throws(FramesError) {
        try services.mutate(now: now) { (now) throws(FramesError) in
            try check(place)
            try checkIndex(place, row)
            guard !place.conditions.inputShown else {
                throw FramesError(.invalidState, "an input dialog is already shown for row \(place.inputRow ?? -1)")
            }
            place.conditions.inputShown = true
            place.inputRow = row
            updatePlayback(place, now: now)
            let id = place.id
            services.post { controller in
                guard let place = controller.places[id] else { return }
                let presented = place.delegate?.place(place, inputRequested: row, kind: kind, prompt: prompt) ?? false
                if !presented { controller.finishInput(place, now: controller.services.now) }
            }
        }
    }

    /// BN-17: the input dialog closed.
    public func inputFinished(_ place: BannerPlace, now: Milliseconds) throws(FramesError) {
        try services.mutate(now: now) { (now) throws(FramesError) in
            try check(place)
            finishInput(place, now: now)
        }
    }

    /// Each row's state joined with its rect, as the host reads them (BN-10,
    /// BN-16): one snapshot per banner laid out.
    public func rows(of place: BannerPlace, now: Milliseconds) throws(FramesError) -> [RowSnapshot] {
        try check(place)
        let rects = place.rects
        return place.rows.enumerated().map { index, row in
            RowSnapshot(rect: rects[safe: index] ?? .zero, content: row.content, playing: row.playing,
                        viewed: row.viewed, share: row.share, position: row.position(at: now))
        }
    }

    /// BN-16: the id of the banner in `row` of the current list, whatever the
    /// row's state: row_failed names only the index, and a place that loaded
    /// its own list has no other way to learn which banner a failed or
    /// loading row is.
    public func bannerId(of place: BannerPlace, row: Int) throws(FramesError) -> String {
        try check(place)
        guard let banner = place.banners[safe: row] else {
            throw FramesError(.outOfRange, "index \(row) is not a banner of the place; it has \(place.banners.count)")
        }
        return banner.id
    }
}

/// A banner row as the host reads it: where it is and what it does.
public struct RowSnapshot: Equatable, Sendable {
    public let rect: Rect
    public let content: BannerRow.Content
    public let playing: Bool
    public let viewed: Bool
    /// The row's share of the viewport (BN-10); nil when unknown.
    public let share: Double?
    public let position: Milliseconds
}
