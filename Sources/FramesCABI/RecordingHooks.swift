// Decides: XC-12
import CFrames
import FramesCore

// How the C layer writes an engine's recording (XC-12): each shim that may
// change state names itself and its arguments through `recorded`, each
// delegate bridge its callbacks through `CallbackTap`. The recorder itself,
// the line format and the replay's comparison live in
// Sources/FramesCore/Recording.

extension EngineEntry {
    /// Records a call, runs it, and records how it failed — the one way a
    /// shim records. Without a recorder it only runs the body.
    @inline(__always)
    func recorded<R>(_ name: String, _ object: String? = nil, _ arguments: (inout RecordingLine) -> Void = { _ in },
                     _ body: () throws(FramesError) -> R) throws(FramesError) -> R {
        guard let recorder else { return try body() }
        recorder.call(name, object, arguments)
        do {
            return try body()
        } catch {
            recorder.failed(name, error)
            throw error
        }
    }

    /// What a call handed back, when it hands something back.
    @inline(__always)
    func recordReturn(_ name: String, _ build: (inout RecordingLine) -> Void) {
        recorder?.returned(name, build)
    }

    /// A bridge's tap for callbacks about `object` (nil: the engine or a module).
    func tap(_ object: String?) -> CallbackTap? {
        recorder.map { CallbackTap(recorder: $0, object: object) }
    }
}

/// A delegate bridge's view of the recording: the recorder and the object
/// its callbacks are about.
struct CallbackTap {
    let recorder: Recorder
    let object: String?
}

extension Optional where Wrapped == CallbackTap {
    /// Records the callback and runs `host` (the C callback) — or, in a
    /// replay, the calls the host made inside it (XC-13).
    @inline(__always)
    func callback(_ name: String, _ arguments: (inout RecordingLine) -> Void = { _ in }, host: () -> Void) {
        guard let tap = self else { return host() }
        tap.recorder.callback(name, tap.object, arguments, host: host)
    }

    /// The same for a callback whose answer the engine uses: recorded, or
    /// in a replay read back from the recording.
    @inline(__always)
    func callback<Answer>(_ name: String, _ arguments: (inout RecordingLine) -> Void = { _ in },
                          answer: RecordedAnswer<Answer>, host: () -> Answer) -> Answer {
        guard let tap = self else { return host() }
        return tap.recorder.callback(name, tap.object, arguments, answer: answer, host: host)
    }
}

/// The names objects have in a recording and in explain (XC-11, XC-12):
/// their engine-scoped ids, the same in a replay.
protocol RecordingNamed {
    var recordingName: String { get }
}

extension AppFrame: RecordingNamed {
    var recordingName: String { "frame-\(id)" }
}

extension BannerPlace: RecordingNamed {
    var recordingName: String { "banner_place-\(id)" }
}

extension InlineView: RecordingNamed {
    var recordingName: String { viewId }
}

extension ObjectEntry {
    /// `EngineEntry.recorded` for a call on this object.
    @inline(__always)
    func recorded<R>(_ name: String, _ arguments: (inout RecordingLine) -> Void = { _ in },
                     _ body: () throws(FramesError) -> R) throws(FramesError) -> R {
        guard engine.recorder != nil else { return try body() }
        return try engine.recorded(name, recordingName, arguments, body)
    }

    /// The tap for this object's delegate bridge.
    var tap: CallbackTap? { engine.tap(recordingName) }
}

extension RecordingLine {
    /// A delegate handed to frames_*_set_delegate: whether it is set and,
    /// when its version is not the one this library knows, that version —
    /// the call is refused for it, and a replay must hand in the same
    /// version to be refused the same way (XC-13).
    mutating func delegate<C>(_ delegate: UnsafePointer<C>?, version known: Int32) {
        field("set", delegate != nil)
        guard let delegate else { return }
        let version = UnsafeRawPointer(delegate).load(as: UInt32.self)
        if version != UInt32(known) { field("version", UInt64(version)) }
    }

    /// A content error as callbacks report it.
    mutating func error(_ error: ContentError) {
        field("code", Int64(error.code.rawValue))
        field("http_status", Int64(error.httpStatus ?? 0))
        field("message", error.message)
    }
}
