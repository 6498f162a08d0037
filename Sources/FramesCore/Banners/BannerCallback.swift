/// The delegate callbacks a place sends per row as contents arrive and rows
/// play (BN-10, BN-13, BN-16): the module's callback values
/// (`EngineModule.Callback`), queued without a closure each — tiles send
/// three per arriving banner (BN-12).
struct BannerCallback {
    let place: BannerPlace
    let kind: Kind

    enum Kind {
        /// Draw the row's checked content, if it is still ready in this load.
        case render(row: Int, generation: Int)
        case playback(row: Int, playing: Bool, fromStart: Bool)
        /// `banners` is the list the row belonged to when it was seen: the
        /// banner shown is that one, whatever a later load put there.
        case show(row: Int, banners: [Banner])
    }
}

extension BannerPlacesController {
    typealias Callback = BannerCallback

    /// Queues a callback; skipped if the place is freed before delivery
    /// (XC-03), like `post(_:_:)`.
    func post(_ place: BannerPlace, _ kind: BannerCallback.Kind) {
        services.post(BannerCallback(place: place, kind: kind))
    }

    /// The banner is lent from the list's buffer: read out of the array, it
    /// was copied — a few strings — for every callback.
    func deliver(_ callback: BannerCallback) {
        let place = callback.place
        guard !place.isRemoved, let delegate = place.delegate else { return }
        switch callback.kind {
        case .render(let row, let generation):
            // A render for an older load or a row no longer ready is not asked for.
            let banners = place.banners
            guard generation == place.loadGeneration, banners.indices.contains(row),
                  place.rows[safe: row]?.content == .ready, let bytes = place.contents[safe: row] ?? nil else { return }
            banners.withUnsafeBufferPointer { delegate.place(place, render: row, banner: $0[row], content: bytes) }
        case .playback(let row, let playing, let fromStart):
            delegate.place(place, playback: row, playing: playing, fromStart: fromStart)
        case .show(let row, let banners):
            guard banners.indices.contains(row) else { return }
            banners.withUnsafeBufferPointer { delegate.place(place, show: row, banner: $0[row]) }
        }
    }
}
