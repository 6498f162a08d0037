import CFrames
import FramesCore

// Section "Engine" of frames.h: creation, freeing, session, identity,
// app state and consent.

@_cdecl("frames_engine_options_init")
public func frames_engine_options_init(_ options: UnsafeMutablePointer<frames_engine_options>?, _ version: UInt32) -> frames_result {
    withResult { () throws(FramesError) in
        let out = try required(options, "options")
        try CEngineOptions.checkVersion(version)
        // A version-1 struct is shorter: write only its fields.
        var defaults = CEngineOptions.defaults
        defaults.version = version
        withUnsafeBytes(of: &defaults) { source in
            UnsafeMutableRawPointer(out).copyMemory(from: source.baseAddress!, byteCount: CEngineOptions.size(of: version))
        }
    }
}

@_cdecl("frames_host_callbacks_init")
public func frames_host_callbacks_init(_ callbacks: UnsafeMutablePointer<frames_host_callbacks>?, _ version: UInt32) -> frames_result {
    withResult { () throws(FramesError) in
        try initialize(callbacks, "callbacks", version: version, is: FRAMES_HOST_CALLBACKS_VERSION, "frames_host_callbacks")
    }
}

@_cdecl("frames_engine_new")
public func frames_engine_new(
    _ options: UnsafePointer<frames_engine_options>?,
    _ config: UnsafePointer<UInt8>?,
    _ configLength: UInt,
    _ host: UnsafePointer<frames_host_callbacks>?,
    _ outEngine: UnsafeMutablePointer<OpaquePointer?>?
) -> frames_result {
    // A callbacks struct of another version has another layout: read only
    // its version, and leave its user_data to the caller.
    if let host {
        let known = withResult { () throws(FramesError) in
            try checkVersion(of: host, is: FRAMES_HOST_CALLBACKS_VERSION, "frames_host_callbacks")
        }
        guard known == FRAMES_OK else { return known }
    }
    // The callbacks are ours from here on: free_user_data runs exactly once,
    // also when creation fails.
    let bridge = HostBridge(host?.pointee)
    return withResult { () throws(FramesError) in
        do throws(FramesError) {
            let out = try required(outEngine, "out_engine")
            let given = try options.map { (o) throws(FramesError) in try CEngineOptions.read(o) }
            let length = try elementCount(configLength, "config_len", elementSize: 1)
            if length > 0 { _ = try required(config, "config") }
            let bytes = config.map { Array(copyingBytes: $0, count: length) } ?? []
            let recorder = try given.flatMap { (o) throws(FramesError) in try CRecording.recorder(for: o) }
            let entry = try EngineEntry.make(options: given, configuration: bytes, host: bridge,
                                             wakeup: MessageWakeup(host?.pointee)?.closure, recorder: recorder)
            out.pointee = Handles.pointer(entry.id)
        } catch {
            bridge.release()
            throw error
        }
    }
}

extension EngineEntry {
    /// A new engine filed in the handle table: what frames_engine_new does
    /// once the C arguments are read, and how a replay makes its engine
    /// (XC-13). With a recorder, creation is the recording's first call.
    static func make(options given: frames_engine_options?, configuration bytes: [UInt8], host bridge: HostBridge,
                     wakeup: (@Sendable () -> Void)?, recorder: Recorder?) throws(FramesError) -> EngineEntry {
        if let recorder {
            recorder.header(library: FramesVersion.string)
            recorder.call("frames_engine_new", nil) { CRecording.options(given ?? CEngineOptions.defaults, configuration: bytes, into: &$0) }
        }
        let swiftOptions: EngineOptions
        let engine: Engine
        do {
            swiftOptions = try given.map { (o) throws(FramesError) in try CEngineOptions.convert(o) } ?? EngineOptions()
            engine = try Engine(options: swiftOptions, configuration: bytes)
        } catch {
            recorder?.failed("frames_engine_new", error)
            throw error
        }
        let inbox = MessageInbox(lock: PthreadInboxLock(), allowInsecureHTTP: swiftOptions.allowInsecureHTTP, wakeup: wakeup)
        let entry = EngineEntry(id: Handles.newId(), engine: engine, host: bridge, inbox: inbox)
        entry.recorder = recorder
        if let recorder { inbox.tookIn = { recorder.push($0, arrivedAt: $1) } }
        bridge.entry = entry
        engine.host = bridge
        engine.appFrames.host = bridge
        engine.banners.host = bridge
        engine.messages.host = bridge
        engine.messages.inbox = inbox
        Handles.table.withLock { $0.engines[entry.id] = entry }
        return entry
    }
}

