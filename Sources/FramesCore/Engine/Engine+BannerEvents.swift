extension Engine {
    func post(_ place: BannerPlace, _ event: PlaceEvent) {
        post(.place(place.id, event))
    }

    /// Delivers one place callback; called by `flush` after state settled.
    func deliver(_ event: PlaceEvent, to place: BannerPlace) {
        guard let delegate = place.delegate else {
            // BN-17: nobody presents input: the request is declined at once.
            if case .inputRequested = event { finishInput(place, now: nil) }
            return
        }
        switch event {
        case .didUpdate(let isContent, let count, let listHeight):
            delegate.place(place, didUpdate: isContent, count: count, listHeight: listHeight)
        case .bannersLoaded:
            delegate.place(place, bannersLoaded: place.placeId)
        case .render(let row, let generation):
            // A render for an older load or a row no longer ready is not asked for.
            guard generation == place.loadGeneration, let banner = place.banners[safe: row],
                  place.rows[safe: row]?.content == .ready, let bytes = place.contents[row] else { return }
            delegate.place(place, render: row, banner: banner, content: bytes)
        case .rowFailed(let row, let error):
            delegate.place(place, rowFailed: row, error: error)
        case .show(let row):
            guard let banner = place.banners[safe: row] else { return }
            delegate.place(place, show: row, banner: banner)
        case .playback(let row, let playing, let fromStart):
            delegate.place(place, playback: row, playing: playing, fromStart: fromStart)
        case .didScroll(let index):
            delegate.place(place, didScroll: index)
        case .onAction(let target):
            delegate.place(place, onAction: target)
        case .widgetEvent(let row, let name, let data):
            guard let banner = place.banners[safe: row] else { return }
            delegate.place(place, widgetEvent: row, banner: banner, name: name, data: data)
        case .inputRequested(let row, let kind, let prompt):
            if !delegate.place(place, inputRequested: row, kind: kind, prompt: prompt) {
                finishInput(place, now: nil)
            }
        }
    }

    func recordBanner(_ name: String, _ place: BannerPlace, row: Int, now: Milliseconds, fields: [AnalyticsField] = []) {
        let banner = place.banners[safe: row]
        post(.analytics(AnalyticsRecord(
            name: name, time: now, sessionId: sessionId, userId: userId, module: "banners",
            placementId: place.placeId, campaignId: banner?.id, viewId: "place-\(place.id)",
            fields: [AnalyticsField("banner_id", banner?.id ?? ""), AnalyticsField("index", String(row))] + fields)))
    }
}
