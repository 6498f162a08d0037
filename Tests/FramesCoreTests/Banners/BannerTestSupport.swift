@testable import FramesCore

/// Records a place's callbacks as lines (order included).
final class PlaceRecorder: BannerPlaceDelegate, EngineHost, BannerPlacesHost {
    var log: [String] = []
    var records: [AnalyticsRecord] = []
    var presentsInput = true

    func place(_ place: BannerPlace, didUpdate isContent: Bool, count: Int, listHeight: Double) {
        log.append("update \(isContent) \(count) \(listHeight)")
    }
    func place(_ place: BannerPlace, bannersLoaded placeId: String) { log.append("loaded \(placeId)") }
    func place(_ place: BannerPlace, render index: Int, banner: Banner, content: [UInt8]) { log.append("render \(index)") }
    /// The message of each row's last failure.
    var rowErrors: [Int: String] = [:]
    func place(_ place: BannerPlace, rowFailed index: Int, error: ContentError) {
        log.append("failed \(index) \(error.code.name)")
        rowErrors[index] = error.message
    }
    func place(_ place: BannerPlace, show index: Int, banner: Banner) { log.append("show \(index)") }
    func place(_ place: BannerPlace, playback index: Int, playing: Bool, fromStart: Bool) {
        log.append(playing ? (fromStart ? "play \(index)" : "resume \(index)") : "pause \(index)")
    }
    func place(_ place: BannerPlace, didScroll index: Int) { log.append("scroll \(index)") }
    func place(_ place: BannerPlace, onAction target: String) { log.append("action \(target)") }
    func place(_ place: BannerPlace, widgetEvent index: Int, banner: Banner, name: String, data: String?) {
        log.append("widget \(index) \(name) \(data ?? "-")")
    }
    func place(_ place: BannerPlace, inputRequested index: Int, kind: InputKind, prompt: String) -> Bool {
        log.append("input \(index) \(kind)")
        return presentsInput
    }
    func record(_ record: AnalyticsRecord) { records.append(record) }
    func preloaded(_ placeId: String, result: Result<PreloadedBanners, ContentError>) {
        switch result {
        case .success(let loaded):
            log.append("preloaded \(placeId) \(loaded.banners.count)"
                + loaded.failures.map { " failed \($0.index) \($0.error.code.name)" }.joined())
        case .failure(let error): log.append("preload failed \(placeId) \(error.code.name)")
        }
    }

    func take() -> [String] {
        defer { log.removeAll() }
        return log
    }

    var views: [String] { records.filter { $0.name == "banners.view" }.compactMap { $0.campaignId } }
}

struct FakeBanner {
    var id: String
    var ratio: Double = 1
    var duration: Int64 = 1_000
    var available = true
    var html = "<div>banner</div>"
}

/// Serves banner lists and banner content from memory.
struct FakeBannerServer {
    static let listURL = "https://api.test/v1/banners"
    var banners: [String: [FakeBanner]] = [:]
    var failing: Set<String> = []
    var listRequests = 0

    func contentURL(_ b: FakeBanner) -> String { "https://cdn.test/banners/\(b.id).html" }

    func listBody(_ placeId: String) -> [UInt8] {
        let items = (banners[placeId] ?? []).map { b in
            "{\"id\":\"\(b.id)\",\"ratio\":\(b.ratio),\"duration_ms\":\(b.duration),\"available\":\(b.available),"
                + "\"content\":{\"url\":\"\(contentURL(b))\",\"sha256\":\"\(SHA256.hash(Array(b.html.utf8)).hex)\"}}"
        }.joined(separator: ",")
        return Array("{\"banners\":[\(items)]}".utf8)
    }

    mutating func pump(_ engine: Engine, now: Milliseconds) throws {
        while let request = try engine.pollRequest() {
            if request.url == Self.listURL {
                listRequests += 1
                let body = String(decoding: request.body, as: UTF8.self)
                let placeId = banners.keys.first { body.contains("\"place_id\":\"\($0)\"") } ?? ""
                try engine.completeRequest(request.id, response: HTTPResponse(status: 200, body: listBody(placeId)), now: now)
                continue
            }
            let banner = banners.values.flatMap { $0 }.first { contentURL($0) == request.url }
            if let banner, !failing.contains(banner.id) {
                try engine.completeRequest(request.id, response: HTTPResponse(status: 200, body: Array(banner.html.utf8)), now: now)
            } else {
                try engine.completeRequest(request.id, response: HTTPResponse(status: 404), now: now)
            }
        }
    }
}

func makeBannerEngine(_ recorder: PlaceRecorder) throws -> Engine {
    var options = EngineOptions()
    options.bannersURL = FakeBannerServer.listURL
    let engine = try Engine(options: options, configuration: [])
    engine.core.host = recorder
    engine.banners.host = recorder
    return engine
}

func makePlace(_ engine: Engine, _ recorder: PlaceRecorder, _ appearance: Appearance, id: String = "home",
               width: Double = 100) throws -> BannerPlace {
    let place = try engine.banners.makePlace(placeId: id, appearance: appearance)
    place.delegate = recorder
    try engine.banners.setContainer(place, width: width, rtl: false, now: 0)
    return place
}
