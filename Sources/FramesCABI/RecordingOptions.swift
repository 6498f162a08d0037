// Decides: XC-12
import CFrames
import FramesCore

/// The recording's side of frames_engine_options (XC-12): whether the host
/// asked for one, and the options as its first call records them — every
/// field by its C name, so a replay builds the same struct again (XC-13).
enum CRecording {
    /// A recorder writing to the host's record_write, or nil when none is set.
    static func recorder(for c: frames_engine_options) throws(FramesError) -> Recorder? {
        guard c.version >= 2, let write = c.record_write else { return nil }
        let redact = RecordingRedaction.Options(rawValue: c.record_redact)
        guard RecordingRedaction.Options.known.isSuperset(of: redact) else {
            throw .invalidArgument("record_redact is \(c.record_redact); it must be a combination of "
                + "FRAMES_RECORD_REDACT_USER_IDS (1) and FRAMES_RECORD_REDACT_BODIES (2)")
        }
        let userData = c.record_user_data
        return Recorder(redact: redact) { line in
            line.withUnsafeBufferPointer { buffer in
                buffer.withMemoryRebound(to: CChar.self) { write($0.baseAddress, $0.count, userData) }
            }
        }
    }

    static func options(_ c: frames_engine_options, configuration: [UInt8], into line: inout RecordingLine) {
        func text(_ pointer: UnsafePointer<CChar>?) -> String? { pointer.flatMap { String(validatingCString: $0) } }
        line.field("retry_max_attempts", Int64(c.retry_max_attempts))
        line.field("placements_url", text(c.placements_url))
        line.field("device_id", text(c.device_id))
        line.field("session_id", text(c.session_id))
        line.field("retry_base_delay_ms", c.retry_base_delay_ms)
        line.field("retry_factor", c.retry_factor)
        line.field("retry_max_delay_ms", c.retry_max_delay_ms)
        line.field("retry_jitter", c.retry_jitter)
        line.field("retry_max_retry_after_ms", c.retry_max_retry_after_ms)
        line.field("request_timeout_ms", c.request_timeout_ms)
        line.field("render_timeout_ms", c.render_timeout_ms)
        line.field("random_seed", c.random_seed)
        line.field("allow_insecure_http", c.allow_insecure_http)
        line.field("banners_url", text(c.banners_url))
        line.field("inline_url", text(c.inline_url))
        line.field("inline_url_schemes", text(c.inline_url_schemes))
        line.field("inline_call_timeout_ms", c.inline_call_timeout_ms)
        line.field("inline_refresh_interval_ms", c.inline_refresh_interval_ms)
        line.body("config", configuration)
    }

    /// The recorded options as a struct again; its strings live in `arena`.
    static func options(from line: RecordedLine, _ arena: inout CArena) throws(FramesError) -> frames_engine_options {
        var c = CEngineOptions.defaults
        func text(_ key: String, _ arena: inout CArena) throws(FramesError) -> UnsafePointer<CChar>? {
            try line.optionalString(key).flatMap { arena.string($0) }
        }
        guard let attempts = UInt32(exactly: try line.int("retry_max_attempts")) else {
            throw line.missing("retry_max_attempts", "a 32-bit count")
        }
        c.retry_max_attempts = attempts
        c.placements_url = try text("placements_url", &arena)
        c.device_id = try text("device_id", &arena)
        c.session_id = try text("session_id", &arena)
        c.retry_base_delay_ms = try line.int("retry_base_delay_ms")
        c.retry_factor = try line.double("retry_factor")
        c.retry_max_delay_ms = try line.int("retry_max_delay_ms")
        c.retry_jitter = try line.double("retry_jitter")
        c.retry_max_retry_after_ms = try line.int("retry_max_retry_after_ms")
        c.request_timeout_ms = try line.int("request_timeout_ms")
        c.render_timeout_ms = try line.int("render_timeout_ms")
        c.random_seed = try line.uint("random_seed")
        c.allow_insecure_http = try line.bool("allow_insecure_http")
        c.banners_url = try text("banners_url", &arena)
        c.inline_url = try text("inline_url", &arena)
        c.inline_url_schemes = try text("inline_url_schemes", &arena)
        c.inline_call_timeout_ms = try line.int("inline_call_timeout_ms")
        c.inline_refresh_interval_ms = try line.int("inline_refresh_interval_ms")
        return c
    }
}
