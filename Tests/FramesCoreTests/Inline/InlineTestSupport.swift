@testable import FramesCore

/// Records every inline callback as one line (order included) and answers
/// the host hooks, so tests assert whole transcripts.
final class InlineRecorder: EngineHost, InlineHost, InlineViewDelegate {
    var log: [String] = []
    var records: [AnalyticsRecord] = []
    var renders: [(view: UInt64, request: InlineRenderRequest)] = []
    var replies: [(view: UInt64, text: String)] = []
    var available: [InlineView] = []
    var calls: [(id: UInt64, name: String, params: String)] = []
    var stateChanges = 0
    var takesViews = true
    /// What contextRequired answers.
    var context: String? = nil
    /// Run inside a callback, to re-enter the engine (XC-03).
    var onAvailable: ((InlineView) -> Void)?
    var onCustomMethod: ((UInt64) -> Void)?
    var onRender: ((InlineView) -> Void)?
    var onRemove: ((InlineView) -> Void)?

    // EngineHost
    func record(_ record: AnalyticsRecord) {
        records.append(record)
        let fields = record.fields.map { "\($0.key)=\($0.value)" }.joined(separator: " ")
        log.append("record \(record.name) \(record.viewId ?? "-") \(record.campaignId ?? "-")" + (fields.isEmpty ? "" : " " + fields))
    }
    func stateChanged() { stateChanges += 1 }
    var traces: [String] = []
    func trace(_ level: TraceLevel, _ line: String) { traces.append(line) }

    // InlineHost
    var acceptsAvailableViews: Bool { takesViews }
    func inlineAvailable(_ view: InlineView, message: InlineMessage) {
        available.append(view)
        view.delegate = self
        log.append("available \(view.viewId) \(message.placementKey) \(message.campaignId)")
        onAvailable?(view)
    }
    func contextMap(for message: InlineMessage, view: InlineView) throws(FramesError) -> String? {
        log.append("context \(view.viewId) \(message.campaignId)")
        return context
    }
    func inlineOpenURL(_ url: String, view: InlineView, message: InlineMessage) {
        log.append("openUrl \(view.viewId) \(url)")
    }
    func inlineOpenDeepLink(_ link: String, view: InlineView, message: InlineMessage) {
        log.append("openDeepLink \(view.viewId) \(link)")
    }
    func inlineCustomAction(_ name: String, params: String, view: InlineView, message: InlineMessage) {
        log.append("customAction \(view.viewId) \(name) \(params)")
    }
    func inlineCustomMethod(_ name: String, params: String, callId: UInt64, view: InlineView, message: InlineMessage) {
        calls.append((callId, name, params))
        log.append("customMethod \(view.viewId) \(name) \(params) call=\(callId)")
        onCustomMethod?(callId)
    }
    func inlineURLRefused(_ url: String, deepLink: Bool, reason: String, view: InlineView, message: InlineMessage) {
        log.append("refused \(view.viewId) \(deepLink ? "deeplink" : "url") \(url)")
    }

    // InlineViewDelegate
    func viewDidStartProcessing(_ view: InlineView) { log.append("\(view.viewId) processing") }
    func view(_ view: InlineView, didLoad message: InlineMessage) { log.append("\(view.viewId) loaded \(message.campaignId)") }
    func view(_ view: InlineView, didUpdate message: InlineMessage) { log.append("\(view.viewId) updated \(message.campaignId)") }
    func view(_ view: InlineView, didFail error: ContentError, message: InlineMessage?) {
        log.append("\(view.viewId) failed \(error.code.name) \(message?.campaignId ?? "-")")
    }
    func view(_ view: InlineView, sizeChanged width: Double, height: Double, message: InlineMessage) {
        log.append("\(view.viewId) sizeChanged \(width)x\(height)")
    }
    func view(_ view: InlineView, shouldBeRemoved message: InlineMessage) {
        log.append("\(view.viewId) remove \(message.campaignId)")
        onRemove?(view)
    }
    func view(_ view: InlineView, render request: InlineRenderRequest) {
        renders.append((view.id, request))
        log.append("\(view.viewId) render \(request.message.campaignId)")
        onRender?(view)
    }
    func view(_ view: InlineView, reply: String) {
        replies.append((view.id, reply))
        log.append("\(view.viewId) reply \(reply)")
    }

    func take() -> [String] {
        defer { log.removeAll() }
        return log
    }
}