@_cdecl("frames_engine_free")
public func frames_engine_free(_ handle: OpaquePointer?) -> frames_result {
    guard handle != nil else { return FRAMES_OK }
    return withResult { () throws(FramesError) in
        if let inbox = try? Handles.inbox(handle), inbox.isWaking(ObjectIdentifier(ThreadToken.current)) {
            throw FramesError(.invalidState, "frames_engine_free was called from inside this engine's message_wakeup "
                + "callback, which free must wait for; free it from the owner thread after the callback")
        }
        let (entry, frames, places) = try Handles.claimEngine(handle)
        entry.recorder?.call("frames_engine_free", nil) { _ in }
        entry.isFreed = true
        // IM-01: no notification lands, and no wake-up runs, from here on.
        entry.inbox.close()
        entry.engine.close()
        for frame in frames { frame.releaseDelegate() }
        for place in places { place.releaseDelegate() }
        for view in Handles.claimInlineViews(of: entry) { view.releaseDelegate() }
        entry.releaseInlineDelegate()
        entry.bannersDelegate.release()
        entry.messagesDelegate.release()
        entry.frameIds.removeAll()
        entry.placeIds.removeAll()
        entry.endLoans()
        entry.host.release()
    }
}

@_cdecl("frames_engine_start_session")
public func frames_engine_start_session(_ handle: OpaquePointer?, _ sessionId: UnsafePointer<CChar>?, _ now: Int64) -> frames_result {
    withResult { () throws(FramesError) in
        let entry = try Handles.engine(handle)
        let id = try text(sessionId, "session_id")
        try entry.recorded("frames_engine_start_session", nil, { $0.field("session_id", id); $0.field("now_ms", now) }) {
            () throws(FramesError) in try entry.engine.startSession(id: id, now: now)
        }
    }
}

@_cdecl("frames_engine_set_user")
public func frames_engine_set_user(_ handle: OpaquePointer?, _ userId: UnsafePointer<CChar>?, _ now: Int64) -> frames_result {
    withResult { () throws(FramesError) in
        let entry = try Handles.engine(handle)
        let id = try text(userId, "user_id")
        try entry.recorded("frames_engine_set_user", nil, { $0.userId("user_id", id); $0.field("now_ms", now) }) {
            () throws(FramesError) in try entry.engine.setUser(id, now: now)
        }
    }
}

@_cdecl("frames_engine_set_app_state")
public func frames_engine_set_app_state(_ handle: OpaquePointer?, _ state: frames_app_state, _ now: Int64) -> frames_result {
    withResult { () throws(FramesError) in
        let entry = try Handles.engine(handle)
        try entry.recorded("frames_engine_set_app_state", nil, { $0.field("state", Int64(state)); $0.field("now_ms", now) }) {
            () throws(FramesError) in
            guard let appState = AppState(rawValue: state) else {
                throw .invalidArgument("state is \(state); it must be FRAMES_APP_STATE_ACTIVE (0), _INACTIVE (1) or _BACKGROUND (2)")
            }
            try entry.engine.setAppState(appState, now: now)
        }
    }
}

@_cdecl("frames_engine_set_consent")
public func frames_engine_set_consent(_ handle: OpaquePointer?, _ granted: Bool, _ now: Int64) -> frames_result {
    withResult { () throws(FramesError) in
        let entry = try Handles.engine(handle)
        try entry.recorded("frames_engine_set_consent", nil, { $0.field("granted", granted); $0.field("now_ms", now) }) {
            () throws(FramesError) in try entry.engine.setConsent(granted, now: now)
        }
    }
}

/// Conversion between frames_engine_options and the core's EngineOptions.
enum CEngineOptions {
    /// Version 1 (before the recording fields) is still accepted.
    static func checkVersion(_ version: UInt32) throws(FramesError) {
        if version == 1 { return }
        try FramesCABI.checkVersion(version, is: FRAMES_ENGINE_OPTIONS_VERSION, "frames_engine_options")
    }

    static var defaults: frames_engine_options {
        let o = EngineOptions()
        return frames_engine_options(
            version: UInt32(FRAMES_ENGINE_OPTIONS_VERSION), retry_max_attempts: UInt32(o.retry.maxAttempts),
            placements_url: nil, device_id: nil, session_id: nil,
            retry_base_delay_ms: o.retry.baseDelay, retry_factor: o.retry.factor, retry_max_delay_ms: o.retry.maxDelay,
            retry_jitter: o.retry.jitter, retry_max_retry_after_ms: o.retry.maxRetryAfter,
            request_timeout_ms: o.requestTimeout, render_timeout_ms: o.renderTimeout,
            random_seed: o.randomSeed, allow_insecure_http: o.allowInsecureHTTP, banners_url: nil,
            inline_url: nil, inline_url_schemes: nil, inline_call_timeout_ms: o.inlineCallTimeout,
            inline_refresh_interval_ms: o.inlineRefreshInterval, record_write: nil, record_user_data: nil,
            record_redact: 0)
    }

