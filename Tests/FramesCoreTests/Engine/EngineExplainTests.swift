import Testing
@testable import FramesCore

@Suite("explain the engine: every object at once, and the reason codes the spec lists (XC-11)")
struct EngineExplainTests {
    @Test("XC-11 the snapshot lists every frame, banner place, inline placement and message, each as its own explanation")
    func snapshot() throws {
        var options = EngineOptions()
        options.placementsURL = FakeServer.placementsURL
        options.bannersURL = FakeBannerServer.listURL
        options.inlineURL = FakeInlineServer.url
        options.deviceId = "device-1"
        let engine = try Engine(options: options, configuration: enabledConfig)
        let inbox = MessageInbox(lock: SingleThreadLock(), allowInsecureHTTP: false)
        engine.messages.inbox = inbox
        let frame = try engine.appFrames.makeFrame()
        try engine.appFrames.setPlacement(frame, "home", now: 0)
        let place = try engine.banners.makePlace(placeId: "hero", appearance: Appearance())
        let view = try engine.inline.makeView(placementKey: "inbox")
        try engine.setUser("ada", now: 1)
        inbox.hand(push("m1"), now: 2)
        let snapshot = try engine.explain(now: 3)
        #expect(snapshot.kind == "engine" && snapshot.object == "engine" && snapshot.userId == "ada")
        #expect(snapshot.reason.code == "content_allowed" && snapshot.state == "active")
        #expect(snapshot.facts["session_id"] == .string("session-1") && snapshot.facts["app_frames_enabled"] == .bool(true))
        #expect(snapshot.objects.map(\.object) == ["frame-\(frame.id)", "banner_place-\(place.id)", "inline:inbox", "message:m1"])
        #expect(snapshot.objects.map(\.kind) == ["frame", "banner_place", "inline_placement", "message"])
        #expect(snapshot.object("message:m1")?.reason.code == "handed_in")
        #expect(snapshot.object("frame-\(frame.id)") == (try engine.appFrames.explain(frame, now: 3)))
        let parsed = try #require(try snapshot.parsed())
        #expect(parsed.keys.last == "objects" && parsed["objects"]?.arrayValue?.count == 4)
        #expect(parsed["objects"]?.arrayValue?.first?.objectValue?["objects"] == nil)
        _ = view
        try engine.setConsent(false, now: 4)
        #expect(try engine.explain(now: 4).reason.code == "no_consent")
        try engine.setConsent(true, now: 5)
        #expect(try engine.explain(now: 5).reason.code == "waiting_for_session")
        // A closed engine answers nothing.
        engine.close()
        #expect(throws: FramesError.self) { try engine.explain(now: 6) }
    }

    @Test("XC-11 XC-13 by name, as a replay explains: engine, frame-<id>, banner_place-<id>, inline:<id>, message:<id>")
    func byName() throws {
        var options = EngineOptions()
        options.deviceId = "device-1"
        let engine = try Engine(options: options, configuration: enabledConfig)
        let frame = try engine.appFrames.makeFrame()
        let place = try engine.banners.makePlace(placeId: "hero", appearance: Appearance())
        #expect(try engine.explain(object: "engine", now: 1).objects.count == 2)
        #expect(try engine.explain(object: "frame-\(frame.id)", now: 1) == (try engine.appFrames.explain(frame, now: 1)))
        #expect(try engine.explain(object: "banner_place-\(place.id)", now: 1).state == "idle")
        #expect(try engine.explain(object: "inline:home", now: 1).reason.code == "not_fetched")
        #expect(try engine.explain(object: "message:m1", now: 1).reason.code == "unknown")
        for bad in ["frame-\(place.id)", "banner_place-\(frame.id)", "frame-x", "inline-3", "inline:", "message:", ""] {
            #expect(throws: FramesError.self, "\(bad)") { try engine.explain(object: bad, now: 1) }
        }
        try engine.appFrames.removeFrame(frame)
        #expect(throws: FramesError.self) { try engine.explain(object: "frame-\(frame.id)", now: 1) }
    }

    @Test("XC-11 XC-04 a remote disable: the engine's reason is disabled_remotely")
    func disabledRemotely() throws {
        let rec = Recorder()
        let engine = try makeEngine(rec)
        var server = FakeServer()
        server.sdkDisabled = true
        let frame = try makeFrame(engine, rec, placement: "home")
        try engine.appFrames.attach(frame, now: 0)
        try server.pump(engine, now: 0)
        let why = try engine.explain(now: 1)
        #expect(why.reason.code == "disabled_remotely" && why.facts["remotely_disabled"] == .bool(true), "\(why.json)")
    }

    @Test("XC-11 docs/spec.md lists every reason code of every kind, and no other")
    func specTables() {
        let lines = WireFixtures.text("../../../docs/spec.md").split(separator: "\n", omittingEmptySubsequences: false)
        guard let start = lines.firstIndex(of: "### XC-11 reason codes") else {
            Issue.record("docs/spec.md has no \"### XC-11 reason codes\" section")
            return
        }
        var tables: [String: Set<String>] = [:]
        var kind: String?
        for line in lines[(start + 1)...] {
            if line.hasPrefix("## ") || line.hasPrefix("### ") { break }
            if line.hasPrefix("#### ") {
                kind = String(line.dropFirst(5))
                continue
            }
            guard let kind, line.hasPrefix("| `") else { continue }
            tables[kind, default: []].insert(String(line.dropFirst(3).prefix { $0 != "`" }))
        }
        let expected: [String: Set<String>] = [
            "frame": Set(AppFramesController.ExplainCode.allCases.map(\.rawValue)),
            "banner_place": Set(BannerPlacesController.ExplainCode.allCases.map(\.rawValue)),
            "inline_placement": Set(InlineController.ExplainCode.allCases.map(\.rawValue)),
            "message": Set(ModalMessagesController.ExplainCode.allCases.map(\.rawValue)),
            "engine": Set(Engine.ExplainCode.allCases.map(\.rawValue)),
        ]
        #expect(Set(tables.keys) == Set(expected.keys))
        for (kind, codes) in expected {
            #expect(tables[kind] == codes, "\(kind): the spec lists \(tables[kind]?.sorted() ?? []), the code has \(codes.sorted())")
        }
        // The codes every module shares when content is off are the same words.
        for off in ContentOff.allCases.map(\.rawValue) {
            #expect(expected["frame"]?.contains(off) == true && expected["inline_placement"]?.contains(off) == true
                    && expected["engine"]?.contains(off) == true, "\(off)")
        }
    }
}
