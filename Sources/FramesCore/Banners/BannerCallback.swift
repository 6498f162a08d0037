/// The delegate callbacks a place sends per row as contents arrive and rows
/// play (BN-10, BN-13, BN-16): one value per callback in one queued closure.
/// The general `post(_:_:)` wraps a closure in another, two allocations per
/// callback; tiles send three of these per arriving banner (BN-12).
enum BannerCallback {
    /// Draw the row's checked content, if it is still ready in this load.
    case render(row: Int, generation: Int)
    case playback(row: Int, playing: Bool, fromStart: Bool)
    case show(row: Int, banner: Banner)
}

extension BannerPlacesController {
    /// Queues `callback`; skipped if the place is freed before delivery
    /// (XC-03), like `post(_:_:)`.
    func post(_ place: BannerPlace, _ callback: BannerCallback) {
        let id = place.id
        services.post { [weak self] in
            guard let place = self?.places[id], let delegate = place.delegate else { return }
            switch callback {
            case .render(let row, let generation):
                // A render for an older load or a row no longer ready is not asked for.
                guard generation == place.loadGeneration, let banner = place.banners[safe: row],
                      place.rows[safe: row]?.content == .ready, let bytes = place.contents[safe: row] ?? nil else { return }
                delegate.place(place, render: row, banner: banner, content: bytes)
            case .playback(let row, let playing, let fromStart):
                delegate.place(place, playback: row, playing: playing, fromStart: fromStart)
            case .show(let row, let banner):
                delegate.place(place, show: row, banner: banner)
            }
        }
    }
}