    /// The struct as the host's version has it: fields a version-1 struct
    /// lacks keep their defaults (NULL, 0) and are never read from its memory.
    static func read(_ pointer: UnsafePointer<frames_engine_options>) throws(FramesError) -> frames_engine_options {
        let version = UnsafeRawPointer(pointer).load(as: UInt32.self)
        try checkVersion(version)
        var c = frames_engine_options()
        withUnsafeMutableBytes(of: &c) { target in
            target.baseAddress!.copyMemory(from: UnsafeRawPointer(pointer), byteCount: size(of: version))
        }
        return c
    }

    /// The bytes of a struct of `version` (1 ends before the recording fields).
    static func size(of version: UInt32) -> Int {
        guard version == 1 else { return MemoryLayout<frames_engine_options>.size }
        // Where record_write starts, measured on a value: Embedded Swift
        // takes no key path, so no `MemoryLayout.offset(of:)`.
        var c = frames_engine_options()
        return withUnsafeMutablePointer(to: &c) { base in
            withUnsafeMutablePointer(to: &base.pointee.record_write) {
                UnsafeRawPointer(base).distance(to: UnsafeRawPointer($0))
            }
        }
    }

    static func convert(_ c: frames_engine_options) throws(FramesError) -> EngineOptions {
        var o = EngineOptions()
        if let url = try text(c.placements_url, "placements_url") { o.placementsURL = url }
        if let url = try text(c.banners_url, "banners_url") { o.bannersURL = url }
        if let device = try text(c.device_id, "device_id") { o.deviceId = device }
        if let session = try text(c.session_id, "session_id") { o.sessionId = session }
        o.retry.maxAttempts = Int(c.retry_max_attempts)
        o.retry.baseDelay = c.retry_base_delay_ms
        o.retry.factor = c.retry_factor
        o.retry.maxDelay = c.retry_max_delay_ms
        o.retry.jitter = c.retry_jitter
        o.retry.maxRetryAfter = c.retry_max_retry_after_ms
        o.requestTimeout = c.request_timeout_ms
        o.renderTimeout = c.render_timeout_ms
        o.randomSeed = c.random_seed
        o.allowInsecureHTTP = c.allow_insecure_http
        if let url = try text(c.inline_url, "inline_url") { o.inlineURL = url }
        if let schemes = try text(c.inline_url_schemes, "inline_url_schemes") { o.inlineURLSchemes = CInline.schemes(schemes) }
        o.inlineCallTimeout = c.inline_call_timeout_ms
        o.inlineRefreshInterval = c.inline_refresh_interval_ms
        return o
    }
}

@_cdecl("frames_engine_export_state")
public func frames_engine_export_state(
    _ handle: OpaquePointer?, _ now: Int64, _ wallClock: Int64, _ outBlob: UnsafeMutablePointer<UnsafePointer<UInt8>?>?,
    _ outLength: UnsafeMutablePointer<UInt>?
) -> frames_result {
    withResult { () throws(FramesError) in
        let entry = try Handles.engine(handle)
        let blobOut = try required(outBlob, "out_blob")
        let lengthOut = try required(outLength, "out_len")
        let blob = try entry.recorded("frames_engine_export_state", nil, { $0.field("now_ms", now); $0.field("wall_clock_ms", wallClock) }) {
            () throws(FramesError) in try entry.engine.exportState(now: now, wallClock: wallClock)
        }
        entry.recordReturn("frames_engine_export_state") { $0.digest("blob", blob) }
        blobOut.pointee = try entry.lend { $0.bytes(blob) }
        lengthOut.pointee = UInt(blob.count)
    }
}

@_cdecl("frames_engine_import_state")
public func frames_engine_import_state(
    _ handle: OpaquePointer?, _ blob: UnsafePointer<UInt8>?, _ blobLength: UInt, _ now: Int64, _ wallClock: Int64
) -> frames_result {
    withResult { () throws(FramesError) in
        let entry = try Handles.engine(handle)
        let length = try elementCount(blobLength, "blob_len", elementSize: 1)
        if length > 0 { _ = try required(blob, "blob") }
        let bytes = blob.map { Array(copyingBytes: $0, count: length) } ?? []
        try entry.recorded("frames_engine_import_state", nil, { line in
            line.body("blob", bytes); line.field("now_ms", now); line.field("wall_clock_ms", wallClock)
        }) { () throws(FramesError) in try entry.engine.importState(bytes, now: now, wallClock: wallClock) }
    }
}

@_cdecl("frames_engine_set_trace_level")
public func frames_engine_set_trace_level(_ handle: OpaquePointer?, _ level: frames_trace_level) -> frames_result {
    withResult { () throws(FramesError) in
        let entry = try Handles.engine(handle)
        try entry.recorded("frames_engine_set_trace_level", nil, { $0.field("level", Int64(level)) }) { () throws(FramesError) in
            guard let traceLevel = TraceLevel(rawValue: level) else {
                throw .invalidArgument("level is \(level); it must be FRAMES_TRACE_LEVEL_OFF (0) ... FRAMES_TRACE_LEVEL_DEBUG (4)")
            }
            entry.engine.traceLevel = traceLevel
        }
    }
}
