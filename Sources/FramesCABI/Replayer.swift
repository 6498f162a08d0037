// Decides: XC-13
import CFrames
import FramesCore

/// Runs a recording again (XC-13) through the same C entry points a host
/// calls: the replay is a host whose every call, time and answer comes from
/// the recording. Its engine records into the script, which compares each
/// line with the recorded one (Sources/FramesCore/Recording/ReplayScript.swift).
final class Replayer {
    let script: ReplayScript
    private(set) var engine: OpaquePointer?
    /// Strings handed to calls live until the replay ends.
    var arena = CArena()
    private let options: frames_engine_options?
    private let explainObject: String?
    private let explainAt: Int64
    private(set) var explanation: String?
    /// The last time the recording passed in, for explain at the end.
    private var latest: Int64 = 0

    convenience init(_ bytes: [UInt8], options: frames_engine_options?, explain object: String?, at time: Int64)
        throws(FramesError) {
    // Checked before the object exists, then a non-throwing initializer:
    // Embedded Swift 6.3.1 leaks an instance whose initializer throws
    // (docs/decisions.md, "Embedded Swift").
        self.init(script: try ReplayScript(bytes), options: options, explain: object, at: time)
    }

    private init(script: ReplayScript, options: frames_engine_options?, explain object: String?, at time: Int64) {
        self.script = script
        self.options = options
        explainObject = object
        explainAt = time
        script.skipsCreationLine = options != nil
        // The script holds the replayer through these hooks and the replayer
        // holds the script: `run` breaks the cycle when it returns.
        script.dispatch = { (line) throws(FramesError) in try self.issue(line) }
        script.deliverPush = { (line) throws(FramesError) in try self.deliver(line) }
        script.beforeCall = { line in self.before(line) }
    }

    /// Runs every recorded call, frees the replay's engine, and reports.
    /// Runs once: it unhooks the replayer from its script.
    func run() throws(FramesError) -> String {
        defer {
            script.dispatch = nil
            script.deliverPush = nil
            script.beforeCall = nil
        }
        script.run()
        if let failure = script.failure {
            freeEngine()
            throw failure
        }
        if explainObject != nil, explanation == nil { explain(at: max(explainAt, latest)) }
        freeEngine()
        return script.report(explanation: explanation)
    }

    private func freeEngine() {
        guard let engine else { return }
        self.engine = nil
        // Not part of the recording when it did not end with a free.
        if (try? Handles.engine(engine)) != nil { script.paused { _ = frames_engine_free(engine) } }
    }

    private func issue(_ line: RecordedLine) throws(FramesError) {
        if let now = line["now_ms"]?.int64Value { latest = max(latest, now) }
        if line.name == "frames_engine_new" { return try makeEngine(line) }
        guard let call = ReplayCalls.table[line.name] else {
            throw .invalidArgument("recording line \(line.number) calls \(line.name), which this library does not know "
                + "(recorded by libframes \(script.header.library))")
        }
        try call(self, line)
    }

    private func makeEngine(_ line: RecordedLine) throws(FramesError) {
        guard engine == nil else {
            throw .invalidArgument("recording line \(line.number) creates a second engine; a recording holds one")
        }
        var c: frames_engine_options
        if let options { c = options } else { c = try CRecording.options(from: line, &arena) }
        c.record_write = nil
        let configuration = try line.body("config")
        // A hidden configuration replays as none: the line cannot match, and
        // what the configuration decided shows up as the first divergence.
        if case .object(let hidden)? = line["config"], hidden["redacted"] != nil { script.skipsCreationLine = true }
        let entry = try? EngineEntry.make(options: c, configuration: configuration, host: HostBridge(nil), wakeup: nil,
                                          recorder: Recorder(replaying: script))
        engine = entry.flatMap { Handles.pointer($0.id) }
    }

    /// The engine's handle; a call recorded after it failed or was freed
    /// gets NULL, and the library's answer to that is compared.
    var engineHandle: OpaquePointer? { engine }

    /// The handle of the object a line names, among the replay engine's.
    func object(_ line: RecordedLine) throws(FramesError) -> OpaquePointer? {
        let name = try line.string("obj")
        guard let engine, let entry = try? Handles.engine(engine) else { return nil }
        let found: UInt64? = Handles.table.withLock { table in
            if let id = entry.frameIds.first(where: { table.frames[$0]?.frame.recordingName == name }) { return id }
            if let id = entry.placeIds.first(where: { table.places[$0]?.place.recordingName == name }) { return id }
            return entry.viewIds.first(where: { table.views[$0]?.object.recordingName == name })
        }
        return found.flatMap { Handles.pointer($0) }
    }

    /// A recorded string as a C string, or NULL for null.
    func text(_ line: RecordedLine, _ key: String) throws(FramesError) -> UnsafePointer<CChar>? {
        try line.optionalString(key).flatMap { arena.string($0) }
    }

    /// A push, handed to the engine's inbox as the notifying thread did.
    private func deliver(_ line: RecordedLine) throws(FramesError) {
        let payload = try line.body("payload")
        let arrived = try line.int("arrived_ms")
        var result: frames_notification_result = 0
        _ = payload.withUnsafeBufferPointer { frames_messages_handle_notification(engine, $0.baseAddress, UInt($0.count), arrived, &result) }
    }

    private func before(_ line: RecordedLine) {
        guard explainObject != nil, explanation == nil else { return }
        // "At the end" is the end of the engine's life: after its free there
        // is nothing left to explain.
        if line.name == "frames_engine_free" { return explain(at: max(explainAt, latest)) }
        guard let now = line["now_ms"]?.int64Value, now > explainAt else { return }
        explain(at: max(explainAt, latest))
    }

    private func explain(at time: Int64) {
        guard let explainObject, let engine, let entry = try? Handles.engine(engine) else {
            explanation = "{\"error\":\"the replay's engine is gone\"}"
            return
        }
        // Explaining is not part of the recording: the engine's recorder
        // must not see it, so it runs with the script paused.
        explanation = script.paused { ReplayExplain.explain(explainObject, entry: entry, now: time) }
    }
}
