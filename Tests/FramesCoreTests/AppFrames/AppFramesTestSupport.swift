@testable import FramesCore

/// Records every callback as one line, so tests assert whole transcripts
/// (order included), and answers the host hooks.
final class Recorder: AppFrameDelegate, EngineHost, AppFramesHost {
    var log: [String] = []
    var records: [AnalyticsRecord] = []
    var renders: [(frame: UInt64, content: LoadedContent)] = []
    var openedURLs: [String] = []
    /// Runs inside the callback, e.g. to re-enter the engine (XC-03).
    var onStatus: ((AppFrame, FrameStatus) -> Void)?
    var onDismiss: ((AppFrame) -> Void)?

    func frame(_ frame: AppFrame, didChangeStatusTo status: FrameStatus, from previous: FrameStatus) {
        log.append("f\(frame.id) \(previous.stringValue)->\(status.stringValue)")
        onStatus?(frame, status)
    }
    func frame(_ frame: AppFrame, didFail error: ContentError) {
        log.append("f\(frame.id) fail \(error.code.name)")
    }
    func frame(_ frame: AppFrame, didRequestHeightChange optimalHeight: Double) {
        log.append("f\(frame.id) height \(optimalHeight)")
    }
    func frameDidRequestDismiss(_ frame: AppFrame) {
        log.append("f\(frame.id) dismiss")
        onDismiss?(frame)
    }
    func frame(_ frame: AppFrame, didTriggerAction customData: String) {
        log.append("f\(frame.id) action \(customData)")
    }
    func record(_ record: AnalyticsRecord) {
        records.append(record)
        log.append("record \(record.name)")
    }
    func render(_ content: LoadedContent, in frame: AppFrame) {
        renders.append((frame.id, content))
        log.append("f\(frame.id) render \(content.campaignId)/\(content.variantId)")
    }
    func openURL(_ url: String) -> Bool {
        openedURLs.append(url)
        log.append("open \(url)")
        return true
    }

    func take() -> [String] {
        defer { log.removeAll() }
        return log
    }
}

/// A campaign as the fake server describes it.
struct FakeCampaign {
    var id: String
    var priority = "high"
    var createdAt: Int64 = 1_000
    var variant = "A"
    var html = "<p>hello</p>"
    var assets: [[UInt8]] = []
    var actions = "[]"
}

/// Serves placements, content documents and assets from memory, with the
/// checksums computed the way a real backend would.
struct FakeServer {
    static let placementsURL = "https://api.test/v1/placements"
    var placements: [String: [FakeCampaign]] = [:]
    var sdkDisabled = false
    /// Overrides by URL: status codes, bodies or checksum lies.
    var statusOverride: [String: Int] = [:]
    var bodyOverride: [String: [UInt8]] = [:]
    var headers: [String: [HTTPHeader]] = [:]
    var served: [String] = []

    func contentURL(_ c: FakeCampaign) -> String { "https://cdn.test/\(c.id)/\(c.variant).json" }
    func assetURL(_ c: FakeCampaign, _ i: Int) -> String { "https://cdn.test/\(c.id)/\(c.variant)/asset\(i)" }

    func contentBody(_ c: FakeCampaign) -> [UInt8] {
        let assets = c.assets.indices.map { i in
            "{\"url\":\"\(assetURL(c, i))\",\"size\":\(c.assets[i].count),\"sha256\":\"\(SHA256.hash(c.assets[i]).hex)\"}"
        }.joined(separator: ",")
        return Array("{\"template\":{\"html\":\(JSONText.quoted(c.html))},\"assets\":[\(assets)],\"actions\":\(c.actions)}".utf8)
    }

    func placementsBody() -> [UInt8] {
        let entries = placements.keys.sorted().map { id -> String in
            let campaigns = (placements[id] ?? []).map { c in
                "{\"id\":\"\(c.id)\",\"priority\":\"\(c.priority)\",\"created_at\":\(c.createdAt),\"variants\":[{\"id\":\"\(c.variant)\",\"weight\":1,\"content\":{\"url\":\"\(contentURL(c))\",\"sha256\":\"\(SHA256.hash(contentBody(c)).hex)\"}}]}"
            }.joined(separator: ",")
            return "\"\(id)\":{\"campaigns\":[\(campaigns)]}"
        }.joined(separator: ",")
        return Array("{\"placements\":{\(entries)},\"sdk_disabled\":\(sdkDisabled)}".utf8)
    }

    func response(for url: String) -> HTTPResponse {
        if let status = statusOverride[url] { return HTTPResponse(status: status, headers: headers[url] ?? []) }
        if let body = bodyOverride[url] { return HTTPResponse(status: 200, body: body) }
        if url == Self.placementsURL { return HTTPResponse(status: 200, body: placementsBody()) }
        for c in placements.values.flatMap({ $0 }) {
            if url == contentURL(c) { return HTTPResponse(status: 200, body: contentBody(c)) }
            for i in c.assets.indices where url == assetURL(c, i) { return HTTPResponse(status: 200, body: c.assets[i]) }
        }
        return HTTPResponse(status: 404)
    }

    /// Answers every queued request (and those they cause) at `now`.
    mutating func pump(_ engine: Engine, now: Milliseconds) throws {
        while let request = try engine.pollRequest() {
            served.append(request.url)
            try engine.completeRequest(request.id, response: response(for: request.url), now: now)
        }
    }
}

let enabledConfig = Array(#"{"Insider": {"App Frames Enabled": true}}"#.utf8)

func makeEngine(_ recorder: Recorder, config: [UInt8] = enabledConfig,
                configure: (inout EngineOptions) -> Void = { _ in }) throws -> Engine {
    var options = EngineOptions()
    options.placementsURL = FakeServer.placementsURL
    options.deviceId = "device-1"
    configure(&options)
    let engine = try Engine(options: options, configuration: config)
    engine.core.host = recorder
    engine.appFrames.host = recorder
    return engine
}

func makeFrame(_ engine: Engine, _ recorder: Recorder, placement: String?, now: Milliseconds = 0) throws -> AppFrame {
    let frame = try engine.appFrames.makeFrame()
    frame.delegate = recorder
    try engine.appFrames.setPlacement(frame, placement, now: now)
    return frame
}
