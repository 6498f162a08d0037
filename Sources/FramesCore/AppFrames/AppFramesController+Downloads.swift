// Decides: AF-14, AF-15
/// What the engine knows of one placement's content for the current user
/// (AF-14, AF-15).
enum PlacementContent {
    case downloading(PlacementChoice)
    case ready(PlacementChoice, LoadedContent)
    case failed(PlacementChoice, ContentError)

    var choice: PlacementChoice {
        switch self {
        case .downloading(let choice), .ready(let choice, _), .failed(let choice, _): return choice
        }
    }
}

extension AppFramesController {
    /// AF-14: one download per content, shared by every placement that
    /// chose it (`ContentDownloads`).
    func startDownload(_ key: ContentReference, for placementId: ExactKey, now: Milliseconds) {
        if let outcome = downloads.start(key, for: placementId, now: now) { downloadFinished(outcome, now: now) }
    }

    /// Moves the placements still waiting for the content to ready or
    /// failed, and brings their frames along.
    func downloadFinished(_ outcome: ContentDownloads<ExactKey, AppFramesController>.Outcome, now: Milliseconds) {
        let key: ContentReference
        let waiting: [ExactKey]
        switch outcome {
        case .ready(let k, _, _, let w), .failed(let k, _, let w): (key, waiting) = (k, w)
        }
        var changed: [ExactKey] = []
        for placementId in waiting.sorted(by: { $0.string.utf8.lexicographicallyPrecedes($1.string.utf8) }) {
            guard let entry = entries[placementId], case .downloading(let choice)? = entry.content,
                  choice.content == key else { continue }
            switch outcome {
            case .ready(_, let document, let assets, _):
                let content = LoadedContent(key: key, placementId: placementId.string, campaignId: choice.campaignId,
                                            variantId: choice.variantId, template: document.html, assets: assets,
                                            actions: document.actions)
                entry.content = .ready(choice, content)
            case .failed(_, let error, _):
                entry.content = .failed(choice, error)
            }
            changed.append(placementId)
        }
        for frame in frames(of: changed) { sync(frame, now: now) }
    }
}