/// A campaign as the fake inline backend describes it.
struct FakeInline {
    var id: String
    var key = "home"
    var trigger = "automatic"
    var event: String? = nil
    var priority = 10
    var maxDisplays: Int? = nil
    var periodMs: Int64? = nil
    var startsAt: Int64? = nil
    var endsAt: Int64? = nil
    var minEngineVersion: String? = nil
    var html = "<p>inline</p>"
}

/// Serves the campaigns document and content documents from memory, with
/// real checksums.
struct FakeInlineServer {
    static let url = "https://api.test/v1/inline"
    var campaigns: [FakeInline] = []
    var serverTime: Int64 = 1_700_000_000_000
    var sdkDisabled = false
    var statusOverride: [String: Int] = [:]
    var bodyOverride: [String: [UInt8]] = [:]
    var served: [String] = []
    var bodies: [String] = []

    static func contentURL(_ c: FakeInline) -> String { "https://cdn.test/inline/\(c.id).json" }
    static func contentBody(_ c: FakeInline) -> [UInt8] {
        Array("{\"template\":{\"html\":\(JSONText.quoted(c.html))}}".utf8)
    }

    func document() -> [UInt8] {
        let items = campaigns.map { c -> String in
            var parts = ["\"id\":\(JSONText.quoted(c.id))", "\"placement_key\":\(JSONText.quoted(c.key))",
                         "\"trigger\":\"\(c.trigger)\"", "\"priority\":\(c.priority)"]
            if let event = c.event { parts.append("\"event\":\(JSONText.quoted(event))") }
            if let max = c.maxDisplays {
                parts.append("\"capping\":{\"max_displays\":\(max),\"period_ms\":\(c.periodMs.map { String($0) } ?? "null")}")
            }
            if let s = c.startsAt { parts.append("\"starts_at\":\(s)") }
            if let e = c.endsAt { parts.append("\"ends_at\":\(e)") }
            if let v = c.minEngineVersion { parts.append("\"min_engine_version\":\"\(v)\"") }
            parts.append("\"content\":{\"url\":\"\(Self.contentURL(c))\",\"sha256\":\"\(SHA256.hash(Self.contentBody(c)).hex)\"}")
            return "{" + parts.joined(separator: ",") + "}"
        }
        return Array("{\"server_time\":\(serverTime),\"sdk_disabled\":\(sdkDisabled),\"campaigns\":[\(items.joined(separator: ","))]}".utf8)
    }

    func response(for url: String) -> HTTPResponse {
        if let status = statusOverride[url] { return HTTPResponse(status: status) }
        if let body = bodyOverride[url] { return HTTPResponse(status: 200, body: body) }
        if url == Self.url { return HTTPResponse(status: 200, body: document()) }
        for c in campaigns where url == Self.contentURL(c) { return HTTPResponse(status: 200, body: Self.contentBody(c)) }
        return HTTPResponse(status: 404)
    }

    /// Answers every queued request (and those they cause) at `now`.
    mutating func pump(_ engine: Engine, now: Milliseconds) throws {
        while let request = try engine.pollRequest() {
            served.append(request.url)
            bodies.append(String(decoding: request.body, as: UTF8.self))
            try engine.completeRequest(request.id, response: response(for: request.url), now: now)
        }
    }
}

func makeInlineEngine(_ recorder: InlineRecorder, configure: (inout EngineOptions) -> Void = { _ in }) throws -> Engine {
    var options = EngineOptions()
    options.inlineURL = FakeInlineServer.url
    options.deviceId = "device-1"
    options.retry.maxAttempts = 1
    configure(&options)
    let engine = try Engine(options: options, configuration: [])
    engine.core.host = recorder
    engine.inline.host = recorder
    return engine
}

func makeView(_ engine: Engine, _ recorder: InlineRecorder, key: String = "home") throws -> InlineView {
    let view = try engine.inline.makeView(placementKey: key)
    view.delegate = recorder
    return view
}

/// Bytes of a bridge message.
func bridge(_ text: String) -> [UInt8] { Array(text.utf8) }

/// The FramesError `body` throws, nil when it returns (any other error is
/// reported as an internal one, which no test expects).
func inlineError(_ body: () throws -> Void) -> FramesError? {
    do {
        try body()
        return nil
    } catch let error as FramesError {
        return error
    } catch {
        return FramesError(.internal, "not a FramesError: \(error)")
    }
}
