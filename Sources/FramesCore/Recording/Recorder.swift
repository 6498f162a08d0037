// Decides: XC-12
/// Writes an engine's recording (XC-12): the public calls with their
/// arguments, what they handed back, the callbacks the engine made and what
/// the host answered, and the pushes the owner thread took in — in the order
/// they happened, so a replay can reproduce them (XC-13).
///
/// Depth: a call the host makes from inside a callback is nested; its line
/// carries `d`, the number of callbacks it is inside. Replay issues it from
/// inside the same callback.
///
/// Owner thread only, like every call it records (XC-02): pushes are
/// recorded when the owner takes them in, never on the notifying thread.
public final class Recorder {
    public let redaction: RecordingRedaction?
    /// Callbacks under way.
    /// Unchecked exclusivity (also `spare`'s): read and written on the
    /// owner thread only, never while an access is under way — and a
    /// runtime check on each line cost as much as writing its bytes.
    @exclusivity(unchecked) public private(set) var depth = 0
    /// Receives each line's bytes, newline included, for the duration of
    /// the call.
    private let sink: (UnsafeBufferPointer<UInt8>) -> Void
    /// Set when this recorder belongs to a replay: lines are compared, and
    /// callbacks are answered from the recording instead of a host.
    public let script: ReplayScript?

    /// A recorder that hands every line to `write`.
    public init(redact: RecordingRedaction.Options, write: @escaping (UnsafeBufferPointer<UInt8>) -> Void) {
        redaction = RecordingRedaction.make(redact)
        sink = write
        script = nil
    }

    /// A replay's recorder: its lines go to `script`, which compares them.
    /// It hides what the recording hid, so that where the engine behaves
    /// the same its lines are the same.
    public init(replaying script: ReplayScript) {
        redaction = RecordingRedaction.make(RecordingRedaction.Options(names: script.header.redacted))
        self.script = script
        // Unretained: the recorder holds the script (`script`) for as long
        // as it holds this closure.
        sink = { [unowned(unsafe) script] in script.compare($0) }
    }

    /// The first line; a replay does not write it (its library may differ).
    public func header(library: String) {
        guard script == nil else { return }
        var line = RecordingLine(redaction: nil)
        line.field("frames_recording", RecordingReader.format)
        line.field("library", library)
        line.field("redacted", redaction?.names ?? [])
        recycle(line.finish(sink))
    }

    public func line(_ kind: StaticString, _ name: String, _ build: (inout RecordingLine) -> Void) {
        var line = begin(kind, name)
        build(&line)
        end(consume line)
    }

    /// A public call, before it runs.
    public func call(_ name: String, _ object: String?, _ build: (inout RecordingLine) -> Void) {
        var line = begin("call", name)
        if let object { line.field("obj", object) }
        build(&line)
        end(consume line)
    }

    /// The memory of the last line written, reused by the next: one line
    /// is written per call and callback, and allocating each one was a
    /// good part of what recording cost (docs/performance.md, "Recording").
    @exclusivity(unchecked) private var spare: LineMemory?

    deinit { spare?.deallocate() }

    private func begin(_ kind: StaticString, _ name: String) -> RecordingLine {
        // Taken, not shared: a line written while this one is (a host's
        // record_write calling in) gets memory of its own.
        let memory = spare
        spare = nil
        return RecordingLine(kind, name, depth: depth, redaction: redaction, memory: memory)
    }

    private func end(_ line: consuming RecordingLine) {
        recycle(line.finish(sink))
    }

    private func recycle(_ memory: LineMemory) {
        if spare == nil { spare = memory } else { memory.deallocate() }
    }

    /// What a call handed back besides success.
    public func returned(_ name: String, _ build: (inout RecordingLine) -> Void) {
        line("ret", name, build)
    }

    /// A call that failed: its code and message.
    public func failed(_ name: String, _ error: FramesError) {
        line("ret", name) { line in
            line.field("code", Int64(error.code.rawValue))
            line.field("message", error.message)
        }
    }

    /// A push the owner thread took in (IM-01), with the time it arrived.
    public func push(_ payload: [UInt8], arrivedAt: Milliseconds) {
        line("push", "message") { line in
            line.field("arrived_ms", arrivedAt)
            line.body("payload", payload)
        }
    }

    /// A callback with no answer. Recording: the line, then `host` (the C
    /// callback) one level deeper. Replay: the line, then the calls the host
    /// made from inside it — the host itself is not called.
    public func callback(_ name: String, _ object: String?, _ build: (inout RecordingLine) -> Void, host: () -> Void) {
        callbackLine(name, object, build)
        depth += 1
        defer { depth -= 1 }
        if let script { script.runCalls(depth: depth) } else { host() }
    }

    private func callbackLine(_ name: String, _ object: String?, _ build: (inout RecordingLine) -> Void) {
        var line = begin("cb", name)
        if let object { line.field("obj", object) }
        build(&line)
        end(consume line)
    }

    /// A callback whose answer decides what the engine does next (URL
    /// opening, can-open, fonts, input, context maps). Recording: the host
    /// answers and the answer is written. Replay: the answer is read from the
    /// recording, and written again to be compared.
    public func callback<Answer>(_ name: String, _ object: String?, _ build: (inout RecordingLine) -> Void,
                                 answer: RecordedAnswer<Answer>, host: () -> Answer) -> Answer {
        var value: Answer
        if let script {
            callback(name, object, build, host: {})
            value = script.answer(name).flatMap(answer.read) ?? answer.fallback
        } else {
            callbackLine(name, object, build)
            depth += 1
            value = host()
            depth -= 1
        }
        line("answer", name) { answer.write(&$0, value) }
        return value
    }
}

/// How a callback's answer is written into a recording and read back.
public struct RecordedAnswer<Answer> {
    public let write: (inout RecordingLine, Answer) -> Void
    public let read: (RecordedLine) -> Answer?
    /// What the engine gets when a replay has no answer (it diverged).
    public let fallback: Answer

    public init(fallback: Answer, write: @escaping (inout RecordingLine, Answer) -> Void,
                read: @escaping (RecordedLine) -> Answer?) {
        self.write = write
        self.read = read
        self.fallback = fallback
    }

    public static var bool: RecordedAnswer<Bool> {
        RecordedAnswer<Bool>(fallback: false, write: { $0.field("value", $1) }, read: { try? $0.bool("value") })
    }

    public static var text: RecordedAnswer<String?> {
        RecordedAnswer<String?>(fallback: nil, write: { $0.field("value", $1) },
                                read: { line in (try? line.optionalString("value")).map { .some($0) } })
    }
}
